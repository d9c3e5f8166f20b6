import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import QRCode from 'qrcode';
import { INDIAN_SCRIPT, rasterLine } from './raster-text';
import { RECEIPT_CODEPAGE, wrap } from './receipt-text';

/**
 * A receipt being written, over @point-of-sale/receipt-printer-encoder (ESC/POS): every line is
 * laid out here (receipt-text.ts wraps it to the columns of its type size), so the encoder never
 * has to wrap, and each styled line sets its style, prints and resets it before its line feed.
 */

/** Characters a line holds in font A: 58 mm paper 32, 80 mm 48 (shared/printing.ts PAPER_COLUMNS). */
export type Columns = 32 | 48;

export interface LineStyle {
  bold?: boolean;
  invert?: boolean;
  /** Character width and height multipliers (1–2 here). */
  width?: 1 | 2;
  height?: 1 | 2;
  align?: 'left' | 'center' | 'right';
}

/** Lines the paper is fed before a cut, so the last line clears the cutter. */
const FEED_BEFORE_CUT = 4;

/** The largest type a receipt uses for its big lines: double width and height on 80 mm, double height on 58 mm. */
export function largeStyle(columns: Columns): LineStyle {
  return columns === 48 ? { width: 2, height: 2 } : { width: 1, height: 2 };
}

export class ReceiptWriter {
  readonly columns: Columns;
  readonly #encoder: ReceiptPrinterEncoder;

  constructor(columns: Columns) {
    if (columns !== 32 && columns !== 48) throw new RangeError('Columns must be 32 or 48');
    this.columns = columns;
    this.#encoder = new ReceiptPrinterEncoder({
      language: 'esc-pos',
      columns,
      feedBeforeCut: FEED_BEFORE_CUT,
      // LF only: a printer set to treat CR as a line feed would double-space on LF CR.
      newline: '\n',
    });
    this.#encoder.initialize().codepage(RECEIPT_CODEPAGE);
  }

  /** Characters a line holds in a style (half as many in double width). */
  widthIn(style: LineStyle = {}): number {
    return Math.floor(this.columns / (style.width ?? 1));
  }

  /** One line that already fits (longer ones are wrapped rather than cut). */
  line(text: string, style: LineStyle = {}): this {
    const lines = text.length <= this.widthIn(style) ? [text] : wrap(text, this.widthIn(style));
    for (const line of lines) this.#styled(line, style);
    return this;
  }

  /** Several lines in one style. */
  lines(lines: readonly string[], style: LineStyle = {}): this {
    for (const line of lines) this.line(line, style);
    return this;
  }

  /** A printable text wrapped between words to the width of its style. */
  paragraph(text: string, style: LineStyle = {}, indent = ''): this {
    return this.lines(wrap(text, this.widthIn(style), { indent }), style);
  }

  /** An empty line. */
  blank(): this {
    this.#encoder.newline();
    return this;
  }

  /** A line across the paper. */
  rule(style: 'single' | 'double' = 'single'): this {
    this.#encoder.rule({ style });
    return this;
  }

  /**
   * A QR code, centred, in the largest module size (up to 8 dots) that fits the paper with its
   * quiet zone: the printer draws the same symbol (model 2, error correction M) from the data.
   */
  qrcode(data: string): this {
    const modules = QRCode.create(data, { errorCorrectionLevel: 'M' }).modules.size;
    const dots = this.#encoder.printableWidth;
    let size = 8;
    while (size > 1 && (modules + 8) * size > dots) size -= 1;
    this.#encoder.align('center').qrcode(data, { model: 2, size, errorlevel: 'm' }).align('left');
    return this;
  }

  /** Kicks the cash drawer (pin 2, the encoder's default pulse). */
  pulse(): this {
    this.#encoder.pulse();
    return this;
  }

  /** Feeds the paper past the cutter and cuts it (a full cut). */
  cut(): this {
    this.#encoder.cut();
    return this;
  }

  /** The bytes written so far. */
  encode(): Uint8Array {
    return this.#encoder.encode();
  }

  #styled(text: string, style: LineStyle): void {
    if (INDIAN_SCRIPT.test(text)) {
      this.#picture(text, style);
      return;
    }
    const encoder = this.#encoder;
    const width = style.width ?? 1;
    const height = style.height ?? 1;
    encoder.align(style.align ?? 'left');
    if (style.bold) encoder.bold(true);
    if (style.invert) encoder.invert(true);
    if (width !== 1 || height !== 1) encoder.size(width, height);
    encoder.text(text);
    if (width !== 1 || height !== 1) encoder.size(1, 1);
    if (style.invert) encoder.invert(false);
    if (style.bold) encoder.bold(false);
    encoder.newline();
    if (style.align && style.align !== 'left') encoder.align('left');
  }

  /**
   * A line in an Indian script, which no code page has: drawn as a picture the width of the
   * paper (raster-text.ts) and printed with the raster image command, GS v 0.
   */
  #picture(text: string, style: LineStyle): void {
    const line = rasterLine(
      text,
      { paperDots: this.#encoder.printableWidth, columns: this.columns },
      style,
    );
    const data = new Uint8ClampedArray(line.width * line.height * 4);
    line.dots.forEach((dot, index) => {
      const value = dot ? 0 : 255;
      data.fill(value, index * 4, index * 4 + 3);
      data[index * 4 + 3] = 255;
    });
    this.#encoder.image(
      { data, width: line.width, height: line.height },
      { width: line.width, height: line.height, mode: 'raster' },
    );
  }
}

/** Joins the bytes of several receipts (copies, a KOT's parts) into one job. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

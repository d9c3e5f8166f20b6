import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';

/**
 * Test support: ESC/POS bytes read back as readable lines, for the golden files and the tests'
 * checks (docs/printing.md, "ESC/POS"). It knows exactly the commands our receipts send (what
 * @point-of-sale/receipt-printer-encoder emits for them) and throws on any other byte, so a
 * command that starts to appear unexpectedly fails the tests.
 *
 * The dump: commands in brackets, those that follow each other on one line together
 * (`[bold on][size 2x2]`, `[qr model2 size6 ec m] upi://pay?...`, `[pulse]`, `[cut]`); each
 * printed line as its text (trailing spaces left out; leading spaces are the alignment's
 * padding, printed in normal width, so a double-width line looks half as wide as it prints);
 * an empty line for a line feed that prints nothing. Style commands that fall inside a line's
 * padding are shown before the line.
 */

/** ESC t n: the code pages of Epson's table that the decoder reads. */
const CODEPAGES: Record<number, Codepage> = { 0: 'cp437' };

export interface PrintedLine {
  /** The characters printed, as text. */
  text: string;
  /** Columns the line takes: each character times its width multiplier. */
  columns: number;
}

export interface EscposDump {
  /** The readable dump (the golden file's lines). */
  lines: string[];
  /** The printed text lines (not the empty ones). */
  printed: PrintedLine[];
  /** The data of each QR code printed. */
  qrcodes: string[];
  /** Each picture printed (a line in an Indian script), as rows of '#' (black) and ' '. */
  images: string[][];
  cuts: number;
  pulses: number;
}

type Token = { kind: 'command'; text: string } | { kind: 'text'; text: string; columns: number };

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;
const CR = 0x0d;

const onOff = (n: number | undefined) => (n ? 'on' : 'off');

export function dumpEscpos(bytes: Uint8Array): EscposDump {
  const out: EscposDump = { lines: [], printed: [], qrcodes: [], images: [], cuts: 0, pulses: 0 };
  let codepage: number[] | null = null;
  let widthFactor = 1;
  let tokens: Token[] = [];
  /** The line holds a QR code, a pulse or a cut: its line feed is no empty line. */
  let block = false;
  const qr = { model: 2, size: 3, ec: 'm', data: '' };

  const command = (text: string) => tokens.push({ kind: 'command', text });

  const endLine = (feed: boolean) => {
    const textTokens = tokens.filter((token) => token.kind === 'text');
    const text = textTokens.map((token) => token.text).join('');
    const commands = (list: Token[]) => {
      const joined = list.map((token) => (token.kind === 'command' ? token.text : '')).join('');
      if (joined) out.lines.push(joined);
    };
    if (text.trim() === '') {
      commands(tokens);
      if (feed && !block) out.lines.push('');
    } else {
      const lastText = tokens.findLastIndex((token) => token.kind === 'text');
      const firstPrinted = tokens.findIndex((token) => token.kind === 'text' && token.text.trim());
      // Commands among the leading padding go before the line; those inside it stay inline.
      const lead = tokens.slice(0, firstPrinted);
      const before = lead.filter((token) => token.kind === 'command');
      const padding = lead.map((token) => (token.kind === 'text' ? token.text : '')).join('');
      const middle =
        padding +
        tokens
          .slice(firstPrinted, lastText + 1)
          .map((token) => token.text)
          .join('');
      commands(before);
      out.lines.push(middle.trimEnd());
      commands(tokens.slice(lastText + 1));
      out.printed.push({
        text,
        columns: textTokens.reduce((total, token) => total + token.columns, 0),
      });
    }
    tokens = [];
    block = false;
  };

  let i = 0;
  const at = (offset: number) => {
    const value = bytes[i + offset];
    if (value === undefined) throw new Error(`ESC/POS ends inside a command at byte ${i}`);
    return value;
  };

  while (i < bytes.length) {
    const byte = at(0);
    if (byte === LF) {
      endLine(true);
      i += 1;
    } else if (byte === CR) {
      i += 1;
    } else if (byte === ESC) {
      const code = at(1);
      if (code === 0x40) {
        command('[init]');
        codepage = null;
        widthFactor = 1;
        i += 2;
      } else if (code === 0x4d) {
        command(`[font ${String.fromCharCode(0x41 + at(2))}]`);
        i += 3;
      } else if (code === 0x74) {
        const name = CODEPAGES[at(2)];
        if (!name) throw new Error(`Unknown code page ${at(2)} at byte ${i}`);
        codepage = CodepageEncoder.getEncoding(name).codepoints;
        command(`[codepage ${name}]`);
        i += 3;
      } else if (code === 0x45) {
        command(`[bold ${onOff(at(2))}]`);
        i += 3;
      } else if (code === 0x2d) {
        command(`[underline ${onOff(at(2))}]`);
        i += 3;
      } else if (code === 0x34) {
        command(`[italic ${onOff(at(2))}]`);
        i += 3;
      } else if (code === 0x61) {
        command(`[align ${['left', 'center', 'right'][at(2)] ?? at(2)}]`);
        i += 3;
      } else if (code === 0x32) {
        command('[line spacing default]');
        i += 2;
      } else if (code === 0x33) {
        command(`[line spacing ${at(2)}]`);
        i += 3;
      } else if (code === 0x70) {
        command('[pulse]');
        out.pulses += 1;
        block = true;
        i += 5;
      } else {
        throw new Error(`Unknown ESC command 0x${code.toString(16)} at byte ${i}`);
      }
    } else if (byte === GS) {
      const code = at(1);
      if (code === 0x21) {
        const n = at(2);
        widthFactor = (n >> 4) + 1;
        command(`[size ${widthFactor}x${(n & 0x0f) + 1}]`);
        i += 3;
      } else if (code === 0x42) {
        command(`[invert ${onOff(at(2))}]`);
        i += 3;
      } else if (code === 0x56) {
        command(at(2) === 1 ? '[cut partial]' : '[cut]');
        out.cuts += 1;
        block = true;
        i += 3;
      } else if (code === 0x28 && at(2) === 0x6b) {
        const length = at(3) + at(4) * 256;
        const cn = at(5);
        const fn = at(6);
        if (cn !== 0x31) throw new Error(`Unknown 2D code (cn ${cn}) at byte ${i}`);
        const params = bytes.slice(i + 7, i + 5 + length);
        if (fn === 0x41) qr.model = (params[0] ?? 0x32) - 0x30;
        else if (fn === 0x43) qr.size = params[0] ?? 3;
        else if (fn === 0x45) qr.ec = 'lmqh'[(params[0] ?? 0x31) - 0x30] ?? '?';
        else if (fn === 0x50) qr.data = String.fromCharCode(...params.slice(1));
        else if (fn === 0x51) {
          command(`[qr model${qr.model} size${qr.size} ec ${qr.ec}] ${qr.data}`);
          out.qrcodes.push(qr.data);
          block = true;
        } else throw new Error(`Unknown QR function ${fn} at byte ${i}`);
        i += 5 + length;
      } else if (code === 0x76 && at(2) === 0x30) {
        // GS v 0 m xL xH yL yH d1…dk: a raster image, (xL + xH·256) bytes a row.
        const rowBytes = at(4) + at(5) * 256;
        const rows = at(6) + at(7) * 256;
        const data = bytes.slice(i + 8, i + 8 + rowBytes * rows);
        if (data.length !== rowBytes * rows) throw new Error(`Image ends early at byte ${i}`);
        // Our pictures are lines of text, far below the 255 rows the encoder puts in one command.
        const art = pictureRows(data, rowBytes, rows);
        out.images.push(art);
        endLine(false);
        out.lines.push(`[image ${rowBytes * 8}x${rows}]`, ...art.map((line) => `|${line}`));
        block = true;
        i += 8 + data.length;
      } else {
        throw new Error(`Unknown GS command 0x${code.toString(16)} at byte ${i}`);
      }
    } else if (byte === FS) {
      if (at(1) !== 0x2e) throw new Error(`Unknown FS command at byte ${i}`);
      command('[single-byte characters]');
      i += 2;
    } else if (byte < 0x20 || byte === 0x7f) {
      throw new Error(`Unexpected control byte 0x${byte.toString(16)} at byte ${i}`);
    } else {
      let text = '';
      while (i < bytes.length && (bytes[i] ?? 0) >= 0x20 && bytes[i] !== 0x7f) {
        const value = bytes[i] ?? 0;
        // Before a code page is chosen only ASCII is sent (the encoder's alignment padding).
        if (value >= 0x80 && !codepage)
          throw new Error(`Byte 0x${value.toString(16)} before a code page`);
        text += String.fromCodePoint(codepage?.[value] ?? value);
        i += 1;
      }
      tokens.push({ kind: 'text', text, columns: text.length * widthFactor });
    }
  }
  if (tokens.length) endLine(false);
  return out;
}

/**
 * A raster image as text: each character two dots across and two down ('#' when any is black),
 * cut to the columns and rows that hold ink, so a line of Hindi reads as its shapes.
 */
function pictureRows(data: Uint8Array, rowBytes: number, rows: number): string[] {
  const black = (x: number, y: number) =>
    y < rows && x < rowBytes * 8 && ((data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
  const art: string[] = [];
  for (let y = 0; y < rows; y += 2) {
    let line = '';
    for (let x = 0; x < rowBytes * 8; x += 2) {
      line += black(x, y) || black(x + 1, y) || black(x, y + 1) || black(x + 1, y + 1) ? '#' : ' ';
    }
    art.push(line.trimEnd());
  }
  while (art.length && art[0] === '') art.shift();
  while (art.length && art.at(-1) === '') art.pop();
  const left = Math.min(
    ...art.filter(Boolean).map((line) => line.length - line.trimStart().length),
  );
  return art.map((line) => line.slice(Number.isFinite(left) ? left : 0));
}

/** The dump as the golden file holds it. */
export function dumpText(bytes: Uint8Array): string {
  return `${dumpEscpos(bytes).lines.join('\n')}\n`;
}

import CodepageEncoder from '@point-of-sale/codepage-encoder';
import { formatInr } from '../../../../shared/money';
import { INDIAN_SCRIPT } from './raster-text';

/**
 * Text for thermal receipts (docs/printing.md, "ESC/POS"): what any name becomes on paper, money
 * without the rupee sign, and lines wrapped to a printer's columns. Pure functions; the bytes
 * are made by receipt-writer.ts.
 *
 * Receipts print in code page 437 (page 0 of every ESC/POS printer). No ESC/POS code page has
 * the rupee sign U+20B9 (none of @point-of-sale/codepage-encoder's pages does), so money prints
 * as `Rs.`; a character the page lacks would print as '?' for each UTF-16 unit, so `printable`
 * keeps India's scripts (printed as pictures: raster-text.ts) and turns a run of anything else
 * it cannot print (an emoji) into one '?'.
 */

/** The code page receipts are printed in. */
export const RECEIPT_CODEPAGE = 'cp437' as const;

/** Code points cp437 prints: its glyphs at 0x20–0x7E and 0x80–0xFE (controls and NBSP left out). */
const PRINTABLE = new Set(
  CodepageEncoder.getEncoding(RECEIPT_CODEPAGE).codepoints.filter(
    (_codepoint, byte) => (byte >= 0x20 && byte < 0x7f) || (byte >= 0x80 && byte < 0xff),
  ),
);

/** Characters our own texts and Intl produce that have a plain equivalent. */
const REPLACEMENTS: [RegExp, string][] = [
  [/₹\s*/g, 'Rs. '],
  [/[\u2212\u2010-\u2015]/g, '-'],
  [/[\u00d7]/g, 'x'],
  [/[\u2018\u2019\u201a\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u2033]/g, '"'],
  [/\u2026/g, '...'],
  [/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' '],
  // Zero-width characters print nothing (ZWNJ and ZWJ shape Indian scripts: kept beside them).
  [/[\u200b\u2060\ufeff]/g, ''],
];

/** A letter or sign of India's scripts, or the joiners that shape them (ZWNJ, ZWJ). */
const INDIAN_OR_JOINER = /[\u0900-\u0d7f\u200c\u200d]/u;

function isPrintable(char: string): boolean {
  return PRINTABLE.has(char.codePointAt(0) ?? -1);
}

/**
 * Any text as the receipt can print it: one line (newlines become spaces; callers split lines
 * first), '₹' as 'Rs.', dashes, quotes and spaces plain, accents kept where cp437 has them and
 * dropped where it does not ('Ṭikkā' → 'Tikka'), letters of India's scripts kept (the writer
 * prints their line as a picture: raster-text.ts), and each run of what neither can print (an
 * emoji, Chinese) as one '?': 'Paneer 🔥🔥' → 'Paneer ?'.
 */
export function printable(text: string): string {
  let out = text.normalize('NFC').replace(/\r\n|\r|\n/g, ' ');
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  const indian = INDIAN_SCRIPT.test(out);
  const chars: string[] = [];
  let unprintable = false;
  for (const char of out) {
    if (isPrintable(char) || (indian && INDIAN_OR_JOINER.test(char))) {
      chars.push(char);
      unprintable = false;
      continue;
    }
    // Control characters and joiners outside Indian text are dropped; a letter cp437 lacks may
    // still print without its accent.
    if (/[\p{Cc}\u200c\u200d]/u.test(char)) continue;
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    if (base !== '' && [...base].every(isPrintable)) {
      chars.push(base);
      unprintable = false;
      continue;
    }
    // A combining mark after an unprintable letter, or the next letter of the same run.
    if (unprintable) continue;
    // Spaces between two unprintable words join the run ('你好 世界' is one '?').
    while (chars.length >= 2 && chars.at(-1) === ' ' && chars.at(-2) === '?') chars.pop();
    if (chars.at(-1) === '?') {
      unprintable = true;
      continue;
    }
    chars.push('?');
    unprintable = true;
  }
  return chars.join('').replace(/ {2,}/g, ' ').trim();
}

/** Each line of a text that may hold newlines (an address, the footer), printable, empty ones left out. */
export function printableLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map(printable)
    .filter((line) => line !== '');
}

/** Paise as rupees with Indian grouping and no sign of currency: 12345600 → '1,23,456.00'. */
export function amount(paise: number): string {
  return formatInr(paise).replace('₹', '');
}

/** Paise as rupees for the receipt: 12345600 → 'Rs. 1,23,456.00', -500 → '-Rs. 5.00'. */
export function rupees(paise: number): string {
  return printable(formatInr(paise));
}

/** A signed amount (the round-off): '+0.40', '-0.49', '0.00'. */
export function signedAmount(paise: number): string {
  return `${paise > 0 ? '+' : ''}${amount(paise)}`;
}

export interface WrapOptions {
  /** Put before the first line (counted in the width). */
  indent?: string;
  /** Put before every further line; the indent by default. */
  hanging?: string;
}

/**
 * Words wrapped to `width` characters: lines break between words, a word longer than a line
 * is cut (the only time a word is), newlines in the text start new lines. The text must be
 * printable already. An empty text is no line at all.
 */
export function wrap(text: string, width: number, options: WrapOptions = {}): string[] {
  const indent = options.indent ?? '';
  const hanging = options.hanging ?? indent;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(' ').filter((word) => word !== '');
    let line = '';
    const prefix = () => (lines.length === 0 ? indent : hanging);
    const room = () => Math.max(1, width - prefix().length);
    for (let word of words) {
      if (line !== '' && line.length + 1 + word.length <= room()) {
        line += ` ${word}`;
        continue;
      }
      if (line !== '') lines.push(prefix() + line);
      while (word.length > room()) {
        lines.push(prefix() + word.slice(0, room()));
        word = word.slice(room());
      }
      line = word;
    }
    if (line !== '') lines.push(prefix() + line);
  }
  return lines;
}

/**
 * A label and its value on one line, the value at the right edge ('Subtotal      1,000.00'). A
 * label too long for the line wraps beside the value; when even that leaves too little room, the
 * label takes whole lines and the value goes right-aligned on the line after it.
 */
export function row(label: string, value: string, width: number): string[] {
  const room = width - value.length - 1;
  if (label.length <= room)
    return [label + ' '.repeat(width - label.length - value.length) + value];
  if (room >= 12) {
    const labelLines = wrap(label, room, { hanging: '  ' });
    const first = labelLines[0] ?? '';
    return [
      first + ' '.repeat(width - first.length - value.length) + value,
      ...labelLines.slice(1),
    ];
  }
  return [
    ...wrap(label, width, { hanging: '  ' }),
    ...wrap(value, width).map((line) => line.padStart(width)),
  ];
}

/** Right-aligns a text in `width` characters (or leaves it as it is when longer). */
export function right(text: string, width: number): string {
  return text.padStart(width);
}

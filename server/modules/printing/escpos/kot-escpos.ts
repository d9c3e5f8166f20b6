import { formatDisplayDateTime } from '../../../../shared/dates';
import { MAX_COPIES } from '../../../../shared/printing';
import type { Kot, KotItem, KotPart } from '../../../../shared/schemas/kitchen.schemas';
import { printable, wrap } from './receipt-text';
import {
  ReceiptWriter,
  concatBytes,
  largeStyle,
  type Columns,
  type LineStyle,
} from './receipt-writer';

/**
 * A KOT on a kitchen printer (docs/printing.md, "ESC/POS"; the browser's print is
 * web/features/tables/components/kot-print.tsx): each part (station) its own page in large
 * type: the station, the KOT number, the table, the time and who sent it, each item with its
 * quantity, then its variant, add-ons and note; CANCELLED items marked, REPRINT on a reprint.
 */

export interface KotEscposInput {
  kot: Kot;
  /** The parts to print, by id (in the KOT's order); null: every part. */
  ticketIds: string[] | null;
  columns: Columns;
  /** Printed again: REPRINT at the top. */
  reprint: boolean;
  /** 1–5 pages of each part, one after the other. */
  copies: number;
  /** The branch's time zone, for the time it was sent. */
  timeZone: string;
}

/** What a KOT page says (web/features/tables/kot-text.ts's words). */
export const KOT_RECEIPT_TEXT = {
  reprint: 'REPRINT',
  kot: (number: number) => `KOT ${number}`,
  void: 'VOID',
  table: (label: string) => `Table ${label}`,
  sentBy: (name: string) => `Sent by ${name}`,
  cancelled: 'CANCELLED',
  items: (count: number) => (count === 1 ? '1 item' : `${count} items`),
  cancelledCount: (count: number) => `${count} cancelled`,
} as const;

const T = KOT_RECEIPT_TEXT;

/** The KOT's ESC/POS bytes: each chosen part `copies` times, each page cut. Nothing when no part is chosen. */
export function kotEscpos(input: KotEscposInput): Uint8Array {
  if (!Number.isInteger(input.copies) || input.copies < 1 || input.copies > MAX_COPIES) {
    throw new RangeError(`Copies must be a whole number from 1 to ${MAX_COPIES}`);
  }
  const chosen = input.ticketIds === null ? null : new Set(input.ticketIds);
  const pages: Uint8Array[] = [];
  for (const part of input.kot.tickets) {
    if (chosen && !chosen.has(part.id)) continue;
    const page = kotPage(input, part);
    for (let copy = 0; copy < input.copies; copy += 1) pages.push(page);
  }
  return concatBytes(pages);
}

function kotPage(input: KotEscposInput, part: KotPart): Uint8Array {
  const { kot, columns } = input;
  const w = new ReceiptWriter(columns);
  const big: LineStyle = { width: 2, height: 2, bold: true, align: 'center' };
  if (input.reprint) w.line(` ${T.reprint} `, { ...big, invert: true });
  w.paragraph(printable(part.stationName), big);
  w.paragraph(`${T.kot(kot.number)}${kot.reason === 'void' ? ` ${T.void}` : ''}`, big);
  w.paragraph(printable(T.table(kot.tableLabel)), big);
  w.paragraph(printable(formatDisplayDateTime(new Date(kot.sentAt), input.timeZone)), {
    align: 'center',
  });
  w.paragraph(printable(T.sentBy(kot.sentByName)), { align: 'center' });
  w.rule('double');
  for (const item of part.items) itemLines(w, item);
  w.rule('double');
  const count = (cancelled: boolean) =>
    part.items
      .filter((item) => item.cancelled === cancelled)
      .reduce((total, item) => total + item.quantity, 0);
  const summary = [
    count(false) > 0 || count(true) === 0 ? T.items(count(false)) : null,
    count(true) > 0 ? T.cancelledCount(count(true)) : null,
  ];
  w.line(summary.filter((text) => text !== null).join(', '), { align: 'right' });
  return w.cut().encode();
}

/** "2 x Paneer Tikka" large (the name wrapped under itself), its choices and note under it. */
function itemLines(w: ReceiptWriter, item: KotItem): void {
  const style: LineStyle = { ...largeStyle(w.columns), bold: true };
  const quantity = `${item.quantity} x `;
  const prefix = item.cancelled ? `${T.cancelled} ${quantity}` : quantity;
  const room = w.widthIn(style);
  const hanging = ' '.repeat(Math.min(quantity.length, 6));
  const lines = wrap(`${prefix}${printable(item.name)}`, room, { hanging });
  if (item.cancelled) w.lines(lines, { ...style, invert: true });
  else w.lines(lines, style);
  const details: string[] = [];
  if (item.variantName && !item.name.includes(`(${item.variantName})`)) {
    details.push(printable(item.variantName));
  }
  if (item.addons.length)
    details.push(printable(`+ ${item.addons.map((addon) => addon.name).join(', ')}`));
  for (const detail of details) w.paragraph(detail, { height: 2 }, '    ');
  if (item.note) w.paragraph(printable(`** ${item.note} **`), { bold: true, height: 2 }, '    ');
}

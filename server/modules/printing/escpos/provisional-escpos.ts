import { businessDate, formatDisplayDate, formatDisplayTime } from '../../../../shared/dates';
import type { ProvisionalPrint } from '../../../../shared/schemas/bill-print.schemas';
import { INVOICE_TEXT as T } from '../../../../shared/invoice-text';
import { itemsAndTotals, sellerBlock, upiBlock } from './bill-escpos';
import { printable, printableLines, row } from './receipt-text';
import { ReceiptWriter, type Columns } from './receipt-writer';

/**
 * A table's provisional bill on a thermal printer (docs/printing.md, "Provisional bill"): the
 * guest asks for the bill, it prints at the counter with the UPI QR of its exact total, the guest
 * checks it and pays. The same figures as the provisional bill's printout (computeBill with the
 * branch's current tax profile, as the payment will bill them), headed PROVISIONAL BILL and "not
 * a tax invoice" (the tax invoice, with its number, is issued on payment: CGST rule 46), and a
 * reprint says which print of the open order it is.
 */
export interface ProvisionalEscposInput {
  provisional: ProvisionalPrint;
  columns: Columns;
  /** `upi://pay` of the grand total (shared/upi.ts), or null without the branch's UPI id. */
  upiUri: string | null;
  /** The branch's footer (may hold newlines), centred; null prints none. */
  footer: string | null;
}

export function provisionalEscpos({
  provisional,
  columns,
  upiUri,
  footer,
}: ProvisionalEscposInput): Uint8Array {
  const { bill, printNumber } = provisional;
  const w = new ReceiptWriter(columns);
  w.line(T.provisionalHeading, { align: 'center', bold: true, height: 2 });
  w.line(T.provisionalNote.toUpperCase(), { align: 'center', bold: true });
  if (printNumber > 1) {
    w.line(` ${T.provisionalPrint(printNumber)} `, { align: 'center', bold: true, invert: true });
  }
  sellerBlock(w, bill.seller);

  w.rule();
  const instant = new Date(bill.at);
  w.lines(row(T.date, printable(formatDisplayDate(businessDate(instant, bill.timeZone))), columns));
  w.lines(row(T.time, printable(formatDisplayTime(instant, bill.timeZone)), columns));
  w.lines(row(T.table, printable(bill.tableLabel), columns));
  itemsAndTotals(w, bill);
  if (upiUri) upiBlock(w, upiUri);
  w.blank();
  w.paragraph(T.provisionalFooter, { align: 'center', bold: true });
  for (const line of footer === null ? [] : printableLines(footer)) {
    w.paragraph(line, { align: 'center' });
  }
  return w.cut().encode();
}

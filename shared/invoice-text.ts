import { formatInr } from './money';

/**
 * The words of a printed bill that the HTML printout (web/features/billing/billing-text.ts) and
 * the thermal receipt (server/modules/printing/escpos/bill-escpos.ts) share, so both say the
 * same thing (docs/gst.md, docs/printing.md).
 */
export const INVOICE_TEXT = {
  provisionalHeading: 'PROVISIONAL BILL',
  provisionalNote: 'not a tax invoice',
  provisionalFooter: 'This is not a tax invoice. The tax invoice is issued on payment.',
  /** A provisional bill printed again for the same open order: its print number. */
  provisionalPrint: (n: number) => `REPRINT - print ${n}`,
  duplicate: 'DUPLICATE',
  duplicateNote: 'Reprint of the original bill',
  cancelled: 'CANCELLED',
  cancelledBy: (at: string, by: string | null) => `on ${at}${by ? ` by ${by}` : ''}`,
  phone: 'Phone',
  gstin: 'GSTIN',
  fssai: 'FSSAI Lic. No.',
  billNo: 'Bill No.',
  date: 'Date',
  time: 'Time',
  table: 'Table',
  billTo: 'Bill to',
  outsideGstLines: 'Outside GST (not taxed under GST)',
  /**
   * A complimentary line (docs/complimentary.md): billed at 0.00, outside the taxable value, with
   * its reason and its value at the menu's price (`menuValue` formatted for the paper).
   */
  complimentary: (reason: string, menuValue: string) =>
    `Complimentary (${reason}), menu ${menuValue}`,
  taxableValue: 'Taxable value',
  outsideGst: 'Outside GST',
  serviceCharge: (percent: string) => `Service charge (${percent} %)`,
  cgst: 'CGST',
  sgst: 'SGST',
  roundOff: 'Round off',
  amountDue: 'Amount due',
  balanceDue: 'Balance due',
  taxSummary: 'Tax summary',
  totalTax: 'Total tax',
  serviceChargeTax: (rate: string) => `incl. in GST ${rate} % above`,
  inclusiveNote: 'Prices include GST.',
  cashier: 'Cashier',
  // An equal split's part (docs/gst.md, "Equal split"): amounts as the caller formats them.
  shareOf: (fraction: string, quantity: number, rate: string, whole: string) =>
    `${fraction} share of ${quantity} x ${rate} = ${whole}`,
  shareBalance: (fraction: string, whole: string, parts: number, share: string) =>
    `${fraction} share: the balance of ${whole} after ${parts} x ${share}`,
  splitDifference: 'Split difference',
  splitWhole: (parts: number, total: string) =>
    `The ${parts} parts add up to the whole bill, ${total}`,
} as const;

/**
 * What a bill's discount was made of, for its label: "10%", "₹50.00" or "10% + ₹50.00" (a flat
 * ₹ discount besides the percentage, issue 30). `percent` is the percentage as text ("10").
 */
export function discountParts(
  percent: string,
  discountBps: number,
  flatPaise: number,
  /** '%' on screen and paper, ' %' on the thermal printer's narrower text. */
  sign = '%',
): string {
  if (flatPaise <= 0) return `${percent}${sign}`;
  const flat = formatInr(flatPaise);
  return discountBps > 0 ? `${percent}${sign} + ${flat}` : flat;
}

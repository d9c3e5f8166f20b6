/**
 * The words of a printed bill that the HTML printout (web/features/billing/billing-text.ts) and
 * the thermal receipt (server/modules/printing/escpos/bill-escpos.ts) share, so both say the
 * same thing (docs/gst.md, docs/printing.md).
 */
export const INVOICE_TEXT = {
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

/** Words shared by the report screens. */
export const REPORT_TEXT = {
  showing: (first: number, last: number, total: number) =>
    `${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')}`,
  pageSize: 'Rows per page',
  exportFailed: 'The CSV could not be exported',
  netSales: 'Net sales',
  netSalesHint: 'Taxable value, outside GST and service charge: total less tax and round-off',
  tax: 'Tax',
  taxHint: 'GST collected: CGST + SGST',
} as const;

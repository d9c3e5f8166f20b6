/** Words shared by the report screens. */
export const REPORT_TEXT = {
  showing: (first: number, last: number, total: number) =>
    `${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')}`,
  pageSize: 'Rows per page',
  exportFailed: 'The CSV could not be exported',
} as const;

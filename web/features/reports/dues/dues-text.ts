/** What the dues report says beyond the spec's own strings (those are in shared/messages.ts). */
export const DUES_TEXT = {
  title: 'Due Payment Report',
  search: 'Search',
  searchPlaceholder: 'Table number, method or responsible',
  billNumber: (number: string) => `Bill ${number}`,
  outstanding: (amount: string, bills: number) =>
    `${amount} outstanding on ${bills === 1 ? '1 bill' : `${bills.toLocaleString('en-IN')} bills`}`,
  loading: 'Loading dues...',
  loadFailed: 'The dues could not be loaded.',
  emptySearchHint: (search: string) => `Nothing matches “${search}”.`,
  emptyHint: 'Bills paid as Due appear here until they are settled.',
  views: 'Show dues',
  byBill: 'Bills',
  byPerson: 'By responsible person',
  rowsCaption: 'Due bills, newest first',
  columns: {
    table: 'Table Number',
    // The spec's columns, named for what they hold: the lines before GST, the bill after it.
    total: 'Total (before GST)',
    discountedTotal: 'Discounted Total (after GST)',
    method: 'Payment Method',
    status: 'Payment Status',
    responsible: 'Responsible',
    time: 'Time',
    actions: 'Actions',
  },
  owed: (amount: string) => `${amount} owed`,
  groupsCaption: 'Who owes how much, largest first',
  groupBills: (bills: number) =>
    bills === 1 ? '1 bill' : `${bills.toLocaleString('en-IN')} bills`,
  since: (when: string) => `since ${when}`,
  showBillsOf: (name: string) => `Show the bills of ${name}`,
  // The Update Payment popup.
  markSettled: (table: string, owed: string, name: string) =>
    `Mark the bill of ${table} as Settled: ${owed} received from ${name}.`,
  method: 'Payment Method',
  updateFailed: 'The payment could not be updated',
} as const;

import { formatDisplayDate } from '../../../../shared/dates';

/** What the void report says. */
export const VOIDS_TEXT = {
  title: 'Void Report',
  exportCsv: 'Export to CSV',
  range: (from: string, to: string) =>
    from === to ? formatDisplayDate(from) : `${formatDisplayDate(from)} – ${formatDisplayDate(to)}`,
  loading: 'Loading void report...',
  loadFailed: 'The void report could not be loaded.',
  voids: 'Voids',
  items: 'Items voided',
  value: 'Value voided',
  valueHint: 'Price × quantity of the items taken off',
  itemsOn: (voids: number) =>
    voids === 1 ? 'in 1 void' : `in ${voids.toLocaleString('en-IN')} voids`,
  empty: 'No voids in this range.',
  emptyHint:
    'A void is an item taken off an order after it was sent to the kitchen, with a manager’s PIN.',
  byDay: 'By day',
  byReason: 'By reason',
  byRequester: 'Asked by',
  byApprover: 'Approved by',
  groupDetail: (voids: number, items: number) =>
    `${voids} ${voids === 1 ? 'void' : 'voids'} · ${items} ${items === 1 ? 'item' : 'items'}`,
  rowsCaption: 'Voids, newest first',
  columns: {
    when: 'Date',
    table: 'Table Number',
    item: 'Item Name',
    quantity: 'Quantity',
    value: 'Value',
    reason: 'Reason',
    askedBy: 'Asked by',
    approvedBy: 'Approved by',
  },
  people: (askedBy: string, approvedBy: string) => `${askedBy} · approved by ${approvedBy}`,
} as const;

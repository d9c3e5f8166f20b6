import { formatDisplayDate } from '../../../../shared/dates';

/** What the complimentary report says (docs/complimentary.md). */
export const NC_REPORT_TEXT = {
  title: 'Complimentary Report',
  range: (from: string, to: string) =>
    from === to ? formatDisplayDate(from) : `${formatDisplayDate(from)} – ${formatDisplayDate(to)}`,
  items: 'Items given',
  valueTotal: 'Menu value',
  valueHint: 'At menu prices, not taxed',
  byReason: 'By reason',
  byPerson: 'By who gave',
  byApprover: 'By who approved',
  noApproval: 'No approval needed',
  unknownPerson: 'Former staff',
  groupDetail: (items: number, bills: number) =>
    `${items} ${items === 1 ? 'item' : 'items'} · ${bills} ${bills === 1 ? 'bill' : 'bills'}`,
  rows: 'Complimentary items given',
  total: 'Total',
  columns: {
    reason: 'Reason',
    by: 'Given by',
    approvedBy: 'Approved by',
    items: 'Items',
    bills: 'Bills',
    value: 'Menu value',
  },
  empty: 'No complimentary items in these dates.',
  emptyHint: 'Items marked complimentary on an order show here once the bill is paid.',
  loading: 'Loading the complimentary report...',
  loadFailed: 'The complimentary report could not be loaded.',
} as const;

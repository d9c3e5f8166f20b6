import { formatDisplayDate } from '../../../../shared/dates';

/** What the orders report says beyond the spec's own strings (those are in shared/messages.ts). */
export const ORDERS_REPORT_TEXT = {
  product: 'Product',
  productPlaceholder: 'Part of an item name',
  presets: 'Quick ranges',
  today: 'Today',
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
  thisMonth: 'This month',
  range: (from: string, to: string) =>
    from === to ? formatDisplayDate(from) : `${formatDisplayDate(from)} – ${formatDisplayDate(to)}`,
  matching: (product: string) => ` · items containing “${product}”`,
  loading: 'Loading orders report...',
  loadFailed: 'The orders report could not be loaded.',
  totalOrders: 'Total orders',
  grandTotal: 'Grand total revenue',
  grandTotalHint: 'Price × quantity of every line, before discount',
  itemsOrdered: 'Items ordered',
  linesCount: (lines: number) =>
    lines === 1 ? 'on 1 line' : `on ${lines.toLocaleString('en-IN')} lines`,
  net: 'Billed',
  discountGiven: (discount: string) => `After ${discount} discount, with tax and round-off`,
  netWithProduct: 'Discounts are given on whole bills: clear the product filter to see them.',
  empty: 'No orders in this range.',
  emptyWithProduct: (product: string) =>
    `No orders of items containing “${product}” in this range.`,
  emptyHint: 'Bills appear here once they are paid. Try a wider range or another product.',
  rowsCaption: 'Bill lines, newest first',
  addonSales: 'Add-on sales',
  addonSalesHint: 'Extras and choices added to items over the whole range, before discount',
  addon: 'Add-on',
  addonGroup: 'Group',
  addonQuantity: 'Sold',
  addonRevenue: 'Revenue',
} as const;

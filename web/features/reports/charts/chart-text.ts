import { TOP_ITEMS } from '../../../../shared/constants';

/** What the report charts say. */
export const CHART_TEXT = {
  revenue: 'Revenue',
  revenueByDay: 'Revenue per day',
  revenueByDayHint: 'Price × quantity of the day’s bills, before discount',
  salesByHour: 'Sales by hour of day',
  salesByHourHint: 'When the bills of the range were paid, on the branch’s clock',
  day: 'Day',
  hour: 'Hour',
  orders: (orders: number) => (orders === 1 ? '1 order' : `${orders} orders`),
  topItems: `Top ${TOP_ITEMS} items`,
  topItemsHint: 'Most ordered by quantity, with what they brought in',
  item: 'Item',
  sold: 'Sold',
  quantity: (quantity: number) => `${quantity.toLocaleString('en-IN')} sold`,
  loading: 'Loading charts...',
  loadFailed: 'The charts could not be loaded.',
} as const;

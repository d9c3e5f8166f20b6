import { formatDisplayDate } from '../../../shared/dates';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday of a calendar date 'YYYY-MM-DD' ('Sunday'). */
export const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Words of the branch overview (/user-dashboard), a screen the spec does not show. */
export const DASHBOARD_TEXT = {
  today: (date: string) => `${weekdayOf(date)}, ${formatDisplayDate(date)}`,
  loading: 'Loading the overview...',
  loadFailed: 'The overview could not be loaded.',
  todaySales: 'Today’s sales',
  billsToday: 'Bills today',
  openTables: 'Tables open',
  dues: 'Dues outstanding',
  lastWeekSoFar: (weekday: string, figure: string) => `${figure} by this time last ${weekday}`,
  lastWeekAllDay: (figure: string) => `${figure} all day`,
  /** Read before the percentage by screen readers ('Up 12%'). */
  change: { up: 'Up', down: 'Down', same: 'Changed by' },
  running: (amount: string) => `${amount} running`,
  bills: (n: number) => plural(n, 'bill', 'bills'),
  since: (date: string) => `since ${date}`,
  items: (n: number) => plural(n, 'item', 'items'),
  openFor: (duration: string) => `open ${duration}`,
  sections: {
    openTables: { title: 'Open tables', link: 'Billing', empty: 'No table is open right now.' },
    topItems: {
      title: 'Top items this week',
      link: 'Order report',
      empty: 'No bills in the last 7 days.',
      range: (from: string, to: string) => `${formatDisplayDate(from)} – ${formatDisplayDate(to)}`,
    },
    lowStock: {
      title: 'Low stock',
      link: 'Inventory',
      empty: 'Nothing is below its low-stock level.',
      level: (level: string) => `low at ${level}`,
    },
    vendorsOwed: {
      title: 'Vendors owed',
      link: 'Vendor payments',
      empty: 'No vendor is owed money.',
      total: (amount: string) => `${amount} in all`,
    },
    dues: { link: 'Dues report', empty: 'No dues outstanding.' },
  },
  more: (n: number) => `and ${n} more`,
  quantity: (n: number) => `× ${n}`,
} as const;

/**
 * Business constants of spec section 9. Pricing plans, the default number of users and the
 * subscription types live in plans.ts (re-exported here); the default time zone is in
 * dates.ts; units are in units.ts.
 */

export { DEFAULT_NUMBER_OF_USERS, SUBSCRIPTION_TYPES, type SubscriptionType } from './plans';

/**
 * Every method a stored payment can carry: one type for bills, payments and reports. 'Due' is
 * a method as well as a status because the spec's payment modal offers it as a method; 'Other'
 * comes from the dues popup, used when a due is settled.
 */
export const PAYMENT_METHODS = ['Cash', 'Card', 'UPI', 'Due', 'Other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods offered when a bill is paid. 'Due' means not paid yet. */
export const BILL_PAYMENT_METHODS = [
  'Cash',
  'Card',
  'UPI',
  'Due',
] as const satisfies readonly PaymentMethod[];

/** Methods offered when a due is settled (dues popup); the default is Cash. */
export const DUES_SETTLE_METHODS = [
  'Cash',
  'Card',
  'UPI',
  'Other',
] as const satisfies readonly PaymentMethod[];
export type DuesSettleMethod = (typeof DUES_SETTLE_METHODS)[number];

export const PAYMENT_STATUSES = ['Settled', 'Due'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a bill can be: paid (Settled), owed (Due), or cancelled by a manager (docs/gst.md). */
export const BILL_STATUSES = [...PAYMENT_STATUSES, 'Cancelled'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** The "most ordered items" list of the order report. */
export const TOP_ITEMS = 5;

/** CSV export file names. */
export const EXPORT_FILES = {
  ordersReport: 'orders_report.csv',
  /** `date` is the export day 'YYYY-MM-DD'. */
  paymentHistoryReport: (date: string): string => `payment_history_report_${date}.csv`,
  stockDetails: 'stock_details.csv',
} as const;

/** Columns of stock_details.csv and what an empty cell becomes. */
export const STOCK_DETAILS_CSV = {
  columns: ['Invoice Date', 'Stock Name', 'Quantity', 'Price'],
  defaults: { invoiceDate: 'N/A', stockName: 'N/A', quantity: '0', price: '0.00' },
} as const;

/** Toast defaults. */
export const TOAST = { position: 'top-right', autoCloseMs: 5000 } as const;

/** Wait before going to /branches after a branch is created. */
export const BRANCH_REDIRECT_MS = 1500;

/** A session ends after this long without activity (spec: 30 minutes, 1,800,000 ms). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

/** Size of the bill print window. */
export const BILL_PRINT_WINDOW = { width: 800, height: 600 } as const;

/** Dropdown defaults: menu max height in px and options per page. */
export const DROPDOWN = { maxHeight: 300, pageSize: 5 } as const;

/** Time-out for loading a script chunk. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Most test pages one printer is sent in an hour: a person checking a printer prints a few; a
 * script printing hundreds would waste the roll and hold the queue for real bills and KOTs.
 */
export const MAX_TEST_PRINTS_PER_HOUR = 20;

/** Most guests seated at one table (covers). */
export const MAX_GUESTS = 99;

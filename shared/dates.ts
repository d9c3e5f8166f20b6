/**
 * Business dates: calendar dates ('YYYY-MM-DD') as seen in a branch's IANA time zone.
 *
 * Instants travel as UTC (Date / ISO strings); a business date is what the wall calendar of
 * the branch shows at that instant. Plans, reports and "today" are all business dates, so an
 * order at 00:30 IST on 2 March belongs to 2 March even though it is still 1 March in UTC.
 *
 * Only `Intl` is used (no library), so this runs the same on the server and in the browser.
 * Error contract: functions THROW a `RangeError` for an invalid date text, an invalid Date or
 * an unknown time zone.
 */

/** The branch time zone when none is set. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** A calendar date 'YYYY-MM-DD'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar date written 'YYYY-MM-DD' (so '2025-02-29' is false). */
export function isValidIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  // Out-of-range parts roll over (Feb 30 -> Mar 2), so a real date reads back unchanged.
  return (
    utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day
  );
}

function assertIsoDate(value: unknown, name: string): asserts value is IsoDate {
  if (!isValidIsoDate(value)) {
    throw new RangeError(`${name} must be a date 'YYYY-MM-DD', got ${JSON.stringify(value)}`);
  }
}

/** Days since 1970-01-01 of a valid ISO date. */
function epochDay(date: IsoDate): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  return Math.round(utc.getTime() / MS_PER_DAY);
}

function fromEpochDay(days: number): IsoDate {
  const date = new Date(days * MS_PER_DAY);
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError('Date is out of the range 0000-9999');
  return [
    String(year).padStart(4, '0'),
    String(date.getUTCMonth() + 1).padStart(2, '0'),
    String(date.getUTCDate()).padStart(2, '0'),
  ].join('-');
}

/** True when `timeZone` is an IANA zone name this runtime knows ('Asia/Kolkata', 'UTC'). */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for an unknown time zone.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The business date of an instant in a time zone:
 * businessDate(new Date('2025-03-01T18:30:00Z'), 'Asia/Kolkata') === '2025-03-02' (00:00 IST).
 * @throws RangeError for an invalid Date or an unknown time zone.
 */
export function businessDate(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): IsoDate {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new RangeError('businessDate needs a valid Date');
  }
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}

/**
 * The first instant of a business date in a time zone (its local midnight, or the first
 * existing instant of that day where a daylight-saving jump skips midnight; for a day a zone
 * skipped entirely, the start of the next day it has). Use
 * `[startOfBusinessDate(from), startOfBusinessDate(addDays(to, 1)))` for a report's date range.
 * @throws RangeError for an invalid date or time zone.
 */
export function startOfBusinessDate(date: IsoDate, timeZone: string = DEFAULT_TIME_ZONE): Date {
  assertIsoDate(date, 'date');
  formatterFor(timeZone);
  // Every zone offset lies within ±14 h of UTC; the day starts inside this 28-hour window.
  // Business dates only grow with time there, so search for the first second of `date`.
  const utcMidnight = epochDay(date) * MS_PER_DAY;
  let low = (utcMidnight - 15 * 3_600_000) / 1000; // still an earlier date everywhere
  let high = (utcMidnight + 15 * 3_600_000) / 1000; // already this date or later everywhere
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (businessDate(new Date(middle * 1000), timeZone) < date) low = middle;
    else high = middle;
  }
  return new Date(high * 1000);
}

/**
 * A calendar date moved by whole days (negative goes back): addDays('2024-02-28', 1) ===
 * '2024-02-29'. Pure calendar arithmetic; time zones do not matter.
 * @throws RangeError for an invalid date, a non-integer n, or a result outside years 0000-9999.
 */
export function addDays(date: IsoDate, n: number): IsoDate {
  assertIsoDate(date, 'date');
  if (!Number.isSafeInteger(n)) throw new RangeError(`n must be an integer, got ${n}`);
  return fromEpochDay(epochDay(date) + n);
}

/** The same day `n` months later, or the month's last day when it has no such day. */
export function addMonths(date: IsoDate, n: number): IsoDate {
  assertIsoDate(date, 'date');
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + n, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * Whole days from `from` to `to` (positive when `to` is later): daysBetween('2025-01-01',
 * '2025-01-31') === 30.
 * @throws RangeError for an invalid date.
 */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  assertIsoDate(from, 'from');
  assertIsoDate(to, 'to');
  return epochDay(to) - epochDay(from);
}

export interface PlanDates {
  /** First day the plan is valid. */
  activeDate: IsoDate;
  /** Last day the plan is valid (inclusive). */
  deactiveDate: IsoDate;
}

export type PlanStatus =
  /** Before activeDate; `startsInDays` >= 1 (1 = starts tomorrow). */
  | { state: 'not_active_yet'; startsInDays: number }
  /** activeDate <= today <= deactiveDate; `daysLeft` counts today, so the last day has 1. */
  | { state: 'active'; daysLeft: number }
  /** After deactiveDate. */
  | { state: 'expired' };

/**
 * The state of a plan (branch or staff) on a business date. Both dates are inclusive: the plan
 * is active on activeDate and on deactiveDate, and expires the day after deactiveDate.
 * `today` must be the business date in the branch's time zone, from the server's clock.
 * @throws RangeError for an invalid date, or when deactiveDate is before activeDate (such a
 *   plan can never be valid; the write that made it should have been refused).
 */
export function planStatus(plan: PlanDates, today: IsoDate): PlanStatus {
  assertIsoDate(plan.activeDate, 'activeDate');
  assertIsoDate(plan.deactiveDate, 'deactiveDate');
  assertIsoDate(today, 'today');
  if (plan.deactiveDate < plan.activeDate) {
    throw new RangeError(
      `deactiveDate ${plan.deactiveDate} is before activeDate ${plan.activeDate}`,
    );
  }
  if (today < plan.activeDate) {
    return { state: 'not_active_yet', startsInDays: daysBetween(today, plan.activeDate) };
  }
  if (today > plan.deactiveDate) return { state: 'expired' };
  return { state: 'active', daysLeft: daysBetween(today, plan.deactiveDate) + 1 };
}

const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * A calendar date as people read it in the product: '2026-11-22' -> '22 Nov 2026',
 * '2026-09-02' -> '2 Sep 2026' (fixed month names: Intl's en-IN writes 'Sept').
 * @throws RangeError for an invalid date.
 */
export function formatDisplayDate(date: IsoDate): string {
  assertIsoDate(date, 'date');
  const [year, month, day] = date.split('-') as [string, string, string];
  return `${Number(day)} ${MONTHS_SHORT[Number(month) - 1]} ${year}`;
}

const DAY_MONTH_YEAR = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/;

/**
 * A date typed day first ('22-11-2026', '2/9/2026', '22.11.2026') as 'YYYY-MM-DD', or null
 * when it is not a real calendar date written that way.
 */
export function parseDayMonthYear(text: string): IsoDate | null {
  const match = DAY_MONTH_YEAR.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isValidIsoDate(iso) ? iso : null;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's time of day on a branch's (or the platform's) clock: '2:41 pm'. */
export function formatDisplayTime(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  let time = timeFormats.get(timeZone);
  if (!time) {
    time = new Intl.DateTimeFormat('en-IN', {
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
    });
    timeFormats.set(timeZone, time);
  }
  return time.format(instant).toLowerCase();
}

/**
 * An instant as people in India read it, in a branch's (or the platform's) time zone:
 * '22 Nov 2026, 2:41 pm'.
 */
export function formatDisplayDateTime(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return `${formatDisplayDate(businessDate(instant, timeZone))}, ${formatDisplayTime(instant, timeZone)}`;
}

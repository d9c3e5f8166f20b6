import { businessDate, formatDisplayDate } from '../../../shared/dates';
import { formatQuantity, UNIT_SYMBOLS, type StoredUnit } from '../../../shared/units';

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A stored quantity's number with Indian grouping, as stored: 12500 -> '12,500'. */
export const formatStoredNumber = (quantity: number) => grouping.format(quantity);

/**
 * Grams and milliliters of 1000 or more in kg and L (12500 g -> '12.5 kg'), shown beside the
 * stored number; null for anything else (it would only repeat it).
 */
export function readableQuantity(quantity: number, unit: StoredUnit): string | null {
  if ((unit !== 'g' && unit !== 'ml') || Math.abs(quantity) < 1000) return null;
  return formatQuantity(quantity, unit);
}

/** A history row's change: 2000 g -> '+2,000 g', -150 g -> '−150 g'. */
export function formatDelta(delta: number, unit: StoredUnit): string {
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
  return `${sign}${formatStoredNumber(Math.abs(delta))} ${UNIT_SYMBOLS[unit]}`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(timeZone: string) {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone });
    timeFormats.set(timeZone, format);
  }
  return format;
}

/** When something happened, in the branch's zone: '22 Nov 2026'. */
export const formatDay = (instant: string, timeZone: string) =>
  formatDisplayDate(businessDate(new Date(instant), timeZone));

/** When something happened, with the time: '22 Nov 2026, 2:05 pm'. */
export const formatMoment = (instant: string, timeZone: string) =>
  `${formatDay(instant, timeZone)}, ${timeFormat(timeZone).format(new Date(instant))}`;

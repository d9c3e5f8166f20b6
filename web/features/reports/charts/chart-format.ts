import { formatDisplayDate } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';

const axisNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** Indian units, largest first: crore, lakh, thousand. */
const UNITS = [
  { suffix: 'Cr', rupees: 1_00_00_000 },
  { suffix: 'L', rupees: 1_00_000 },
  { suffix: 'K', rupees: 1_000 },
] as const;

/**
 * A chart axis's labels for amounts up to `maxPaise`, all in the one Indian unit the largest
 * needs, so an axis never mixes them (₹30K, ₹60K, ₹90K, ₹1.2L reads as ₹0.3L … ₹1.2L):
 * ₹950 below a thousand rupees, then K, L or Cr with at most one decimal.
 */
export function axisInrFor(maxPaise: number): (paise: number) => string {
  const unit = UNITS.find((u) => maxPaise / 100 >= u.rupees);
  return unit
    ? (paise) => `₹${axisNumber.format(paise / 100 / unit.rupees)}${unit.suffix}`
    : (paise) => `₹${axisNumber.format(Math.round(paise / 100))}`;
}

/** Paise exactly, for a chart's tooltip. */
export const tooltipInr = (paise: number) => formatInr(Math.round(paise));

/** '2026-11-16' as '16 Nov' (the year is the range's). */
export const dayMonth = (date: string) => formatDisplayDate(date).split(' ').slice(0, 2).join(' ');

/** An hour of the day as a clock reads it: 0 → '12 am', 13 → '1 pm'. */
export const hourLabel = (hour: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'am' : 'pm'}`;

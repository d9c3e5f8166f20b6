import { formatDisplayDate } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';

const compactInr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Paise as a chart axis reads it, in Indian units: ₹950, ₹12K, ₹1.2L, ₹3.4Cr. */
export const axisInr = (paise: number) => compactInr.format(paise / 100);

/** Paise exactly, for a chart's tooltip. */
export const tooltipInr = (paise: number) => formatInr(Math.round(paise));

/** '2026-11-16' as '16 Nov' (the year is the range's). */
export const dayMonth = (date: string) => formatDisplayDate(date).split(' ').slice(0, 2).join(' ');

/** An hour of the day as a clock reads it: 0 → '12 am', 13 → '1 pm'. */
export const hourLabel = (hour: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'am' : 'pm'}`;

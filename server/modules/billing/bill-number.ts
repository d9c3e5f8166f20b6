import type { IsoDate } from '../../../shared/dates';

/**
 * The financial year (1 April to 31 March) a business date belongs to, written as on an Indian
 * tax invoice: '2026-04-01' and '2027-03-31' are both '2026-27'.
 */
export function financialYearOf(date: IsoDate): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

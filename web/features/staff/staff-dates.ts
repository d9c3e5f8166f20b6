import { isValidIsoDate, planStatus, type IsoDate } from '../../../shared/dates';

/** The same calendar day a year later (29 Feb becomes 28 Feb). */
export function oneYearAfter(date: IsoDate): IsoDate {
  const year = String(Number(date.slice(0, 4)) + 1).padStart(4, '0');
  const sameDay = `${year}${date.slice(4)}`;
  return isValidIsoDate(sameDay) ? sameDay : `${year}${date.slice(4, 8)}28`;
}

/** `textColor` keeps the small badge text at 4.5:1 or more on the badge's light background. */
export type PlanBadge = { label: string; color: string; textColor: string };

const GREEN = { color: 'green', textColor: '#22672f' };
const ORANGE = { color: 'orange', textColor: '#9a3a0b' };
const RED = { color: 'red', textColor: '#a61e1e' };
const BLUE = { color: 'blue', textColor: '#1864ab' };

/** The staff member's own plan on `today`, as the badge beside their dates says it. */
export function planBadge(
  member: { activeDate: string | null; deactiveDate: string | null },
  today: IsoDate,
): PlanBadge | null {
  const { activeDate, deactiveDate } = member;
  // Without dates of their own, staff follow the branch plan (the server checks that one).
  if (!activeDate || !deactiveDate || deactiveDate < activeDate) return null;
  const status = planStatus({ activeDate, deactiveDate }, today);
  if (status.state === 'not_active_yet') return { label: 'Not active yet', ...BLUE };
  if (status.state === 'expired') return { label: 'Expired', ...RED };
  const days = status.daysLeft === 1 ? '1 day' : `${status.daysLeft} days`;
  return { label: `Active · ${days} left`, ...(status.daysLeft <= 7 ? ORANGE : GREEN) };
}

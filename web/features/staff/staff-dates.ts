import { planStatus, type IsoDate } from '../../../shared/dates';

/**
 * The dates a staff form starts with: from today (or the branch plan's first day, if later) to
 * the branch plan's last day, which a staff member's plan may not pass.
 */
export function defaultStaffDates(
  today: IsoDate,
  branchPlan: { activeDate: IsoDate; deactiveDate: IsoDate } | undefined,
): { activeDate: IsoDate; deactiveDate: IsoDate } {
  if (!branchPlan) return { activeDate: today, deactiveDate: '' };
  const activeDate = branchPlan.activeDate > today ? branchPlan.activeDate : today;
  return { activeDate, deactiveDate: branchPlan.deactiveDate };
}

/** `textColor` keeps the small badge text at 4.5:1 or more on the badge's light background. */
export type PlanBadge = { label: string; color: string; textColor: string };

const GREEN = { color: 'green', textColor: '#22672f' };
const ORANGE = { color: 'orange', textColor: '#9a3a0b' };
// The theme's one error red (#b42318): about 5.5:1 on the light red badge.
const RED = { color: 'red', textColor: 'var(--mantine-color-error)' };
const BLUE = { color: 'blue', textColor: '#1864ab' };
const GRAY = { color: 'gray', textColor: '#3d4349' };

/**
 * What the badge beside a staff member's dates says: 'Deactivated' for a switched-off account
 * (whatever its dates), else the state of their own plan on `today`.
 */
export function planBadge(
  member: { isActive: boolean; activeDate: string | null; deactiveDate: string | null },
  today: IsoDate,
): PlanBadge | null {
  if (!member.isActive) return { label: 'Deactivated', ...GRAY };
  const { activeDate, deactiveDate } = member;
  // Without dates of their own, staff follow the branch plan (the server checks that one).
  if (!activeDate || !deactiveDate || deactiveDate < activeDate) return null;
  const status = planStatus({ activeDate, deactiveDate }, today);
  if (status.state === 'not_active_yet') return { label: 'Not active yet', ...BLUE };
  if (status.state === 'expired') return { label: 'Expired', ...RED };
  const days = status.daysLeft === 1 ? '1 day' : `${status.daysLeft} days`;
  return { label: `Active · ${days} left`, ...(status.daysLeft <= 7 ? ORANGE : GREEN) };
}

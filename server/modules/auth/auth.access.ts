import { businessDate, planStatus, type PlanDates } from '../../../shared/dates';
import { MESSAGES } from '../../../shared/messages';
import type { Role } from '../../../shared/permissions';

export interface AccessUser {
  role: Role;
  isActive: boolean;
  activeDate: string | null;
  deactiveDate: string | null;
}

export interface AccessBranch extends PlanDates {
  isActive: boolean;
  timeZone: string;
}

export interface AccessRefusal {
  code: string;
  message: string;
}

/**
 * May this account work right now? Checked at login and again on every request, on the
 * server's clock in the branch's time zone (plan dates are inclusive business dates).
 * The spec's order: a manager needs the branch plan; staff need an active account, their own
 * plan, the branch, and the branch plan. A branch the super admin deactivated counts as gone.
 */
export function accessRefusal(
  user: AccessUser,
  branch: AccessBranch | null,
  now: Date,
): AccessRefusal | null {
  const m = MESSAGES.login;
  if (user.role === 'super_admin') return null;
  if (user.role === 'branch_manager') {
    if (!branch || !branch.isActive) return { code: 'access.no_user', message: m.noUserFound };
    const status = planStatus(branch, businessDate(now, branch.timeZone)).state;
    if (status === 'not_active_yet') {
      return { code: 'access.branch_plan_not_active', message: m.branchPlanNotActive };
    }
    if (status === 'expired') {
      return { code: 'access.branch_plan_expired', message: m.branchPlanExpired };
    }
    return null;
  }
  if (!user.isActive) return { code: 'access.staff_inactive', message: m.subuserInactive };
  if (!branch || !branch.isActive) {
    return { code: 'access.branch_not_found', message: m.associatedBranchNotFound };
  }
  const today = businessDate(now, branch.timeZone);
  if (user.activeDate && user.deactiveDate) {
    const own = planStatus({ activeDate: user.activeDate, deactiveDate: user.deactiveDate }, today);
    if (own.state === 'not_active_yet') {
      return { code: 'access.staff_plan_not_active', message: m.subuserPlanNotActive };
    }
    if (own.state === 'expired') {
      return { code: 'access.staff_plan_expired', message: m.subuserPlanExpired };
    }
  }
  const branchState = planStatus(branch, today).state;
  if (branchState === 'not_active_yet') {
    return { code: 'access.branch_plan_not_active', message: m.subuserBranchPlanNotActive };
  }
  if (branchState === 'expired') {
    return { code: 'access.branch_plan_expired', message: m.subuserBranchPlanExpired };
  }
  return null;
}

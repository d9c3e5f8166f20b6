import { formatDisplayDate } from '../../../shared/dates';
import { END_BEFORE_START } from '../../../shared/schemas/branches.schemas';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { USER_MESSAGES } from '../users/users.errors';

/** The staff module's messages, each written once. */
export const STAFF_MESSAGES = {
  notFound: 'Staff member not found',
  limitReached: (limit: number) =>
    `Your plan allows ${limit} active staff. Deactivate someone first, or ask TableFlow to raise the limit.`,
  endBeforeStart: END_BEFORE_START,
  endAfterBranchPlan: (branchEnd: string) =>
    `End date cannot be after ${formatDisplayDate(branchEnd)}, the last day of the branch's plan`,
} as const;

// Another branch's staff member answers exactly like one that does not exist.
export const staffNotFound = () => notFound('staff.not_found', STAFF_MESSAGES.notFound);

export const limitReached = (limit: number) =>
  conflict('staff.limit_reached', STAFF_MESSAGES.limitReached(limit));

/** Bad input like any other (the schema gives the same answer when both dates are sent). */
export const endBeforeStart = () =>
  badRequest('staff.plan_dates', STAFF_MESSAGES.endBeforeStart, {
    deactiveDate: STAFF_MESSAGES.endBeforeStart,
  });

/** A staff member's plan cannot outlast the branch's own. */
export const endAfterBranchPlan = (branchEnd: string) => {
  const message = STAFF_MESSAGES.endAfterBranchPlan(branchEnd);
  return badRequest('staff.end_after_branch_plan', message, { deactiveDate: message });
};

/** Another account (of any branch, or the super admin) has this email. */
export const staffEmailTaken = () =>
  conflict('staff.email_taken', USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });

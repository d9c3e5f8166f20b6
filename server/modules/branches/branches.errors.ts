import { MESSAGES } from '../../../shared/messages';
import { badRequest, conflict, notFound } from '../../lib/errors';

/** The branches module's messages, each written once. */
export const BRANCH_MESSAGES = {
  notFound: 'Branch not found',
  noManager: 'This branch has no manager account',
  codeTaken: 'This branch code is already taken',
  usersBelowActiveStaff: (activeStaff: number) =>
    `This branch has ${activeStaff} active staff: allow at least that many users, or deactivate staff first`,
} as const;

export const branchNotFound = () => notFound('branches.not_found', BRANCH_MESSAGES.notFound);

export const noManager = () => notFound('branches.no_manager', BRANCH_MESSAGES.noManager);

/** Another branch has this code; the message goes under the code field. */
export const codeTaken = () =>
  conflict('branches.code_taken', BRANCH_MESSAGES.codeTaken, {
    branchCode: BRANCH_MESSAGES.codeTaken,
  });

export const startInPast = () =>
  badRequest('branches.start_in_past', MESSAGES.branch.startDateBeforeToday, {
    activeDate: MESSAGES.branch.startDateBeforeToday,
  });

export const usersBelowActiveStaff = (activeStaff: number) => {
  const message = BRANCH_MESSAGES.usersBelowActiveStaff(activeStaff);
  return badRequest('branches.users_below_active_staff', message, { numberOfUsers: message });
};

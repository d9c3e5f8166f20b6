import { useSession } from '../../lib/session';
import { branchToday } from './staff-dates';

/** Today on the signed-in branch's calendar (its time zone comes with the session). */
export function useBranchToday() {
  return branchToday(useSession().data?.branch?.timeZone);
}

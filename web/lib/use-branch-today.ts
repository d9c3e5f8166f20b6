import { DEFAULT_TIME_ZONE, businessDate, type IsoDate } from '../../shared/dates';
import { useSession } from './session';

/**
 * Today on the signed-in branch's calendar (its time zone comes with the session). For display
 * and form defaults only: the server decides on its own clock.
 */
export function useBranchToday(): IsoDate {
  return businessDate(new Date(), useSession().data?.branch?.timeZone ?? DEFAULT_TIME_ZONE);
}

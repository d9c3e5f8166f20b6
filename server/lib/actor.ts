import type { Db } from '../db/client';
import type { Clock } from './clock';

/** The session's branch: its id and its time zone (IANA), both from the session, never looked up. */
export interface SessionBranch {
  branchId: string;
  timeZone: string;
}

/** What a use case that writes gets from its route: db, clock and the session's branch and user. */
export interface Actor {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
}

/** An actor whose use case works out a business date: the branch's zone, from the session. */
export type ZonedActor = Actor & Pick<SessionBranch, 'timeZone'>;

import type { Db } from '../db/client';
import type { Clock } from './clock';

/** What a use case that writes gets from its route: db, clock and the session's branch and user. */
export interface Actor {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
}

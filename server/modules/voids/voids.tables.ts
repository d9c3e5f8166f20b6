/**
 * Wrong approval PINs, counted per person and device (docs/kitchen.md, "Voids"): who typed
 * them (the signed-in user), on which device (their session), against which manager's PIN.
 * Five in a row lock that manager's PIN for that person (on every device) for a while; the
 * manager and everybody else keep using it.
 */
import { index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { instant, updatedAt } from '../../db/columns';
import { users } from '../users/users.tables';

export const pinAttempts = pgTable(
  'pin_attempts',
  {
    managerId: uuid('manager_id')
      .notNull()
      .references(() => users.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The device: the session the PINs were typed in (a hash-free id, never the token). */
    device: text('device').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    lockedUntil: instant('locked_until'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'pin_attempts_pk', columns: [t.managerId, t.userId, t.device] }),
    index('pin_attempts_person_idx').on(t.managerId, t.userId),
  ],
);

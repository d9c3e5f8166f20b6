/** Column helpers every tables file uses (conventions in server/db/schema.ts). */
import { date, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

/** A UUID v7 id; the primary key itself is declared per table (alone or with branch_id). */
export const id = () =>
  uuid('id')
    .notNull()
    .$defaultFn(() => uuidv7());

/** timestamptz read and written as a JS Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A calendar date as 'YYYY-MM-DD' (plan dates, invoice dates): no time zone to get wrong. */
export const day = (name: string) => date(name, { mode: 'string' });

// The database default is a fallback only: use cases pass times from the injected clock.
export const createdAt = () => instant('created_at').notNull().defaultNow();

export const updatedAt = () =>
  instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

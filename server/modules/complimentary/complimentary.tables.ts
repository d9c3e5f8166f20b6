/**
 * Complimentary items' settings (docs/complimentary.md): the reasons a branch offers and the
 * menu value of an order's complimentary items above which staff need a manager's approval.
 */
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { updatedAt } from '../../db/columns';
import { branchId } from '../branches/branches.tables';

/** A branch's complimentary settings (a row once saved; shared/complimentary.ts's defaults before). */
export const complimentarySettings = pgTable(
  'complimentary_settings',
  {
    branchId: branchId().primaryKey(),
    reasons: text('reasons').array().notNull(),
    limitPaise: integer('limit_paise').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('complimentary_settings_limit_check', sql`${t.limitPaise} >= 0`)],
);

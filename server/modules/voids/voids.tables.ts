/**
 * Voids (docs/kitchen.md, "Voids"): an item taken off a table's order after it reached the
 * kitchen, with the manager who approved it and the reason.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { branchId } from '../branches/branches.tables';
import { users } from '../users/users.tables';

/**
 * A void: an item taken off a table's order after it was sent to the kitchen, approved on the
 * same device by a manager's PIN, with a reason from the branch's list.
 */
export const voids = pgTable(
  'voids',
  {
    branchId: branchId(),
    id: id(),
    tableId: uuid('table_id').notNull(),
    tableLabel: text('table_label').notNull(),
    /** The KOT that told the kitchen (its CANCELLED part). */
    kotId: uuid('kot_id'),
    productId: uuid('product_id').notNull(),
    lineKey: text('line_key').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    valuePaise: integer('value_paise').notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id),
    requestedByName: text('requested_by_name').notNull(),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedByName: text('approved_by_name').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'voids_pk', columns: [t.branchId, t.id] }),
    index('voids_branch_day_idx').on(t.branchId, t.businessDate, t.createdAt),
    check('voids_quantity_check', sql`${t.quantity} > 0`),
    check('voids_value_check', sql`${t.valuePaise} = ${t.unitPricePaise} * ${t.quantity}`),
  ],
);

export type Void = typeof voids.$inferSelect;

/** Ingredients in store, their history of movements, and stock submissions (one Add Stock queue, once). */
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MOVEMENT_ACTIONS } from '../../../shared/schemas/inventory.schemas';
import { STORED_UNITS } from '../../../shared/units';
import { createdAt, day, id, instant, updatedAt } from '../../db/columns';
import { bills } from '../billing/billing.tables';
import { branchId, childBranchId } from '../branches/branches.tables';
import { users } from '../users/users.tables';
import { stockPurchases, vendors } from '../vendors/vendors.tables';

export const stockUnit = pgEnum('stock_unit', STORED_UNITS);

export const movementAction = pgEnum('movement_action', MOVEMENT_ACTIONS);

export type MovementAction = (typeof movementAction.enumValues)[number];

/** Inventory items. */
export const ingredients = pgTable(
  'ingredients',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    unit: stockUnit('unit').notNull(),
    // No CHECK >= 0 on purpose: sales are never refused for lack of recorded stock (the kitchen
    // may hold stock nobody entered yet), so the count may go negative and shows the gap.
    quantity: integer('quantity').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    createdAt: createdAt(),
    // The spec's lastUpdated, shown on the inventory dashboard.
    updatedAt: updatedAt(),
    // Soft delete: recipes, movements and stock history keep their ingredient.
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    primaryKey({ name: 'ingredients_pk', columns: [t.branchId, t.id] }),
    // One name per category, case-insensitive, among live items: 'Milk' and 'milk' in Dairy are
    // one item, and a deleted name can be added again.
    uniqueIndex('ingredients_branch_category_name_unique')
      .on(t.branchId, sql`lower(${t.category})`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('ingredients_branch_category_idx').on(t.branchId, t.category),
    check('ingredients_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
    check('ingredients_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/**
 * Applied stock submissions ('Submit All Stock Entries'): the device's idempotency key, unique
 * per branch, with the answer given, so a retry or a double press is applied once.
 */
export const stockSubmissions = pgTable(
  'stock_submissions',
  {
    branchId: branchId(),
    id: id(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** sha256 of the entries, to refuse the same key sent with different entries. */
    requestHash: text('request_hash').notNull(),
    result: jsonb('result').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'stock_submissions_pk', columns: [t.branchId, t.id] }),
    unique('stock_submissions_key_unique').on(t.branchId, t.idempotencyKey),
  ],
);

/**
 * Every change of an ingredient's quantity (the spec's History), so the dashboard can show how
 * a count came about. Sales are recorded per bill or, for bulk data, per ingredient per day.
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    branchId: childBranchId(),
    id: id(),
    ingredientId: uuid('ingredient_id').notNull(),
    action: movementAction('action').notNull(),
    /** Signed change in base units (negative for sales). */
    quantityDelta: integer('quantity_delta').notNull(),
    /** The ingredient's quantity right after this movement (the spec's updatedQuantity). */
    quantityAfter: integer('quantity_after').notNull(),
    pricePaise: integer('price_paise'),
    invoiceDate: day('invoice_date'),
    vendorId: uuid('vendor_id'),
    stockPurchaseId: uuid('stock_purchase_id'),
    billId: uuid('bill_id'),
    userId: uuid('user_id').references(() => users.id),
    /** The reason of a correction ('adjustment'). */
    note: text('note'),
    /** What an 'update' or 'adjustment' changed: { field: { from, to } }. */
    changes: jsonb('changes'),
    /** A 'reversal': the 'Add Stock' row it takes back (at most one reversal each). */
    reversesMovementId: uuid('reverses_movement_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'inventory_movements_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'inventory_movements_ingredient_fk',
      columns: [t.branchId, t.ingredientId],
      foreignColumns: [ingredients.branchId, ingredients.id],
    }).onDelete('cascade'),
    // Nullable composite keys: checked only when the optional id is set (MATCH SIMPLE).
    foreignKey({
      name: 'inventory_movements_vendor_fk',
      columns: [t.branchId, t.vendorId],
      foreignColumns: [vendors.branchId, vendors.id],
    }),
    foreignKey({
      name: 'inventory_movements_stock_purchase_fk',
      columns: [t.branchId, t.stockPurchaseId],
      foreignColumns: [stockPurchases.branchId, stockPurchases.id],
    }),
    foreignKey({
      name: 'inventory_movements_bill_fk',
      columns: [t.branchId, t.billId],
      foreignColumns: [bills.branchId, bills.id],
    }),
    foreignKey({
      name: 'inventory_movements_reverses_fk',
      columns: [t.branchId, t.reversesMovementId],
      foreignColumns: [t.branchId, t.id],
    }),
    // A stock entry is reversed at most once, whatever the race (NULLs are distinct).
    unique('inventory_movements_reverses_unique').on(t.branchId, t.reversesMovementId),
    index('inventory_movements_ingredient_idx').on(t.branchId, t.ingredientId, t.createdAt),
    // A cancelled bill's sale rows, put back (return_ingredients_of_bill); partial: only sales.
    index('inventory_movements_bill_idx')
      .on(t.branchId, t.billId)
      .where(sql`${t.billId} is not null`),
    check('inventory_movements_price_paise_check', sql`${t.pricePaise} >= 0`),
  ],
);

export type Ingredient = typeof ingredients.$inferSelect;

export type NewIngredient = typeof ingredients.$inferInsert;

export type InventoryMovement = typeof inventoryMovements.$inferSelect;

export type NewInventoryMovement = typeof inventoryMovements.$inferInsert;

export type StockSubmission = typeof stockSubmissions.$inferSelect;

import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import {
  bills,
  branches,
  ingredients,
  inventoryMovements,
  productIngredients,
  products,
  stockPurchases,
  stockSubmissions,
  users,
  vendors,
  type NewIngredient,
  type NewInventoryMovement,
  type NewStockPurchase,
} from '../../db/schema';
import { containsPattern, selectRows } from '../../lib/sql';

const live = (branchId: string) =>
  and(eq(ingredients.branchId, branchId), isNull(ingredients.deletedAt));

/** A LIKE pattern matching what starts with `prefix`, its % and _ taken literally. */
const prefixPattern = (prefix: string) => `${prefix.replace(/[%_\\]/g, '\\$&')}%`;

const itemColumns = {
  id: ingredients.id,
  branchCode: branches.code,
  category: ingredients.category,
  name: ingredients.name,
  quantity: ingredients.quantity,
  unit: ingredients.unit,
  lowStockThreshold: ingredients.lowStockThreshold,
  updatedAt: ingredients.updatedAt,
};

export type IngredientRow = Awaited<ReturnType<typeof listIngredients>>[number];

/** Live items, by category then name; category matched whole (any case), name contained. */
export function listIngredients(
  db: DbOrTx,
  branchId: string,
  filter: { category?: string; name?: string; ids?: string[] } = {},
) {
  const namePattern = containsPattern(filter.name);
  return db
    .select(itemColumns)
    .from(ingredients)
    .innerJoin(branches, eq(branches.id, ingredients.branchId))
    .where(
      and(
        live(branchId),
        filter.category
          ? sql`lower(${ingredients.category}) = lower(${filter.category})`
          : undefined,
        namePattern ? ilike(ingredients.name, namePattern) : undefined,
        filter.ids ? inArray(ingredients.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${ingredients.category})`), asc(sql`lower(${ingredients.name})`));
}

export async function findIngredient(db: DbOrTx, branchId: string, id: string) {
  const [row] = await listIngredients(db, branchId, { ids: [id] });
  return row ?? null;
}

/** Each item's latest purchase: by invoice date, then the time it was entered. */
export async function latestPurchases(db: DbOrTx, branchId: string, ingredientIds: string[]) {
  if (ingredientIds.length === 0) return new Map<string, LatestPurchase>();
  const rows = await db
    .selectDistinctOn([stockPurchases.ingredientId], {
      ingredientId: stockPurchases.ingredientId,
      pricePaise: stockPurchases.pricePaise,
      quantity: stockPurchases.quantity,
      invoiceDate: stockPurchases.invoiceDate,
    })
    .from(stockPurchases)
    .where(
      and(
        eq(stockPurchases.branchId, branchId),
        inArray(stockPurchases.ingredientId, ingredientIds),
        // A reversed entry was a mistake: its price says nothing of what the item costs.
        isNull(stockPurchases.reversedAt),
      ),
    )
    .orderBy(
      stockPurchases.ingredientId,
      desc(stockPurchases.invoiceDate),
      desc(stockPurchases.createdAt),
      desc(stockPurchases.id),
    );
  return new Map(rows.map(({ ingredientId, ...purchase }) => [ingredientId, purchase]));
}
export type LatestPurchase = { pricePaise: number; quantity: number; invoiceDate: string };

/** The branch's categories starting with `prefix` (any case), at most 20. */
export async function listCategories(db: DbOrTx, branchId: string, prefix: string | undefined) {
  const rows = await db
    .selectDistinct({ category: ingredients.category })
    .from(ingredients)
    .where(
      and(live(branchId), prefix ? ilike(ingredients.category, prefixPattern(prefix)) : undefined),
    )
    .orderBy(asc(ingredients.category))
    .limit(20);
  return rows.map((row) => row.category);
}

/** A live item with the same name (any case) in the same category (any case). */
export async function sameNameInCategory(
  db: DbOrTx,
  branchId: string,
  item: { category: string; name: string },
  exceptId?: string,
) {
  const [row] = await db
    .select({ id: ingredients.id })
    .from(ingredients)
    .where(
      and(
        live(branchId),
        sql`lower(${ingredients.category}) = lower(${item.category})`,
        sql`lower(${ingredients.name}) = lower(${item.name})`,
        exceptId ? sql`${ingredients.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertIngredient(db: DbOrTx, row: NewIngredient) {
  const [inserted] = await db.insert(ingredients).values(row).returning({ id: ingredients.id });
  return inserted!.id;
}

/** Live items by id, locked until the transaction ends, always in id order (no deadlocks). */
export function lockIngredients(db: DbOrTx, branchId: string, ids: string[]) {
  return db
    .select({
      id: ingredients.id,
      name: ingredients.name,
      category: ingredients.category,
      quantity: ingredients.quantity,
      unit: ingredients.unit,
      lowStockThreshold: ingredients.lowStockThreshold,
    })
    .from(ingredients)
    .where(and(live(branchId), inArray(ingredients.id, ids)))
    .orderBy(asc(ingredients.id))
    .for('update');
}

export async function updateIngredient(
  db: DbOrTx,
  branchId: string,
  id: string,
  values: Partial<NewIngredient>,
) {
  await db
    .update(ingredients)
    .set(values)
    .where(and(live(branchId), eq(ingredients.id, id)));
}

/**
 * Sets the quantities of these live ingredients (locked by the caller with `lockIngredients`) in
 * one statement, whatever their number: a bill of 30 ingredients is one round trip.
 */
export async function setQuantities(
  db: DbOrTx,
  branchId: string,
  rows: readonly { id: string; quantity: number }[],
  updatedAt: Date,
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.id}::uuid, ${row.quantity}::integer)`),
    sql`, `,
  );
  await db.execute(sql`update ${ingredients} i
    set quantity = v.quantity, updated_at = ${updatedAt}
    from (values ${values}) as v(id, quantity)
    where i.branch_id = ${branchId}::uuid and i.id = v.id and i.deleted_at is null`);
}

/**
 * What each group of bill lines uses of each ingredient by the recipe rule, `sale_ingredients`
 * (inventory.functions.sql), in one statement: `groups` maps a key to its lines as the function
 * reads them (bill_lines' column names). Ingredients a group does not use are left out.
 */
export function saleIngredientsByGroup(
  db: DbOrTx,
  branchId: string,
  groups: Record<string, readonly object[]>,
) {
  return selectRows<{ key: string; ingredient_id: string; used: number }>(
    db,
    sql`select g.key, u.ingredient_id, u.used::int as used
      from json_each(${JSON.stringify(groups)}::json) as g
      cross join lateral sale_ingredients(${branchId}::uuid, g.value) as u`,
  );
}

/** Names of the live products whose recipes use the ingredient. */
export async function productsUsing(db: DbOrTx, branchId: string, ingredientId: string) {
  const rows = await db
    .select({ name: products.name })
    .from(productIngredients)
    .innerJoin(
      products,
      and(
        eq(products.branchId, productIngredients.branchId),
        eq(products.id, productIngredients.productId),
      ),
    )
    .where(
      and(
        eq(productIngredients.branchId, branchId),
        eq(productIngredients.ingredientId, ingredientId),
        isNull(products.archivedAt),
      ),
    )
    .orderBy(asc(products.name));
  return rows.map((row) => row.name);
}

export async function insertMovements(db: DbOrTx, rows: NewInventoryMovement[]) {
  if (rows.length > 0) await db.insert(inventoryMovements).values(rows);
}

export async function insertPurchase(db: DbOrTx, row: NewStockPurchase) {
  const [inserted] = await db
    .insert(stockPurchases)
    .values(row)
    .returning({ id: stockPurchases.id });
  return inserted!.id;
}

/** An item's history, newest first (at most `limit` rows). */
export function listMovements(db: DbOrTx, branchId: string, ingredientId: string, limit = 500) {
  const m = inventoryMovements;
  const reversal = alias(inventoryMovements, 'reversal');
  const reversedBy = alias(users, 'reversed_by');
  return db
    .select({
      id: m.id,
      action: m.action,
      quantityDelta: m.quantityDelta,
      quantityAfter: m.quantityAfter,
      pricePaise: m.pricePaise,
      invoiceDate: m.invoiceDate,
      invoiceNumber: stockPurchases.invoiceNumber,
      vendorName: vendors.name,
      note: m.note,
      changes: m.changes,
      userName: users.name,
      createdAt: m.createdAt,
      billNumber: bills.number,
      tableLabel: bills.tableLabel,
      reversesMovementId: m.reversesMovementId,
      reversedAt: reversal.createdAt,
      reversedByName: reversedBy.name,
    })
    .from(m)
    .leftJoin(
      stockPurchases,
      and(eq(stockPurchases.branchId, m.branchId), eq(stockPurchases.id, m.stockPurchaseId)),
    )
    .leftJoin(vendors, and(eq(vendors.branchId, m.branchId), eq(vendors.id, m.vendorId)))
    .leftJoin(users, eq(users.id, m.userId))
    .leftJoin(bills, and(eq(bills.branchId, m.branchId), eq(bills.id, m.billId)))
    .leftJoin(
      reversal,
      and(eq(reversal.branchId, m.branchId), eq(reversal.reversesMovementId, m.id)),
    )
    .leftJoin(reversedBy, eq(reversedBy.id, reversal.userId))
    .where(and(eq(m.branchId, branchId), eq(m.ingredientId, ingredientId)))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(limit);
}

/**
 * One history row of the item, with whether it was reversed already (the reversal's id), for a
 * reversal; the caller holds the item's lock, so a parallel reversal waits and then sees this.
 */
export async function findMovement(
  db: DbOrTx,
  branchId: string,
  ingredientId: string,
  movementId: string,
) {
  const m = inventoryMovements;
  const reversal = alias(inventoryMovements, 'reversal');
  const [row] = await db
    .select({
      id: m.id,
      action: m.action,
      quantityDelta: m.quantityDelta,
      pricePaise: m.pricePaise,
      invoiceDate: m.invoiceDate,
      vendorId: m.vendorId,
      stockPurchaseId: m.stockPurchaseId,
      reversalId: reversal.id,
    })
    .from(m)
    .leftJoin(
      reversal,
      and(eq(reversal.branchId, m.branchId), eq(reversal.reversesMovementId, m.id)),
    )
    .where(and(eq(m.branchId, branchId), eq(m.ingredientId, ingredientId), eq(m.id, movementId)))
    .limit(1);
  return row ?? null;
}

/** The purchase no longer counts (vendor total, stock table, latest price). */
export async function markPurchaseReversed(
  db: DbOrTx,
  branchId: string,
  purchaseId: string,
  at: Date,
) {
  await db
    .update(stockPurchases)
    .set({ reversedAt: at })
    .where(and(eq(stockPurchases.branchId, branchId), eq(stockPurchases.id, purchaseId)));
}

// ---------------------------------------------------------------------------------------------
// Stock submissions (idempotency)
// ---------------------------------------------------------------------------------------------

export async function findSubmission(db: DbOrTx, branchId: string, idempotencyKey: string) {
  const [row] = await db
    .select({
      id: stockSubmissions.id,
      requestHash: stockSubmissions.requestHash,
      result: stockSubmissions.result,
    })
    .from(stockSubmissions)
    .where(
      and(
        eq(stockSubmissions.branchId, branchId),
        eq(stockSubmissions.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Claims the key: the new row's id, or null when the key is already taken. A concurrent claim
 * of the same key waits here until the first transaction ends (then gets null if it
 * committed, or the claim if it rolled back).
 */
export async function claimSubmission(
  db: DbOrTx,
  row: {
    branchId: string;
    idempotencyKey: string;
    requestHash: string;
    createdBy: string;
    createdAt: Date;
  },
) {
  const [inserted] = await db
    .insert(stockSubmissions)
    .values({ ...row, result: {} })
    .onConflictDoNothing({ target: [stockSubmissions.branchId, stockSubmissions.idempotencyKey] })
    .returning({ id: stockSubmissions.id });
  return inserted?.id ?? null;
}

export async function saveSubmissionResult(
  db: DbOrTx,
  branchId: string,
  id: string,
  result: unknown,
) {
  await db
    .update(stockSubmissions)
    .set({ result })
    .where(and(eq(stockSubmissions.branchId, branchId), eq(stockSubmissions.id, id)));
}

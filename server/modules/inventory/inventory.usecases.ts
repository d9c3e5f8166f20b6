import type { z } from 'zod';
import {
  MAX_STORED_QUANTITY,
  formatQuantity,
  toBaseQuantity,
  type StoredUnit,
} from '../../../shared/units';
import type {
  Categories,
  InventoryHistory,
  InventoryItem,
  InventoryList,
  createIngredientBodySchema,
  ingredientChangesSchema,
  inventoryListQuerySchema,
  updateIngredientBodySchema,
} from '../../../shared/schemas/inventory.schemas';
import type { Db, DbOrTx } from '../../db/client';
import type { NewIngredient } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { raisedDetail, uniqueViolation } from '../../lib/db-errors';
import {
  ingredientInUse,
  ingredientNotFound,
  nameTaken,
  quantityChanged,
  returnTooLarge,
  saleTooLarge,
} from './inventory.errors';
import * as repo from './inventory.repository';
import { stockValuePaise } from './inventory.value';

function view(row: repo.IngredientRow, purchase: repo.LatestPurchase | undefined): InventoryItem {
  return {
    ...row,
    updatedAt: row.updatedAt.toISOString(),
    isLow: row.quantity < row.lowStockThreshold,
    lastPurchase: purchase ?? null,
    valuePaise: stockValuePaise(row.quantity, purchase ?? null),
  };
}

async function viewsOf(db: DbOrTx, branchId: string, rows: repo.IngredientRow[]) {
  const purchases = await repo.latestPurchases(
    db,
    branchId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => view(row, purchases.get(row.id)));
}

const itemWithoutMoney = (item: InventoryItem): InventoryItem => ({
  ...item,
  lastPurchase: null,
  valuePaise: null,
});

/**
 * The same answers with the store's money left out, for callers who add stock but may not see
 * what the store is worth or paid (staff, product.md).
 */
export const withoutMoney = {
  item: itemWithoutMoney,
  list: (list: InventoryList): InventoryList => ({
    ...list,
    items: list.items.map(itemWithoutMoney),
    totalValuePaise: null,
  }),
  history: (history: InventoryHistory): InventoryHistory => ({
    items: history.items.map((row) => ({ ...row, pricePaise: null })),
  }),
};

/** The inventory dashboard: items, how many are low, and what the store holds is worth. */
export async function listInventory({
  db,
  branchId,
  filter,
}: {
  db: Db;
  branchId: string;
  filter: z.output<typeof inventoryListQuerySchema>;
}): Promise<InventoryList> {
  const items = await viewsOf(db, branchId, await repo.listIngredients(db, branchId, filter));
  return {
    items,
    count: items.length,
    lowStockCount: items.filter((item) => item.isLow).length,
    totalValuePaise: items.reduce((sum, item) => sum + (item.valuePaise ?? 0), 0),
  };
}

export async function listCategories({
  db,
  branchId,
  prefix,
}: {
  db: Db;
  branchId: string;
  prefix: string | undefined;
}): Promise<Categories> {
  return { categories: await repo.listCategories(db, branchId, prefix) };
}

async function mustFind(db: DbOrTx, branchId: string, id: string) {
  const row = await repo.findIngredient(db, branchId, id);
  // Another branch's item answers exactly like one that does not exist.
  if (!row) throw ingredientNotFound();
  return row;
}

export async function getInventoryItem({
  db,
  branchId,
  id,
}: {
  db: Db;
  branchId: string;
  id: string;
}): Promise<InventoryItem> {
  const [item] = await viewsOf(db, branchId, [await mustFind(db, branchId, id)]);
  return item!;
}

export async function inventoryHistory({
  db,
  branchId,
  id,
}: {
  db: Db;
  branchId: string;
  id: string;
}): Promise<InventoryHistory> {
  const item = await mustFind(db, branchId, id);
  const rows = await repo.listMovements(db, branchId, id);
  return {
    items: rows.map((row) => ({
      ...row,
      unit: item.unit,
      changes: row.changes as z.infer<typeof ingredientChangesSchema> | null,
      createdAt: row.createdAt.toISOString(),
      reversedAt: row.reversedAt?.toISOString() ?? null,
    })),
  };
}

/** A unique violation on the name index is the same refusal as the check before it. */
async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'ingredients_branch_category_name_unique') throw nameTaken();
    throw error;
  }
}

/** Add New Ingredient: the item and its 'Add Inventory' history row. */
export async function addIngredient({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: z.output<typeof createIngredientBodySchema> }): Promise<InventoryItem> {
  const { quantity, unit } = toBaseQuantity(input.quantity, input.unit);
  const threshold = toBaseQuantity(input.lowStockThreshold ?? 0, input.unit).quantity;
  const now = clock();
  const id = await refusingDuplicates(() =>
    db.transaction(async (tx) => {
      if (await repo.sameNameInCategory(tx, branchId, input)) throw nameTaken();
      const id = await repo.insertIngredient(tx, {
        branchId,
        category: input.category,
        name: input.name,
        quantity,
        unit,
        lowStockThreshold: threshold,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertMovements(tx, [
        {
          branchId,
          ingredientId: id,
          action: 'add_inventory',
          quantityDelta: quantity,
          quantityAfter: quantity,
          userId,
          createdAt: now,
        },
      ]);
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'ingredient.create',
        entity: 'ingredient',
        entityId: id,
        data: { category: input.category, name: input.name, quantity, unit },
        at: now,
      });
      return id;
    }),
  );
  return getInventoryItem({ db, branchId, id });
}

/**
 * Edit Inventory Item. What changed goes into one history row: 'adjustment' when the quantity
 * changed and a reason was given (a stock correction), otherwise 'update'. Nothing changed, no
 * row. The low-stock level is not history (the audit trail has it).
 */
export async function editIngredient({
  db,
  clock,
  branchId,
  userId,
  id,
  input,
}: Actor & {
  id: string;
  input: z.output<typeof updateIngredientBodySchema>;
}): Promise<InventoryItem> {
  const { quantity, unit } = toBaseQuantity(input.quantity, input.unit);
  const threshold =
    input.lowStockThreshold === undefined
      ? undefined
      : toBaseQuantity(input.lowStockThreshold, input.unit).quantity;
  const now = clock();
  await refusingDuplicates(() =>
    db.transaction(async (tx) => {
      const [current] = await repo.lockIngredients(tx, branchId, [id]);
      if (!current) throw ingredientNotFound();
      if (input.expectedQuantity !== undefined && input.expectedQuantity !== current.quantity) {
        throw quantityChanged(formatQuantity(current.quantity, current.unit));
      }
      if (await repo.sameNameInCategory(tx, branchId, input, id)) throw nameTaken();
      const next = { category: input.category, name: input.name, quantity, unit };
      const changes: z.infer<typeof ingredientChangesSchema> = {};
      for (const key of ['category', 'name', 'quantity', 'unit'] as const) {
        if (current[key] !== next[key]) changes[key] = { from: current[key], to: next[key] };
      }
      const changed = Object.keys(changes).length > 0;
      if (!changed && (threshold === undefined || threshold === current.lowStockThreshold)) return;
      await repo.updateIngredient(tx, branchId, id, {
        ...next,
        ...(threshold === undefined ? {} : { lowStockThreshold: threshold }),
        updatedAt: now,
      });
      if (changed) {
        await repo.insertMovements(tx, [
          {
            branchId,
            ingredientId: id,
            action: changes.quantity && input.reason ? 'adjustment' : 'update',
            quantityDelta: quantity - current.quantity,
            quantityAfter: quantity,
            note: input.reason ?? null,
            changes,
            userId,
            createdAt: now,
          },
        ]);
      }
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'ingredient.update',
        entity: 'ingredient',
        entityId: id,
        data: {
          ...changes,
          ...(threshold !== undefined && threshold !== current.lowStockThreshold
            ? { lowStockThreshold: { from: current.lowStockThreshold, to: threshold } }
            : {}),
          ...(input.reason ? { reason: input.reason } : {}),
        },
        at: now,
      });
    }),
  );
  return getInventoryItem({ db, branchId, id });
}

/**
 * Delete: refused while a live product's recipe uses the item (naming those products);
 * otherwise the item leaves the dashboard and its history stays for the reports.
 */
export async function deleteIngredient({
  db,
  clock,
  branchId,
  userId,
  id,
}: Actor & { id: string }): Promise<void> {
  const now = clock();
  await db.transaction(async (tx) => {
    const [current] = await repo.lockIngredients(tx, branchId, [id]);
    if (!current) throw ingredientNotFound();
    const usedBy = await repo.productsUsing(tx, branchId, id);
    if (usedBy.length > 0) throw ingredientInUse(usedBy);
    await repo.updateIngredient(tx, branchId, id, { deletedAt: now, updatedAt: now });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'ingredient.delete',
      entity: 'ingredient',
      entityId: id,
      data: { category: current.category, name: current.name, quantity: current.quantity },
      at: now,
    });
  });
}

/** Live items of the branch among `ids`, for other modules (vendors' supplied items). */
export function liveIngredients(db: DbOrTx, branchId: string, ids: string[]) {
  return ids.length === 0 ? Promise.resolve([]) : repo.listIngredients(db, branchId, { ids });
}

/**
 * Each item's latest purchase that stands (price and quantity), for other modules: the Add
 * Stock form compares a new price per unit with it.
 */
export function latestPurchasesOf(db: DbOrTx, branchId: string, ingredientIds: string[]) {
  return repo.latestPurchases(db, branchId, ingredientIds);
}

/**
 * What each `{ ingredientId, quantity }` costs at the item's latest purchase price, in paise
 * (null: never bought), in the order given; for other modules (a recipe's food cost).
 */
export async function costsAtLatestPrice(
  db: DbOrTx,
  branchId: string,
  rows: readonly { ingredientId: string; quantity: number }[],
): Promise<(number | null)[]> {
  const ids = [...new Set(rows.map((row) => row.ingredientId))];
  const purchases = await repo.latestPurchases(db, branchId, ids);
  return rows.map((row) => stockValuePaise(row.quantity, purchases.get(row.ingredientId) ?? null));
}

/**
 * A sale takes what it used out of stock in the database, inside the payment's one statement
 * (`deduct_ingredients_for_sale`, inventory.functions.sql: rows locked in id order, one 'sale'
 * history row each, deleted items skipped). The least an ingredient may hold is this, as
 * that function takes it.
 */
export const LEAST_STORED_QUANTITY = -MAX_STORED_QUANTITY;

/**
 * The error to answer when `error` is the database refusing a sale that would take an
 * ingredient below LEAST_STORED_QUANTITY ('inventory.sale_too_large', its name and unit in the
 * DETAIL); null for any other error.
 */
export function saleTooLargeOf(error: unknown): Error | null {
  return stockLimitOf(error, 'inventory.sale_too_large', saleTooLarge);
}

/** The same for a cancelled bill's ingredients put back above the most an item can hold. */
export function returnTooLargeOf(error: unknown): Error | null {
  return stockLimitOf(error, 'inventory.return_too_large', returnTooLarge);
}

/** The error of a database function that refused a stock limit, with its ingredient. */
function stockLimitOf(
  error: unknown,
  raised: string,
  answer: (name: string, most: string) => Error,
): Error | null {
  const detail = raisedDetail(error, raised);
  if (detail === null) return null;
  const { name, unit } = JSON.parse(detail) as { name: string; unit: StoredUnit };
  return answer(name, formatQuantity(MAX_STORED_QUANTITY, unit));
}

/**
 * The demo seed (server/demo): writes the demo's ingredients as given (ids and times are the
 * seed's), with no audit entry; their movements and the stock they leave come with
 * `recordDemoStock`, once the demo's sales are written. `addIngredient` is the operation.
 */
export async function recordDemoIngredients(tx: DbOrTx, rows: NewIngredient[]): Promise<void> {
  for (const row of rows) await repo.insertIngredient(tx, row);
}

import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  MAX_STORED_QUANTITY,
  formatQuantity,
  storedUnitOf,
  toBaseQuantity,
} from '../../../shared/units';
import type {
  InventoryItem,
  StockSubmissionResult,
  reversalBodySchema,
  stockSubmissionBodySchema,
} from '../../../shared/schemas/inventory.schemas';
import type { Db, DbOrTx } from '../../db/client';
import type { NewInventoryMovement, NewStockPurchase } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { publishBranchEvent } from '../../lib/events';
import { vendorSupplies } from '../vendors/vendors.usecases';
import {
  alreadyReversed,
  entryVendorNotFound,
  ingredientNotFound,
  keyReused,
  movementNotFound,
  notReversible,
  notSupplied,
  reversalTooLarge,
  stockTooLarge,
  wrongUnit,
} from './inventory.errors';
import * as repo from './inventory.repository';
import { getInventoryItem } from './inventory.usecases';

type Body = z.output<typeof stockSubmissionBodySchema>;
type StoredResult = Omit<StockSubmissionResult, 'replayed'>;

const hashOf = (entries: Body['entries']) =>
  createHash('sha256').update(JSON.stringify(entries)).digest('hex');

async function replay(db: Db, branchId: string, key: string, requestHash: string) {
  const done = await repo.findSubmission(db, branchId, key);
  if (!done) return null;
  if (done.requestHash !== requestHash) throw keyReused();
  return { ...(done.result as StoredResult), replayed: true };
}

/**
 * 'Submit All Stock Entries', exactly once per idempotency key, in one transaction: every
 * entry is checked first (vendor live and of this branch, item of this branch among the
 * vendor's supplied items, unit of the item's kind), the items are locked in id order, then
 * the purchase rows, the new quantities and the 'Add Stock' history rows are written. Any bad
 * entry throws and nothing is written. The key is claimed in the same transaction, so a
 * parallel repeat waits for the first and then answers its result.
 */
export async function submitStock({
  db,
  clock,
  branchId,
  userId,
  input,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
  input: Body;
}): Promise<StockSubmissionResult> {
  const requestHash = hashOf(input.entries);
  const earlier = await replay(db, branchId, input.idempotencyKey, requestHash);
  if (earlier) return earlier;

  const now = clock();
  const result = await db.transaction(async (tx): Promise<StoredResult | null> => {
    const submissionId = await repo.claimSubmission(tx, {
      branchId,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      createdBy: userId,
      createdAt: now,
    });
    if (!submissionId) return null;

    const supplies = await vendorSupplies(tx, branchId, [
      ...new Set(input.entries.map((e) => e.vendorId)),
    ]);
    const locked = await repo.lockIngredients(tx, branchId, [
      ...new Set(input.entries.map((e) => e.ingredientId)),
    ]);
    const items = new Map(locked.map((item) => [item.id, { ...item }]));

    const lines = input.entries.map((entry, index) => {
      const at = `entries.${index}`;
      const supplied = supplies.get(entry.vendorId);
      if (!supplied) throw entryVendorNotFound(`${at}.vendorId`);
      const item = items.get(entry.ingredientId);
      if (!item) throw ingredientNotFound(`${at}.ingredientId`);
      if (!supplied.has(item.id)) throw notSupplied(`${at}.ingredientId`);
      if (storedUnitOf(entry.unit) !== item.unit) throw wrongUnit(`${at}.unit`, item.unit);
      const quantity = toBaseQuantity(entry.quantity, entry.unit).quantity;
      item.quantity += quantity;
      if (item.quantity > MAX_STORED_QUANTITY) {
        throw stockTooLarge(
          `${at}.quantity`,
          item.name,
          formatQuantity(MAX_STORED_QUANTITY, item.unit),
        );
      }
      return { entry, item, quantity, quantityAfter: item.quantity };
    });

    for (const { entry, item, quantity, quantityAfter } of lines) {
      const stockPurchaseId = await repo.insertPurchase(tx, {
        branchId,
        vendorId: entry.vendorId,
        ingredientId: item.id,
        invoiceDate: entry.invoiceDate,
        invoiceNumber: entry.invoiceNumber ?? null,
        submissionId,
        quantity,
        pricePaise: entry.pricePaise,
        createdBy: userId,
        createdAt: now,
      });
      await repo.insertMovements(tx, [
        {
          branchId,
          ingredientId: item.id,
          action: 'add_stock',
          quantityDelta: quantity,
          quantityAfter,
          pricePaise: entry.pricePaise,
          invoiceDate: entry.invoiceDate,
          vendorId: entry.vendorId,
          stockPurchaseId,
          userId,
          createdAt: now,
        },
      ]);
    }
    const touched = [...items.values()];
    await repo.setQuantities(tx, branchId, touched, now);
    const stored: StoredResult = {
      submissionId,
      entryCount: lines.length,
      ingredients: touched.map(({ id, name, quantity, unit }) => ({ id, name, quantity, unit })),
    };
    await repo.saveSubmissionResult(tx, branchId, submissionId, stored);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'stock.submit',
      entity: 'stock_submission',
      entityId: submissionId,
      data: { entries: lines.length, idempotencyKey: input.idempotencyKey },
      at: now,
    });
    return stored;
  });
  if (result) return { ...result, replayed: false };
  // Another request with this key committed while this one waited for it.
  const after = await replay(db, branchId, input.idempotencyKey, requestHash);
  if (!after) throw new Error('A claimed stock submission vanished');
  return after;
}

/**
 * Reverses a stock entry made by mistake, in one transaction: a 'reversal' history row linked
 * to the 'Add Stock' row (who and when; the optional reason as its note) takes its quantity
 * back out of the item, and its purchase stops counting (the vendor's total and stock table,
 * the item's latest price). Both rows stay in the history. The item's row is locked first, so
 * of two reversals at once the second waits and then finds the first (409); the unique index
 * on the link refuses a second one whatever happens.
 */
export async function reverseStockEntry({
  db,
  clock,
  branchId,
  userId,
  id,
  movementId,
  input,
}: Actor & {
  id: string;
  movementId: string;
  input: z.output<typeof reversalBodySchema>;
}): Promise<InventoryItem> {
  const now = clock();
  try {
    await db.transaction(async (tx) => {
      const [item] = await repo.lockIngredients(tx, branchId, [id]);
      if (!item) throw ingredientNotFound();
      const entry = await repo.findMovement(tx, branchId, id, movementId);
      if (!entry) throw movementNotFound();
      if (entry.action !== 'add_stock' || !entry.stockPurchaseId) throw notReversible();
      if (entry.reversalId) throw alreadyReversed();
      const quantityAfter = item.quantity - entry.quantityDelta;
      if (quantityAfter < -MAX_STORED_QUANTITY) {
        throw reversalTooLarge(item.name, formatQuantity(MAX_STORED_QUANTITY, item.unit));
      }
      await repo.setQuantities(tx, branchId, [{ id, quantity: quantityAfter }], now);
      await repo.insertMovements(tx, [
        {
          branchId,
          ingredientId: id,
          action: 'reversal',
          quantityDelta: -entry.quantityDelta,
          quantityAfter,
          pricePaise: entry.pricePaise,
          invoiceDate: entry.invoiceDate,
          vendorId: entry.vendorId,
          // Not the purchase's id: that link means "the row that added this purchase".
          reversesMovementId: entry.id,
          note: input.reason ?? null,
          userId,
          createdAt: now,
        },
      ]);
      await repo.markPurchaseReversed(tx, branchId, entry.stockPurchaseId, now);
      await publishBranchEvent(tx, branchId, { type: 'stock.changed' });
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'stock.reverse',
        entity: 'ingredient',
        entityId: id,
        data: {
          movementId: entry.id,
          stockPurchaseId: entry.stockPurchaseId,
          quantity: entry.quantityDelta,
          pricePaise: entry.pricePaise,
          ...(input.reason ? { reason: input.reason } : {}),
        },
        at: now,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'inventory_movements_reverses_unique') throw alreadyReversed();
    throw error;
  }
  return getInventoryItem({ db, branchId, id });
}

/** A bill line as the recipe rule reads it: its product, variant, add-ons and quantity. */
export interface SaleLine {
  productId?: string | null;
  variantId?: string | null;
  addons?: readonly { id: string }[];
  quantity: number;
}

/**
 * What each group of bill lines used of each ingredient by inventory's recipe rule
 * (`sale_ingredients`, the payment's), in one statement: per key, each ingredient's id and the
 * quantity used in base units (an ingredient a group does not use is absent). The demo seed
 * learns what each day's bills used from it.
 */
export async function ingredientsUsedBy(
  db: DbOrTx,
  branchId: string,
  groups: ReadonlyMap<string, readonly SaleLine[]>,
): Promise<Map<string, Map<string, number>>> {
  const lines: Record<string, object[]> = {};
  for (const [key, group] of groups) {
    lines[key] = group.map((line) => ({
      product_id: line.productId ?? null,
      variant_id: line.variantId ?? null,
      addons: line.addons ?? [],
      quantity: line.quantity,
    }));
  }
  const used = new Map<string, Map<string, number>>();
  for (const row of await repo.saleIngredientsByGroup(db, branchId, lines)) {
    const group = used.get(row.key) ?? new Map<string, number>();
    group.set(row.ingredient_id, row.used);
    used.set(row.key, group);
  }
  return used;
}

/** An ingredient's stock as the demo's history leaves it. */
export interface DemoIngredientStock {
  branchId: string;
  id: string;
  quantity: number;
  lowStockThreshold: number;
  updatedAt: Date;
}

/**
 * The demo seed (server/demo): writes the demo's 60 days of stock history as given: the
 * deliveries (stock purchases), every movement (opening stock, deliveries, the day's sales,
 * write-offs) and each ingredient's stock as they leave it (its quantity, its low-stock
 * threshold), with no audit entry and no live event. The movements go in batches of 500 rows:
 * `submitStock` is the operation, one entry at a time, and far too slow for two thousand rows.
 */
export async function recordDemoStock(
  tx: DbOrTx,
  rows: {
    purchases: NewStockPurchase[];
    movements: NewInventoryMovement[];
    stock: DemoIngredientStock[];
  },
): Promise<void> {
  for (const purchase of rows.purchases) await repo.insertPurchase(tx, purchase);
  for (let i = 0; i < rows.movements.length; i += 500) {
    await repo.insertMovements(tx, rows.movements.slice(i, i + 500));
  }
  for (const { branchId, id, ...stock } of rows.stock) {
    await repo.updateIngredient(tx, branchId, id, stock);
  }
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { ProvisionalBill } from '../../../shared/schemas/bill-print.schemas';
import type { OrdersReport } from '../../../shared/schemas/orders-report.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { ingredients, productIngredients } from '../../db/schema';
import { callsAs, createTwoBranchApp } from '../../test/api-client';
import { dailyTotalsMismatches } from '../../test/daily-totals';
import type { BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { menuOf } from '../tables/menu.test-support';
import { addProduct } from '../tables/tables.test-support';

// A bill of lines with choices (docs/menu.md): its lines keep the variant, add-ons and note;
// the payment deducts a variant's recipe instead of its product's and each add-on's on top;
// a cancellation gives them back; the add-ons sold are counted per day for the orders report.

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof callsAs>;
let rice: string;
let chicken: string;
let cheese: string;
let biryani: string;
let half: string;
let full: string;
let extraCheese: string;
let raita: string;

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

beforeAll(async () => {
  ({ t, mine, manager } = await createTwoBranchApp(callsAs));
  const db = t.database.db;
  const ingredient = async (name: string, unit: string) =>
    (
      await json<{ id: string }>(
        await manager('POST', '/api/inventory', { category: 'Kitchen', name, quantity: 10, unit }),
        201,
      )
    ).id;
  rice = await ingredient('Rice', 'kg');
  chicken = await ingredient('Chicken', 'kg');
  cheese = await ingredient('Cheese', 'kg');
  // The product's recipe: 200 g rice, 150 g chicken a plate. Half has its own (100 g rice,
  // 80 g chicken); Full has none, so it uses the product's.
  biryani = await addProduct(db, mine.branchId, 'Chicken Biryani', 30000);
  await db.insert(productIngredients).values([
    { branchId: mine.branchId, productId: biryani, ingredientId: rice, quantityUsed: 200 },
    { branchId: mine.branchId, productId: biryani, ingredientId: chicken, quantityUsed: 150 },
  ]);
  const menu = menuOf(db, mine.branchId);
  ({ Half: half, Full: full } = await menu.variants(biryani, [
    { name: 'Half', pricePaise: 18000 },
    { name: 'Full', pricePaise: 30000, isDefault: true },
  ]));
  await menu.recipe('variant', half, [
    { ingredientId: rice, quantityUsed: 100 },
    { ingredientId: chicken, quantityUsed: 80 },
  ]);
  ({
    options: { 'Extra cheese': extraCheese, Raita: raita },
  } = await menu.group(
    'Extras',
    { min: 0, max: 2 },
    [
      { name: 'Extra cheese', pricePaise: 3000 },
      { name: 'Raita', pricePaise: 0 },
    ],
    [biryani],
  ));
  await menu.recipe('option', extraCheese, [{ ingredientId: cheese, quantityUsed: 20 }]);
});
afterAll(() => t?.close());

const stock = async () =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ id: ingredients.id, quantity: ingredients.quantity })
        .from(ingredients)
        .where(eq(ingredients.branchId, mine.branchId))
    ).map((row) => [row.id, row.quantity]),
  );

/** A table with 2 × Half + cheese + raita 'no onion', and 1 × Full + cheese. */
async function orderWithChoices(): Promise<{ tableId: string; order: TableOrder }> {
  const table = await json<{ id: string }>(
    await manager('POST', '/api/tables', { label: `T-${randomUUID().slice(0, 8)}` }),
    201,
  );
  const tap = (payload: object) =>
    manager('POST', `/api/tables/${table.id}/lines`, { opId: randomUUID(), delta: 1, ...payload });
  await json(
    await tap({
      productId: biryani,
      variantId: half,
      addonIds: [raita, extraCheese],
      note: 'No onion',
      delta: 2,
    }),
  );
  const order = await json<TableOrder>(
    await tap({ productId: biryani, variantId: full, addonIds: [extraCheese] }),
  );
  return { tableId: table.id, order };
}

const HALF_LINE = {
  name: 'Chicken Biryani (Half)',
  variantName: 'Half',
  addons: [
    { group: 'Extras', name: 'Extra cheese', pricePaise: 3000 },
    { group: 'Extras', name: 'Raita', pricePaise: 0 },
  ],
  note: 'No onion',
  unitPricePaise: 21000,
  quantity: 2,
  lineTotalPaise: 42000,
};
const FULL_LINE = {
  name: 'Chicken Biryani (Full)',
  variantName: 'Full',
  addons: [{ group: 'Extras', name: 'Extra cheese', pricePaise: 3000 }],
  note: '',
  unitPricePaise: 33000,
  quantity: 1,
  lineTotalPaise: 33000,
};

describe('bills of lines with choices', () => {
  it('the provisional bill, the payment and the bill read back carry each line’s variant, add-ons and note', async () => {
    const { tableId, order } = await orderWithChoices();
    const provisional = await json<ProvisionalBill>(
      await manager('GET', `/api/tables/${tableId}/provisional-bill`),
    );
    expect(provisional.lines).toMatchObject([
      { ...HALF_LINE, variantId: half },
      { ...FULL_LINE, variantId: full },
    ]);
    const paid = await json<Bill>(
      await manager('POST', `/api/tables/${tableId}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        discountPercent: 0,
        status: 'Settled',
        payments: [{ method: 'Cash', amountPaise: provisional.totalPaise }],
      }),
      201,
    );
    expect(paid.lines).toMatchObject([HALF_LINE, FULL_LINE]);
    const read = await json<Bill>(await manager('GET', `/api/bills/${paid.id}`));
    expect(read.lines).toEqual(paid.lines);
    expect(read.lines[0]!.addons.map((addon) => addon.id)).toEqual([extraCheese, raita]);
  });

  it("the payment deducts a variant's recipe instead of the product's and each add-on's on top; a cancellation gives them back", async () => {
    const before = await stock();
    const { tableId, order } = await orderWithChoices();
    const paid = await json<Bill>(
      await manager('POST', `/api/tables/${tableId}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        discountPercent: 0,
        status: 'Due',
        responsible: 'Ravi',
        payments: [],
      }),
      201,
    );
    const after = await stock();
    // Half × 2: its own recipe (100 g rice, 80 g chicken); Full × 1: the product's (200 g,
    // 150 g); cheese on 3 plates: 20 g each.
    expect(before[rice]! - after[rice]!).toBe(2 * 100 + 200);
    expect(before[chicken]! - after[chicken]!).toBe(2 * 80 + 150);
    expect(before[cheese]! - after[cheese]!).toBe(3 * 20);
    await json(
      await manager('POST', `/api/bills/${paid.id}/cancel`, { reason: 'Ordered by mistake' }),
    );
    expect(await stock()).toEqual(before);
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);
  });

  it('the orders report lists the add-ons sold over the range, and its items per variant', async () => {
    const { tableId, order } = await orderWithChoices();
    await json(
      await manager('POST', `/api/tables/${tableId}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        discountPercent: 10,
        status: 'Due',
        responsible: 'Ravi',
        payments: [],
      }),
      201,
    );
    const report = await json<OrdersReport>(await manager('GET', '/api/reports/orders'));
    // The bills of the tests before: one paid (counted), one cancelled (taken out again).
    expect(report.addonSales).toEqual([
      { group: 'Extras', name: 'Extra cheese', quantity: 6, revenuePaise: 18000 },
      { group: 'Extras', name: 'Raita', quantity: 4, revenuePaise: 0 },
    ]);
    expect(report.topItems).toEqual([
      { name: 'Chicken Biryani (Half)', quantity: 4, revenuePaise: 84000 },
      { name: 'Chicken Biryani (Full)', quantity: 2, revenuePaise: 66000 },
    ]);
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  InventoryHistory,
  InventoryItem,
  StockSubmissionResult,
} from '../../../shared/schemas/inventory.schemas';
import type { StockOptions, VendorDetail } from '../../../shared/schemas/vendors.schemas';
import { inventoryMovements, stockPurchases, stockSubmissions } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import type { BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { apiAs, entry } from './inventory.test-support';

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof apiAs>;
let staff: ReturnType<typeof apiAs>;
let theirs: ReturnType<typeof apiAs>;
let tomato: InventoryItem;
let milk: InventoryItem;
let vendorId: string;

beforeAll(async () => {
  ({ t, mine, manager, staff, theirs } = await createTwoBranchApp(apiAs));
  tomato = await manager.addIngredient({
    category: 'Vegetables',
    name: 'Tomato',
    quantity: 1,
    unit: 'kg',
  });
  milk = await manager.addIngredient({ category: 'Dairy', name: 'Milk', quantity: 2, unit: 'l' });
  const vendor = await manager.addVendor({
    name: 'Fresh Farms',
    categories: ['Vegetables', 'Dairy'],
    itemIds: [tomato.id, milk.id],
  });
  vendorId = vendor.id;
});
afterAll(() => t.close());

/** Everything a submission writes, to prove that a refused one wrote nothing. */
async function written() {
  const db = t.database.db;
  const n = async (
    table: typeof stockPurchases | typeof inventoryMovements | typeof stockSubmissions,
  ) => (await db.select({ n: count() }).from(table).where(eq(table.branchId, mine.branchId)))[0]!.n;
  const quantity = async (id: string) =>
    ((await manager.get(`/api/inventory/${id}`)).json() as InventoryItem).quantity;
  return {
    purchases: await n(stockPurchases),
    movements: await n(inventoryMovements),
    submissions: await n(stockSubmissions),
    tomato: await quantity(tomato.id),
    milk: await quantity(milk.id),
  };
}

describe('Submit All Stock Entries', () => {
  it('writes purchases, raises quantities and adds Add Stock history rows with invoice date and price', async () => {
    const before = await written();
    t.clock.advance(60_000);
    const response = await staff.submit([
      entry(vendorId, tomato.id, {
        quantity: 1.5,
        unit: 'kg',
        pricePaise: 6000,
        invoiceNumber: 'INV-7',
      }),
      entry(vendorId, milk.id, { quantity: 500, unit: 'ml', pricePaise: 3000 }),
      entry(vendorId, tomato.id, { quantity: 500, unit: 'g', pricePaise: 2000 }),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as StockSubmissionResult;
    expect(result).toMatchObject({ replayed: false, entryCount: 3 });
    expect(result.ingredients).toEqual(
      expect.arrayContaining([
        { id: tomato.id, name: 'Tomato', quantity: before.tomato + 2000, unit: 'g' },
        { id: milk.id, name: 'Milk', quantity: before.milk + 500, unit: 'ml' },
      ]),
    );
    expect(await written()).toMatchObject({
      purchases: before.purchases + 3,
      movements: before.movements + 3,
      submissions: before.submissions + 1,
      tomato: before.tomato + 2000,
    });

    const item = (await manager.get(`/api/inventory/${tomato.id}`)).json() as InventoryItem;
    expect(item.updatedAt).toBe(t.clock().toISOString());
    const { items } = (
      await manager.get(`/api/inventory/${tomato.id}/history`)
    ).json() as InventoryHistory;
    const stockRows = items.filter((row) => row.action === 'add_stock');
    expect(stockRows.map((row) => [row.quantityDelta, row.quantityAfter])).toEqual(
      expect.arrayContaining([
        [1500, before.tomato + 1500],
        [500, before.tomato + 2000],
      ]),
    );
    expect(stockRows.find((row) => row.quantityDelta === 1500)).toMatchObject({
      pricePaise: 6000,
      invoiceDate: '2026-11-20',
      invoiceNumber: 'INV-7',
      vendorName: 'Fresh Farms',
    });
    const vendor = (await manager.get(`/api/vendors/${vendorId}`)).json() as VendorDetail;
    expect(vendor.totalPaise).toBe(11000);
  });

  it('writes nothing when one entry in the middle is bad', async () => {
    const onion = await manager.addIngredient({
      category: 'Vegetables',
      name: 'Onion',
      quantity: 0,
      unit: 'g',
    });
    const before = await written();
    const response = await manager.submit([
      entry(vendorId, tomato.id),
      entry(vendorId, onion.id), // not supplied by this vendor
      entry(vendorId, milk.id, { unit: 'ml' }),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'entries.1.ingredientId': 'This vendor does not supply this item',
    });
    expect(await written()).toEqual(before);
  });

  it('refuses a unit of another kind than the item is kept in', async () => {
    const before = await written();
    const response = await manager.submit([entry(vendorId, milk.id, { unit: 'kg', quantity: 1 })]);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['entries.0.unit']);
    expect(await written()).toEqual(before);
  });

  it.each([
    ['entries.0.quantity', { quantity: 0 }],
    ['entries.0.quantity', { quantity: 2.5, unit: 'g' as const }],
    ['entries.0.quantity', { quantity: 1_000_001, unit: 'kg' as const }],
    ['entries.0.pricePaise', { pricePaise: -1 }],
    ['entries.0.pricePaise', { pricePaise: 10.5 }],
    ['entries.0.invoiceDate', { invoiceDate: '2026-02-30' }],
    ['entries.0.invoiceDate', { invoiceDate: undefined }],
    ['entries.0.vendorId', { vendorId: 'not-a-uuid' }],
    ['entries.0.unit', { unit: 'lb' as 'g' }],
  ])('answers 400 naming %s and writes nothing', async (field, change) => {
    const before = await written();
    const response = await manager.submit([entry(vendorId, tomato.id, change)]);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(field);
    expect(await written()).toEqual(before);
  });

  it('refuses stock that would take an item above the most it can hold, and writes nothing', async () => {
    const before = await written();
    // Each entry is within the limit (10,00,000 kg); together with the 1 kg already there they
    // are not.
    const response = await manager.submit([
      entry(vendorId, tomato.id, { quantity: 600_000, unit: 'kg' }),
      entry(vendorId, milk.id, { unit: 'ml' }),
      entry(vendorId, tomato.id, { quantity: 400_000, unit: 'kg' }),
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'stock.too_large',
      fields: {
        'entries.2.quantity':
          'This would take Tomato above the most an item can hold (10,00,000 kg)',
      },
    });
    expect(await written()).toEqual(before);
  });

  it('answers 400 for an empty list or a missing key', async () => {
    const empty = await manager.submit([]);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields)).toContain('entries');
    const noKey = await manager.call('POST', '/api/stock/submissions', {
      entries: [entry(vendorId, tomato.id)],
    });
    expect(noKey.statusCode).toBe(400);
    expect(Object.keys(noKey.json().error.fields)).toContain('idempotencyKey');
  });

  it("answers 404 for another branch's vendor or item inside the body, and writes nothing", async () => {
    const foreignItem = await theirs.addIngredient({
      category: 'Vegetables',
      name: 'Tomato',
      quantity: 1,
      unit: 'kg',
    });
    const foreignVendor = await theirs.addVendor({
      name: 'Their Farm',
      categories: ['Vegetables'],
      itemIds: [foreignItem.id],
    });
    const before = await written();
    const byVendor = await manager.submit([
      entry(vendorId, tomato.id),
      entry(foreignVendor.id, foreignItem.id),
    ]);
    expect(byVendor.statusCode).toBe(404);
    expect(Object.keys(byVendor.json().error.fields)).toEqual(['entries.1.vendorId']);
    const byItem = await manager.submit([entry(vendorId, foreignItem.id)]);
    expect(byItem.statusCode).toBe(404);
    expect(Object.keys(byItem.json().error.fields)).toEqual(['entries.0.ingredientId']);
    expect(await written()).toEqual(before);
    const theirItem = (await theirs.get(`/api/inventory/${foreignItem.id}`)).json();
    expect(theirItem.quantity).toBe(1000);
  });

  it('refuses stock from an archived vendor', async () => {
    const gone = await manager.addVendor({
      name: 'Closed Farm',
      categories: ['Vegetables'],
      itemIds: [tomato.id],
    });
    expect((await manager.call('DELETE', `/api/vendors/${gone.id}`)).statusCode).toBe(200);
    const before = await written();
    const response = await manager.submit([entry(gone.id, tomato.id)]);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Vendor not found');
    expect(await written()).toEqual(before);
  });
});

describe('idempotency', () => {
  let before: Awaited<ReturnType<typeof written>>;
  beforeEach(async () => {
    before = await written();
  });

  it('applies a key once: the same submission again answers the first result and writes nothing', async () => {
    const key = randomUUID();
    const entries = [entry(vendorId, tomato.id, { quantity: 250 })];
    const first = await manager.submit(entries, key);
    expect(first.statusCode).toBe(201);
    const again = await manager.submit(entries, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), replayed: true });
    expect(await written()).toMatchObject({
      purchases: before.purchases + 1,
      submissions: before.submissions + 1,
      tomato: before.tomato + 250,
    });
  });

  it('refuses a key sent again with other entries', async () => {
    const key = randomUUID();
    expect((await manager.submit([entry(vendorId, tomato.id)], key)).statusCode).toBe(201);
    const other = await manager.submit([entry(vendorId, tomato.id, { quantity: 9 })], key);
    expect(other.statusCode).toBe(409);
    expect((await written()).tomato).toBe(before.tomato + 1000);
  });

  it('lets a key refused for a bad entry be used again once the entries are fixed', async () => {
    const key = randomUUID();
    const bad = await manager.submit([entry(vendorId, tomato.id, { unit: 'ml' })], key);
    expect(bad.statusCode).toBe(400);
    expect((await manager.submit([entry(vendorId, tomato.id)], key)).statusCode).toBe(201);
  });

  it('applies ten identical parallel submissions exactly once', async () => {
    const key = randomUUID();
    const entries = [
      entry(vendorId, tomato.id, { quantity: 100 }),
      entry(vendorId, milk.id, { quantity: 100, unit: 'ml' }),
    ];
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => manager.submit(entries, key)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(responses.map((r) => (r.json() as StockSubmissionResult).submissionId));
    expect(ids.size).toBe(1);
    expect(await written()).toEqual({
      purchases: before.purchases + 2,
      movements: before.movements + 2,
      submissions: before.submissions + 1,
      tomato: before.tomato + 100,
      milk: before.milk + 100,
    });
  });

  it('keeps every parallel submission with its own key', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        manager.submit([
          entry(vendorId, i % 2 ? tomato.id : milk.id, { quantity: 10, unit: i % 2 ? 'g' : 'ml' }),
          entry(vendorId, i % 2 ? milk.id : tomato.id, { quantity: 10, unit: i % 2 ? 'ml' : 'g' }),
        ]),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await written()).toMatchObject({ tomato: before.tomato + 60, milk: before.milk + 60 });
  });
});

describe('Add Stock choices', () => {
  it('shows staff the vendors with their categories and items and current quantities, without money', async () => {
    const response = await staff.get('/api/stock/options');
    expect(response.statusCode).toBe(200);
    const { vendors } = response.json() as StockOptions;
    const farm = vendors.find((v) => v.id === vendorId)!;
    expect(farm.categories).toEqual(['Vegetables', 'Dairy']);
    expect(farm.items.map((i) => i.name).sort()).toEqual(['Milk', 'Tomato']);
    expect(response.body).not.toMatch(/Paise/);
    expect(vendors.map((v) => v.name)).not.toContain('Their Farm');
  });
});

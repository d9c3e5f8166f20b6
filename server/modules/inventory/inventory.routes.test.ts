import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InventoryHistory,
  InventoryItem,
  InventoryList,
} from '../../../shared/schemas/inventory.schemas';
import { ingredients, inventoryMovements, productIngredients, products } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import type { BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { apiAs, entry } from './inventory.test-support';

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof apiAs>;
let staff: ReturnType<typeof apiAs>;
let theirs: ReturnType<typeof apiAs>;

beforeAll(async () => {
  ({ t, mine, manager, staff, theirs } = await createTwoBranchApp(apiAs));
});
afterAll(() => t.close());

const countIngredients = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(ingredients)
      .where(eq(ingredients.branchId, mine.branchId))
  )[0]!.n;

const history = async (id: string) =>
  ((await manager.get(`/api/inventory/${id}/history`)).json() as InventoryHistory).items;

describe('Add New Ingredient', () => {
  it('stores kilograms as grams and writes an Add Inventory history row', async () => {
    const item = await manager.addIngredient({
      category: 'Vegetables',
      name: 'Onion',
      quantity: 2.5,
      unit: 'kg',
    });
    expect(item).toMatchObject({ quantity: 2500, unit: 'g', branchCode: mine.code });
    expect(item.lastPurchase).toBeNull();
    expect(item.valuePaise).toBeNull();
    const rows = await history(item.id);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'add_inventory',
        quantityDelta: 2500,
        quantityAfter: 2500,
        unit: 'g',
      }),
    ]);
  });

  it.each([
    [{ quantity: 963_649_568, unit: 'kg' }, 'quantity', 'Quantity can be at most 10,00,000 kg'],
    [{ quantity: 1_000_001, unit: 'l' }, 'quantity', 'Quantity can be at most 10,00,000 L'],
    [{ quantity: 1_000_000_001, unit: 'pcs' }, 'quantity', 'Quantity is too large'],
    [
      { quantity: 1, unit: 'kg', lowStockThreshold: 2_000_000 },
      'lowStockThreshold',
      'Low-stock level can be at most 10,00,000 kg',
    ],
  ] as const)(
    'refuses more than an item can hold (%o), naming the field, and writes nothing',
    async (amounts, field, message) => {
      const before = await countIngredients();
      const body = { category: 'Bulk', name: 'Rice', ...amounts };
      const created = await manager.call('POST', '/api/inventory', body);
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json().error.fields).toEqual({ [field]: message });
      expect(await countIngredients()).toBe(before);
    },
  );

  it('refuses the same name twice in one category, in any case, and allows it in another category', async () => {
    await manager.addIngredient({ category: 'Dairy', name: 'Milk', quantity: 1, unit: 'l' });
    const before = await countIngredients();
    const twice = await manager.call('POST', '/api/inventory', {
      category: 'dairy',
      name: ' MILK ',
      quantity: 5,
      unit: 'ml',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields.name).toMatch(/already exists in this category/);
    expect(await countIngredients()).toBe(before);

    const elsewhere = await manager.call('POST', '/api/inventory', {
      category: 'Beverages',
      name: 'Milk',
      quantity: 5,
      unit: 'ml',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it.each([
    ['category', { category: '' }],
    ['category', { category: undefined }],
    ['name', { name: '   ' }],
    ['name', { name: 'Bad\u0000name' }],
    ['quantity', { quantity: -1 }],
    ['quantity', { quantity: '5' }],
    ['quantity', { quantity: 2.5, unit: 'pcs' }],
    ['quantity', { quantity: 1.0005, unit: 'kg' }],
    ['unit', { unit: 'lb' }],
    ['lowStockThreshold', { lowStockThreshold: 0.5 }],
  ])('answers 400 naming %s and writes nothing for %j', async (field, change) => {
    const before = await countIngredients();
    const response = await manager.call('POST', '/api/inventory', {
      category: 'Spices',
      name: 'Pepper',
      quantity: 100,
      unit: 'g',
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(field);
    expect(await countIngredients()).toBe(before);
  });
});

describe('inventory dashboard', () => {
  it('lists by category and name, counts low stock, and values stock at its latest purchase price', async () => {
    const rice = await manager.addIngredient({
      category: 'Grains',
      name: 'Basmati Rice',
      quantity: 0,
      unit: 'kg',
    });
    const dal = await manager.addIngredient({
      category: 'Grains',
      name: 'Toor Dal',
      quantity: 500,
      unit: 'g',
    });
    // The low-stock level is given in the same unit as the quantity: 1 kg.
    const setLevel = await manager.call('PUT', `/api/inventory/${dal.id}`, {
      category: 'Grains',
      name: 'Toor Dal',
      quantity: 0.5,
      unit: 'kg',
      lowStockThreshold: 1,
    });
    expect(setLevel.json()).toMatchObject({ lowStockThreshold: 1000, isLow: true });

    const vendor = await manager.addVendor({
      name: 'Grain House',
      categories: ['Grains'],
      itemIds: [rice.id, dal.id],
    });
    // Two purchases of rice: the later invoice sets the price (₹100 for 3 kg).
    const submitted = await manager.submit([
      entry(vendor.id, rice.id, {
        quantity: 1,
        unit: 'kg',
        pricePaise: 9000,
        invoiceDate: '2026-11-01',
      }),
      entry(vendor.id, rice.id, {
        quantity: 3,
        unit: 'kg',
        pricePaise: 10000,
        invoiceDate: '2026-11-10',
      }),
    ]);
    expect(submitted.statusCode, submitted.body).toBe(201);

    const list = (await manager.get('/api/inventory?category=grains')).json() as InventoryList;
    expect(list.items.map((i) => i.name)).toEqual(['Basmati Rice', 'Toor Dal']);
    const riceRow = list.items.find((i) => i.id === rice.id)!;
    expect(riceRow).toMatchObject({
      quantity: 4000,
      lastPurchase: { pricePaise: 10000, quantity: 3000, invoiceDate: '2026-11-10' },
      // 4000 g × 10000 / 3000 = 13333.33 paise
      valuePaise: 13333,
      isLow: false,
    });
    expect(list).toMatchObject({ count: 2, lowStockCount: 1, totalValuePaise: 13333 });

    const byName = (await manager.get('/api/inventory?name=DAL')).json() as InventoryList;
    expect(byName.items.map((i) => i.id)).toEqual([dal.id]);
  });

  it('offers the branch categories that start with a prefix, in any case', async () => {
    await manager.addIngredient({ category: 'Bakery', name: 'Bread', quantity: 1, unit: 'pcs' });
    await manager.addIngredient({ category: 'Beverages', name: 'Tea', quantity: 1, unit: 'g' });
    const { categories } = (await manager.get('/api/inventory/categories?prefix=b')).json();
    expect(categories).toEqual(expect.arrayContaining(['Bakery', 'Beverages']));
    expect(categories).not.toContain('Dairy');
    const literal = (await manager.get('/api/inventory/categories?prefix=%25')).json();
    expect(literal.categories).toEqual([]);
  });
});

describe('Edit Inventory Item', () => {
  let item: InventoryItem;
  beforeAll(async () => {
    item = await manager.addIngredient({ category: 'Oils', name: 'Ghee', quantity: 2, unit: 'kg' });
  });

  it('keeps an Update history row holding what changed', async () => {
    const response = await manager.call('PUT', `/api/inventory/${item.id}`, {
      category: 'Oils',
      name: 'Desi Ghee',
      quantity: 2000,
      unit: 'g',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Desi Ghee', quantity: 2000 });
    const [latest] = await history(item.id);
    expect(latest).toMatchObject({
      action: 'update',
      quantityDelta: 0,
      quantityAfter: 2000,
      changes: { name: { from: 'Ghee', to: 'Desi Ghee' } },
    });
  });

  it('records a stock correction with its reason', async () => {
    const response = await manager.call('PUT', `/api/inventory/${item.id}`, {
      category: 'Oils',
      name: 'Desi Ghee',
      quantity: 1750,
      unit: 'g',
      reason: 'Spilled while cooking',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [latest] = await history(item.id);
    expect(latest).toMatchObject({
      action: 'adjustment',
      quantityDelta: -250,
      quantityAfter: 1750,
      note: 'Spilled while cooking',
      changes: { quantity: { from: 2000, to: 1750 } },
    });
  });

  it('refuses to overwrite a quantity that changed since the form was opened', async () => {
    const opened = (await manager.get(`/api/inventory/${item.id}`)).json() as InventoryItem;
    const vendor = await manager.addVendor({
      name: 'Oil Mill',
      categories: ['Oils'],
      itemIds: [item.id],
    });
    await staff.submit([entry(vendor.id, item.id, { quantity: 500 })]);
    const response = await manager.call('PUT', `/api/inventory/${item.id}`, {
      category: 'Oils',
      name: 'Desi Ghee',
      quantity: 1000,
      unit: 'g',
      expectedQuantity: opened.quantity,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields.quantity).toMatch(/changed to 2.25 kg/);
    const now = (await manager.get(`/api/inventory/${item.id}`)).json() as InventoryItem;
    expect(now.quantity).toBe(opened.quantity + 500);
    const saved = await manager.call('PUT', `/api/inventory/${item.id}`, {
      category: 'Oils',
      name: 'Desi Ghee',
      quantity: 1750,
      unit: 'g',
      reason: 'Recount',
      expectedQuantity: now.quantity,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('needs all four fields and refuses another item of the same name in the category', async () => {
    for (const missing of ['category', 'name', 'quantity', 'unit']) {
      const body: Record<string, unknown> = {
        category: 'Oils',
        name: 'Desi Ghee',
        quantity: 1,
        unit: 'g',
      };
      delete body[missing];
      const response = await manager.call('PUT', `/api/inventory/${item.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(missing);
    }
    const other = await manager.addIngredient({
      category: 'Oils',
      name: 'Mustard Oil',
      quantity: 1,
      unit: 'l',
    });
    const clash = await manager.call('PUT', `/api/inventory/${other.id}`, {
      category: 'oils',
      name: 'desi ghee',
      quantity: 1,
      unit: 'l',
    });
    expect(clash.statusCode).toBe(409);
    const unchanged = (await manager.get(`/api/inventory/${item.id}`)).json() as InventoryItem;
    expect(unchanged.quantity).toBe(1750);
  });
});

describe('deleting an item', () => {
  it('is refused with the names of the products whose recipes use it', async () => {
    const paneer = await manager.addIngredient({
      category: 'Dairy',
      name: 'Paneer',
      quantity: 1,
      unit: 'kg',
    });
    const db = t.database.db;
    for (const name of ['Paneer Tikka', 'Kadai Paneer']) {
      const [product] = await db
        .insert(products)
        .values({ branchId: mine.branchId, name, pricePaise: 25000, subcategory: 'Main' })
        .returning({ id: products.id });
      await db.insert(productIngredients).values({
        branchId: mine.branchId,
        productId: product!.id,
        ingredientId: paneer.id,
        quantityUsed: 100,
      });
    }
    const response = await manager.call('DELETE', `/api/inventory/${paneer.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('Kadai Paneer, Paneer Tikka');
    expect((await manager.get(`/api/inventory/${paneer.id}`)).statusCode).toBe(200);
  });

  it('otherwise removes it from the dashboard and keeps its history', async () => {
    const salt = await manager.addIngredient({
      category: 'Spices',
      name: 'Salt',
      quantity: 1,
      unit: 'kg',
    });
    const response = await manager.call('DELETE', `/api/inventory/${salt.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((await manager.get(`/api/inventory/${salt.id}`)).statusCode).toBe(404);
    const list = (await manager.get('/api/inventory?category=Spices')).json() as InventoryList;
    expect(list.items.map((i) => i.id)).not.toContain(salt.id);
    const kept = await t.database.db
      .select({ n: count() })
      .from(inventoryMovements)
      .where(
        and(
          eq(inventoryMovements.branchId, mine.branchId),
          eq(inventoryMovements.ingredientId, salt.id),
        ),
      );
    expect(kept[0]!.n).toBe(1);
    // The name is free again.
    await manager.addIngredient({ category: 'Spices', name: 'Salt', quantity: 1, unit: 'kg' });
  });
});

describe('access', () => {
  it("answers 404 for another branch's item on every item route", async () => {
    const foreign = await theirs.addIngredient({
      category: 'Secret',
      name: 'Saffron',
      quantity: 10,
      unit: 'g',
    });
    const body = { category: 'Secret', name: 'Saffron', quantity: 1, unit: 'g' };
    for (const [method, url] of [
      ['GET', `/api/inventory/${foreign.id}`],
      ['GET', `/api/inventory/${foreign.id}/history`],
      ['PUT', `/api/inventory/${foreign.id}`],
      ['DELETE', `/api/inventory/${foreign.id}`],
    ] as const) {
      const response = await manager.call(method, url, method === 'PUT' ? body : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = (await manager.get('/api/inventory')).json() as InventoryList;
    expect(list.items.map((i) => i.id)).not.toContain(foreign.id);
    const after = (await theirs.get(`/api/inventory/${foreign.id}`)).json() as InventoryItem;
    expect(after).toMatchObject({ name: 'Saffron', quantity: 10 });
  });

  it("shows staff the store's quantities but none of its money", async () => {
    const item = await manager.addIngredient({
      category: 'Spices',
      name: 'Cardamom',
      quantity: 100,
      unit: 'g',
    });
    const vendor = await manager.addVendor({
      name: 'Spice Route',
      categories: ['Spices'],
      itemIds: [item.id],
    });
    await manager.submit([entry(vendor.id, item.id, { quantity: 200, pricePaise: 50_000 })]);

    const managerView = (await manager.get(`/api/inventory/${item.id}`)).json() as InventoryItem;
    expect(managerView.valuePaise).toBe(75_000);
    const staffList = (await staff.get('/api/inventory?name=Cardamom')).json() as InventoryList;
    expect(staffList.totalValuePaise).toBeNull();
    expect(staffList.items[0]).toMatchObject({
      quantity: 300,
      valuePaise: null,
      lastPurchase: null,
    });
    const staffItem = (await staff.get(`/api/inventory/${item.id}`)).json() as InventoryItem;
    expect(staffItem).toMatchObject({ quantity: 300, valuePaise: null, lastPurchase: null });
    const history = (await staff.get(`/api/inventory/${item.id}/history`)).json() as {
      items: { action: string; pricePaise: number | null }[];
    };
    expect(history.items.map((row) => row.action)).toEqual(['add_stock', 'add_inventory']);
    expect(history.items.every((row) => row.pricePaise === null)).toBe(true);
  });

  it('lets staff read inventory but not add, edit or delete items', async () => {
    const item = await manager.addIngredient({
      category: 'Fruits',
      name: 'Lemon',
      quantity: 5,
      unit: 'pcs',
    });
    expect((await staff.get('/api/inventory')).statusCode).toBe(200);
    expect((await staff.get(`/api/inventory/${item.id}/history`)).statusCode).toBe(200);
    const body = { category: 'Fruits', name: 'Lime', quantity: 5, unit: 'pcs' };
    expect((await staff.call('POST', '/api/inventory', body)).statusCode).toBe(403);
    expect((await staff.call('PUT', `/api/inventory/${item.id}`, body)).statusCode).toBe(403);
    expect((await staff.call('DELETE', `/api/inventory/${item.id}`)).statusCode).toBe(403);
    const unchanged = (await manager.get(`/api/inventory/${item.id}`)).json() as InventoryItem;
    expect(unchanged.name).toBe('Lemon');
  });
});

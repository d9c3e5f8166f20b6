import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryItem } from '../../../shared/schemas/inventory.schemas';
import type {
  Menu,
  Product,
  ProductBody,
  ProductList,
} from '../../../shared/schemas/products.schemas';
import { auditLog, billLines, bills, productIngredients, products, tables } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import type { BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { apiAs, entry } from '../inventory/inventory.test-support';

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof apiAs>;
let staff: ReturnType<typeof apiAs>;
let theirs: ReturnType<typeof apiAs>;
let rice: InventoryItem;
let milk: InventoryItem;
let saffron: InventoryItem;
let theirOil: InventoryItem;

beforeAll(async () => {
  ({ t, mine, manager, staff, theirs } = await createTwoBranchApp(apiAs));

  rice = await manager.addIngredient({ category: 'Grains', name: 'Rice', quantity: 5, unit: 'kg' });
  milk = await manager.addIngredient({ category: 'Dairy', name: 'Milk', quantity: 2, unit: 'l' });
  // Never bought: its cost is unknown.
  saffron = await manager.addIngredient({
    category: 'Spices',
    name: 'Saffron',
    quantity: 10,
    unit: 'g',
  });
  theirOil = await theirs.addIngredient({ category: 'Oils', name: 'Oil', quantity: 1, unit: 'l' });

  const vendor = await manager.addVendor({
    name: 'Daily Needs',
    categories: ['Grains', 'Dairy'],
    itemIds: [rice.id, milk.id],
  });
  const bought = await manager.submit([
    // An older, dearer rice invoice: the later one sets the price (₹90 for 3 kg = 3 paise/g).
    entry(vendor.id, rice.id, {
      quantity: 1,
      unit: 'kg',
      pricePaise: 20000,
      invoiceDate: '2026-11-01',
    }),
    entry(vendor.id, rice.id, {
      quantity: 3,
      unit: 'kg',
      pricePaise: 9000,
      invoiceDate: '2026-11-10',
    }),
    // ₹60 for 1 L: 6 paise per ml.
    entry(vendor.id, milk.id, {
      quantity: 1,
      unit: 'l',
      pricePaise: 6000,
      invoiceDate: '2026-11-10',
    }),
  ]);
  expect(bought.statusCode, bought.body).toBe(201);
});
afterAll(() => t.close());

const body = (rest: Partial<ProductBody> = {}): ProductBody => ({
  name: 'Kheer',
  pricePaise: 12000,
  subcategory: 'Desserts',
  ingredients: [
    { ingredientId: rice.id, quantityUsed: 50 },
    { ingredientId: milk.id, quantityUsed: 200 },
  ],
  ...rest,
});

async function add(rest: Partial<ProductBody> = {}): Promise<Product> {
  const response = await manager.call('POST', '/api/products', body(rest));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Product;
}

const productCount = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.branchId, mine.branchId))
  )[0]!.n;

const recipeCount = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(productIngredients)
      .where(eq(productIngredients.branchId, mine.branchId))
  )[0]!.n;

const auditOf = (id: string) =>
  t.database.db
    .select({ action: auditLog.action, data: auditLog.data, userId: auditLog.userId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, id)))
    // In the order written (ids are UUID v7): a table's rows have no order of their own.
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

describe('Add New Product', () => {
  it('saves the product with its recipe and answers its food cost at the latest prices', async () => {
    const kheer = await add();
    expect(kheer).toMatchObject({
      name: 'Kheer',
      pricePaise: 12000,
      subcategory: 'Desserts',
      archivedAt: null,
      // 50 g × 3 paise + 200 ml × 6 paise = 150 + 1200
      foodCostPaise: 1350,
      marginPaise: 10650,
    });
    expect(kheer.ingredients).toEqual([
      expect.objectContaining({
        ingredientId: milk.id,
        category: 'Dairy',
        name: 'Milk',
        unit: 'ml',
        stockQuantity: 3000,
        quantityUsed: 200,
        costPaise: 1200,
        deleted: false,
      }),
      expect.objectContaining({ ingredientId: rice.id, unit: 'g', costPaise: 150 }),
    ]);
    expect(await auditOf(kheer.id)).toEqual([
      {
        action: 'product.create',
        userId: mine.manager.id,
        data: expect.objectContaining({ name: 'Kheer', pricePaise: 12000 }),
      },
    ]);
  });

  it('saves a product without ingredients, at no food cost', async () => {
    const water = await add({
      name: 'Water',
      pricePaise: 2000,
      subcategory: 'Drinks',
      ingredients: [],
    });
    expect(water).toMatchObject({ ingredients: [], foodCostPaise: 0, marginPaise: 2000 });
  });

  it.each([
    ['name', { name: '  ' }, 'Product name is required'],
    ['pricePaise', { pricePaise: undefined }, 'Price is required'],
    ['pricePaise', { pricePaise: -1 }, 'Price cannot be negative'],
    ['pricePaise', { pricePaise: 99.5 }, 'Price must be in whole paise'],
    ['subcategory', { subcategory: '' }, 'Subcategory is required'],
  ] as const)(
    'refuses a bad %s, naming the field, and writes nothing',
    async (field, rest, message) => {
      const before = await productCount();
      const response = await manager.call(
        'POST',
        '/api/products',
        body(rest as Partial<ProductBody>),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
      expect(await productCount()).toBe(before);
    },
  );

  it.each([
    ['ingredients.0.ingredientId', { quantityUsed: 5 }, 'Ingredient is required'],
    ['ingredients.0.quantityUsed', { withRice: true }, 'Quantity used is required'],
    [
      'ingredients.0.quantityUsed',
      { withRice: true, quantityUsed: 0 },
      'Quantity used must be at least 1',
    ],
    [
      'ingredients.0.quantityUsed',
      { withRice: true, quantityUsed: 1.5 },
      'Quantity used must be a whole number',
    ],
  ] as const)('refuses a recipe row with a bad %s', async (field, row, message) => {
    const { withRice, ...rest } = { withRice: false, ...row };
    const ingredient = withRice ? { ...rest, ingredientId: rice.id } : rest;
    const response = await manager.call('POST', '/api/products', {
      ...body(),
      ingredients: [ingredient],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('refuses the same ingredient twice in one recipe', async () => {
    const response = await manager.call(
      'POST',
      '/api/products',
      body({
        ingredients: [
          { ingredientId: rice.id, quantityUsed: 10 },
          { ingredientId: rice.id, quantityUsed: 20 },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields['ingredients.1.ingredientId']).toBe(
      'This ingredient is already in the recipe',
    );
  });

  it("refuses another branch's ingredient with 404 naming the row, and writes nothing", async () => {
    const [products0, recipes0] = [await productCount(), await recipeCount()];
    const response = await manager.call(
      'POST',
      '/api/products',
      body({
        ingredients: [
          { ingredientId: rice.id, quantityUsed: 10 },
          { ingredientId: theirOil.id, quantityUsed: 5 },
        ],
      }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      code: 'products.ingredient_not_found',
      fields: { 'ingredients.1.ingredientId': 'Ingredient not found' },
    });
    expect([await productCount(), await recipeCount()]).toEqual([products0, recipes0]);
  });

  it('refuses a deleted ingredient like one that does not exist', async () => {
    const gone = await manager.addIngredient({
      category: 'Dairy',
      name: 'Curd',
      quantity: 1,
      unit: 'g',
    });
    expect((await manager.call('DELETE', `/api/inventory/${gone.id}`)).statusCode).toBe(200);
    const response = await manager.call(
      'POST',
      '/api/products',
      body({ ingredients: [{ ingredientId: gone.id, quantityUsed: 10 }] }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.fields).toEqual({
      'ingredients.0.ingredientId': 'Ingredient not found',
    });
  });
});

describe('Product List', () => {
  it('shows products on sale with food cost and margin; unknown when an ingredient was never bought', async () => {
    const cheap = await add({
      name: 'Rice Bowl',
      pricePaise: 100,
      subcategory: 'Bowls',
      // 1000 g of rice at 3 paise = ₹30, sold for ₹1: a loss.
      ingredients: [{ ingredientId: rice.id, quantityUsed: 1000 }],
    });
    const special = await add({
      name: 'Saffron Kheer',
      subcategory: 'Desserts',
      ingredients: [
        { ingredientId: milk.id, quantityUsed: 200 },
        { ingredientId: saffron.id, quantityUsed: 1 },
      ],
    });
    const list = (await manager.get('/api/products')).json() as ProductList;
    expect(list.count).toBe(list.items.length);
    expect(list.items.find((p) => p.id === cheap.id)).toMatchObject({
      foodCostPaise: 3000,
      marginPaise: -2900,
      ingredientCount: 1,
    });
    expect(list.items.find((p) => p.id === special.id)).toMatchObject({
      foodCostPaise: null,
      marginPaise: null,
      ingredientCount: 2,
    });
    const product = (await manager.get(`/api/products/${special.id}`)).json() as Product;
    expect(
      product.ingredients.find((row) => row.ingredientId === saffron.id)?.costPaise,
    ).toBeNull();
  });

  it('rounds each row to a whole paisa, half up, at the latest purchase price', async () => {
    const tea = await manager.addIngredient({
      category: 'Grains',
      name: 'Tea Leaves',
      quantity: 0,
      unit: 'g',
    });
    const vendor = await manager.addVendor({
      name: 'Tea Co',
      categories: ['Grains'],
      itemIds: [tea.id],
    });
    // ₹1 for 3 g: 1 g costs 33.33 paise, 5 g 166.67 → 167; 3 g exactly 100.
    const bought = await manager.submit([
      entry(vendor.id, tea.id, { quantity: 3, pricePaise: 100, invoiceDate: '2026-11-12' }),
    ]);
    expect(bought.statusCode, bought.body).toBe(201);
    const chai = await add({
      name: 'Chai',
      ingredients: [{ ingredientId: tea.id, quantityUsed: 5 }],
    });
    expect(chai.foodCostPaise).toBe(167);
  });

  it('offers existing subcategories containing the typed text, in any case, once each', async () => {
    await add({ name: 'Gulab Jamun', subcategory: 'desserts', ingredients: [] });
    await add({ name: 'Mango Lassi', subcategory: 'Cold Drinks', ingredients: [] });
    const { subcategories } = (await manager.get('/api/products/subcategories?search=SSer')).json();
    expect(subcategories).toEqual(['Desserts']);
    const drinks = (await manager.get('/api/products/subcategories?search=drink')).json();
    expect(drinks.subcategories).toEqual(['Cold Drinks', 'Drinks']);
    const percent = (await manager.get('/api/products/subcategories?search=%25')).json();
    expect(percent.subcategories).toEqual([]);
  });
});

describe('Edit Product', () => {
  it('replaces the fields and the recipe in one change, and records what changed', async () => {
    const dosa = await add({ name: 'Dosa', subcategory: 'Tiffin', pricePaise: 6000 });
    const response = await manager.call(
      'PUT',
      `/api/products/${dosa.id}`,
      body({
        name: 'Masala Dosa',
        subcategory: 'Tiffin',
        pricePaise: 8000,
        ingredients: [{ ingredientId: rice.id, quantityUsed: 120 }],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Masala Dosa',
      pricePaise: 8000,
      foodCostPaise: 360,
      marginPaise: 7640,
      ingredients: [expect.objectContaining({ ingredientId: rice.id, quantityUsed: 120 })],
    });
    const update = (await auditOf(dosa.id)).find((row) => row.action === 'product.update');
    expect(update?.data).toMatchObject({
      name: { from: 'Dosa', to: 'Masala Dosa' },
      pricePaise: { from: 6000, to: 8000 },
      ingredients: { to: [{ ingredientId: rice.id, quantityUsed: 120 }] },
    });
    expect(update?.data).not.toHaveProperty('subcategory');
  });

  it('keeps the old recipe when the new one names a foreign ingredient', async () => {
    const pulao = await add({ name: 'Pulao' });
    const response = await manager.call(
      'PUT',
      `/api/products/${pulao.id}`,
      body({ name: 'Veg Pulao', ingredients: [{ ingredientId: theirOil.id, quantityUsed: 5 }] }),
    );
    expect(response.statusCode).toBe(404);
    const after = (await manager.get(`/api/products/${pulao.id}`)).json() as Product;
    expect(after.name).toBe('Pulao');
    expect(after.ingredients.map((row) => row.ingredientId).sort()).toEqual(
      [rice.id, milk.id].sort(),
    );
  });

  it('never changes the lines of bills already made', async () => {
    const idli = await add({ name: 'Idli', pricePaise: 4000, ingredients: [] });
    const db = t.database.db;
    const [table] = await db
      .insert(tables)
      .values({ branchId: mine.branchId, label: 'T-price' })
      .returning({ id: tables.id });
    const [bill] = await db
      .insert(bills)
      .values({
        branchId: mine.branchId,
        tableId: table!.id,
        tableLabel: 'T-price',
        number: 'T/2026-27/000001',
        financialYear: '2026-27',
        businessDate: '2026-06-01',
        subtotalPaise: 8000,
        totalPaise: 8000,
        method: 'Cash',
        status: 'Settled',
        idempotencyKey: crypto.randomUUID(),
      })
      .returning({ id: bills.id });
    await db.insert(billLines).values({
      branchId: mine.branchId,
      billId: bill!.id,
      productId: idli.id,
      name: 'Idli',
      unitPricePaise: 4000,
      quantity: 2,
      lineTotalPaise: 8000,
    });

    const edited = await manager.call(
      'PUT',
      `/api/products/${idli.id}`,
      body({ name: 'Idli (2 pcs)', pricePaise: 5000, ingredients: [] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(
      await db
        .select({
          name: billLines.name,
          unit: billLines.unitPricePaise,
          total: billLines.lineTotalPaise,
        })
        .from(billLines)
        .where(eq(billLines.billId, bill!.id)),
    ).toEqual([{ name: 'Idli', unit: 4000, total: 8000 }]);
    // Archiving keeps the bill's line and its product readable.
    expect((await manager.call('DELETE', `/api/products/${idli.id}`)).statusCode).toBe(200);
    expect((await manager.get(`/api/products/${idli.id}`)).json().name).toBe('Idli (2 pcs)');
  });
});

describe('Archive', () => {
  it('takes the product off the list and the menu, keeps it readable by id, and records it', async () => {
    const vada = await add({ name: 'Vada', subcategory: 'Tiffin', ingredients: [] });
    expect(
      ((await staff.get('/api/products/menu')).json() as Menu).items.map((p) => p.id),
    ).toContain(vada.id);
    const archived = await manager.call('DELETE', `/api/products/${vada.id}`);
    expect(archived.statusCode).toBe(200);

    const list = (await manager.get('/api/products')).json() as ProductList;
    expect(list.items.map((p) => p.id)).not.toContain(vada.id);
    const menu = (await staff.get('/api/products/menu')).json() as Menu;
    expect(menu.items.map((p) => p.id)).not.toContain(vada.id);
    const kept = (await manager.get(`/api/products/${vada.id}`)).json() as Product;
    expect(kept).toMatchObject({ name: 'Vada', archivedAt: t.clock().toISOString() });
    expect((await auditOf(vada.id)).map((row) => row.action)).toEqual([
      'product.create',
      'product.archive',
    ]);
  });

  it('refuses to edit or archive an archived product', async () => {
    const old = await add({ name: 'Old Special', ingredients: [] });
    await manager.call('DELETE', `/api/products/${old.id}`);
    expect((await manager.call('DELETE', `/api/products/${old.id}`)).statusCode).toBe(404);
    const edit = await manager.call('PUT', `/api/products/${old.id}`, body({ ingredients: [] }));
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.code).toBe('products.not_found');
  });

  it('lets an ingredient be deleted once only archived products use it', async () => {
    const ghee = await manager.addIngredient({
      category: 'Dairy',
      name: 'Ghee',
      quantity: 1,
      unit: 'g',
    });
    const halwa = await add({
      name: 'Halwa',
      ingredients: [{ ingredientId: ghee.id, quantityUsed: 5 }],
    });
    expect((await manager.call('DELETE', `/api/inventory/${ghee.id}`)).statusCode).toBe(409);
    await manager.call('DELETE', `/api/products/${halwa.id}`);
    expect((await manager.call('DELETE', `/api/inventory/${ghee.id}`)).statusCode).toBe(200);
    const kept = (await manager.get(`/api/products/${halwa.id}`)).json() as Product;
    expect(kept.ingredients).toEqual([expect.objectContaining({ name: 'Ghee', deleted: true })]);
  });
});

describe('Who may see products', () => {
  it('gives staff the menu without costs, only products on sale', async () => {
    const response = await staff.get('/api/products/menu');
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as Menu;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([
        'addonGroupIds',
        'colour',
        'id',
        'name',
        'position',
        'pricePaise',
        'shortCode',
        'soldOut',
        'subcategory',
        'variants',
      ]);
    }
  });

  it('refuses staff every managing route with 403', async () => {
    const kheer = (await manager.get('/api/products')).json().items[0] as { id: string };
    const calls = [
      staff.get('/api/products'),
      staff.get('/api/products/subcategories'),
      staff.get(`/api/products/${kheer.id}`),
      staff.call('POST', '/api/products', body()),
      staff.call('PUT', `/api/products/${kheer.id}`, body()),
      staff.call('DELETE', `/api/products/${kheer.id}`),
      staff.call('PATCH', '/api/products/tax', { productIds: [kheer.id], gstRateBps: 1800 }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
  });

  it("answers 404 for another branch's products and shows it nothing of ours", async () => {
    const mineOnly = await add({ name: 'House Special', ingredients: [] });
    for (const response of [
      await theirs.get(`/api/products/${mineOnly.id}`),
      await theirs.call('PUT', `/api/products/${mineOnly.id}`, body({ ingredients: [] })),
      await theirs.call('DELETE', `/api/products/${mineOnly.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Product not found');
    }
    expect(((await theirs.get('/api/products')).json() as ProductList).count).toBe(0);
    expect((await theirs.get('/api/products/subcategories')).json().subcategories).toEqual([]);
    expect((await manager.get(`/api/products/${mineOnly.id}`)).json().archivedAt).toBeNull();
  });
});

describe('Product tax', () => {
  const taxOf = async (id: string) => {
    const [row] = await t.database.db
      .select({
        gstRateBps: products.gstRateBps,
        hsn: products.hsn,
        outsideGst: products.outsideGst,
      })
      .from(products)
      .where(eq(products.id, id));
    return row;
  };

  it('gives a new product 5 %, SAC 996331 and GST by default, and answers them in the list', async () => {
    const product = await add({ name: 'Plain Kheer', ingredients: [] });
    expect(product).toMatchObject({ gstRateBps: 500, hsn: '996331', outsideGst: false });
    const listed = ((await manager.get('/api/products')).json() as ProductList).items.find(
      (item) => item.id === product.id,
    );
    expect(listed).toMatchObject({ gstRateBps: 500, hsn: '996331', outsideGst: false });
  });

  it('saves the rate, HSN/SAC and outside GST given, and an edit that leaves them out keeps them', async () => {
    const beer = await add({
      name: 'Craft Beer',
      ingredients: [],
      gstRateBps: 0,
      hsn: ' 22030000 ',
      outsideGst: true,
    });
    expect(beer).toMatchObject({ gstRateBps: 0, hsn: '22030000', outsideGst: true });
    const edited = await manager.call(
      'PUT',
      `/api/products/${beer.id}`,
      body({ name: 'Craft Beer', ingredients: [], pricePaise: 40000 }),
    );
    expect(edited.json()).toMatchObject({ pricePaise: 40000, gstRateBps: 0, outsideGst: true });
    const toSlab = await manager.call(
      'PUT',
      `/api/products/${beer.id}`,
      body({ name: 'Craft Beer', ingredients: [], gstRateBps: 4000, outsideGst: false }),
    );
    expect(toSlab.json()).toMatchObject({ gstRateBps: 4000, hsn: '22030000', outsideGst: false });
    const audits = await auditOf(beer.id);
    expect(audits.at(-1)!.data).toMatchObject({
      gstRateBps: { from: 0, to: 4000 },
      outsideGst: { from: true, to: false },
    });
  });

  it.each([
    [
      'a rate that is no slab (12 %)',
      { gstRateBps: 1200 },
      'gstRateBps',
      /GST rate must be 0, 5, 18 or 40 %/,
    ],
    ['a rate given as a percentage', { gstRateBps: 5 }, 'gstRateBps', /GST rate/],
    ['a rate that is text', { gstRateBps: '500' }, 'gstRateBps', /GST rate/],
    ['a 5-digit HSN', { hsn: '99633' }, 'hsn', /HSN\/SAC code must be 4, 6 or 8 digits/],
    ['an HSN with letters', { hsn: '9963AB' }, 'hsn', /HSN\/SAC/],
    ['outside GST not a boolean', { outsideGst: 'yes' }, 'outsideGst', /Outside GST/],
  ])('refuses %s with 400 naming the field', async (_, change, field, message) => {
    const before = await productCount();
    const response = await manager.call('POST', '/api/products', { ...body(), ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields[field]).toMatch(message);
    expect(await productCount()).toBe(before);
  });

  it('sets the tax of many products at once, with an audit row for each that changed', async () => {
    const a = await add({ name: 'Bulk A', ingredients: [] });
    const b = await add({ name: 'Bulk B', ingredients: [], gstRateBps: 1800 });
    const response = await manager.call('PATCH', '/api/products/tax', {
      productIds: [a.id, b.id, a.id],
      gstRateBps: 1800,
      hsn: '996332',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    expect(await taxOf(a.id)).toEqual({ gstRateBps: 1800, hsn: '996332', outsideGst: false });
    expect(await taxOf(b.id)).toEqual({ gstRateBps: 1800, hsn: '996332', outsideGst: false });
    expect((await auditOf(a.id)).at(-1)).toMatchObject({
      action: 'product.update',
      data: { gstRateBps: { from: 500, to: 1800 }, hsn: { from: '996331', to: '996332' } },
    });
    expect((await auditOf(b.id)).at(-1)!.data).toEqual({
      hsn: { from: '996331', to: '996332' },
    });
    // Only what is given changes.
    await manager.call('PATCH', '/api/products/tax', { productIds: [a.id], outsideGst: true });
    expect(await taxOf(a.id)).toEqual({ gstRateBps: 1800, hsn: '996332', outsideGst: true });
  });

  it("refuses the whole change with 404 when one id is another branch's or archived, writing nothing", async () => {
    const a = await add({ name: 'Keep A', ingredients: [] });
    const theirProduct = await theirs.call('POST', '/api/products', body({ ingredients: [] }));
    expect(theirProduct.statusCode, theirProduct.body).toBe(201);
    const theirId = (theirProduct.json() as Product).id;
    const archived = await add({ name: 'Gone', ingredients: [] });
    await manager.call('DELETE', `/api/products/${archived.id}`);
    const audits = (await auditOf(a.id)).length;
    for (const other of [theirId, archived.id]) {
      const response = await manager.call('PATCH', '/api/products/tax', {
        productIds: [a.id, other],
        gstRateBps: 4000,
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.message).toBe('Product not found');
    }
    expect(await taxOf(a.id)).toEqual({ gstRateBps: 500, hsn: '996331', outsideGst: false });
    expect(await taxOf(theirId)).toEqual({ gstRateBps: 500, hsn: '996331', outsideGst: false });
    expect((await auditOf(a.id)).length).toBe(audits);
    // Their manager cannot reach ours either.
    const fromThem = await theirs.call('PATCH', '/api/products/tax', {
      productIds: [a.id],
      gstRateBps: 0,
    });
    expect(fromThem.statusCode).toBe(404);
    expect(await taxOf(a.id)).toEqual({ gstRateBps: 500, hsn: '996331', outsideGst: false });
  });

  it.each([
    ['no products', { productIds: [], gstRateBps: 500 }, 'productIds', /at least one product/],
    [
      'more than 500 products',
      {
        productIds: Array.from({ length: 501 }, () => '0190a0c8-0000-7000-8000-000000000001'),
        gstRateBps: 500,
      },
      'productIds',
      /at most 500/,
    ],
    ['an id that is no uuid', { productIds: ['x'], gstRateBps: 500 }, 'productIds.0', /valid id/],
    [
      'nothing to set',
      { productIds: ['0190a0c8-0000-7000-8000-000000000001'] },
      'gstRateBps',
      /Choose a GST rate/,
    ],
    [
      'a rate that is no slab',
      { productIds: ['0190a0c8-0000-7000-8000-000000000001'], gstRateBps: 2800 },
      'gstRateBps',
      /GST rate/,
    ],
    [
      'a bad HSN',
      { productIds: ['0190a0c8-0000-7000-8000-000000000001'], hsn: '12' },
      'hsn',
      /HSN\/SAC/,
    ],
  ])('refuses a bulk change with %s, naming the field', async (_, payload, field, message) => {
    const response = await manager.call('PATCH', '/api/products/tax', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields[field]).toMatch(message);
  });
});

describe('Concurrency', () => {
  it('never leaves a live recipe on a deleted ingredient when both happen at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const item = await manager.addIngredient({
        category: 'Race',
        name: `Race ${round}`,
        quantity: 1,
        unit: 'g',
      });
      const [created, deleted] = await Promise.all([
        manager.call(
          'POST',
          '/api/products',
          body({
            name: `Race ${round}`,
            ingredients: [{ ingredientId: item.id, quantityUsed: 1 }],
          }),
        ),
        manager.call('DELETE', `/api/inventory/${item.id}`),
      ]);
      // Exactly one of the two wins.
      expect(
        [created.statusCode, deleted.statusCode].sort(),
        `${created.body} ${deleted.body}`,
      ).toSatisfy(
        (pair: number[]) =>
          (pair[0] === 201 && pair[1] === 409) || (pair[0] === 200 && pair[1] === 404),
      );
    }
  });
});

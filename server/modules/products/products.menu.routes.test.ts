import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUICK_NOTES } from '../../../shared/menu';
import type { InventoryItem } from '../../../shared/schemas/inventory.schemas';
import type {
  AddonGroup,
  AddonGroupBody,
  AddonGroupList,
} from '../../../shared/schemas/menu.schemas';
import type {
  Menu,
  MenuItem,
  Product,
  ProductBody,
  ProductList,
} from '../../../shared/schemas/products.schemas';
import {
  auditLog,
  branches,
  choiceIngredients,
  productAddonGroups,
  products,
  productVariants,
} from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import type { BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { apiAs } from '../inventory/inventory.test-support';
import { listMenu } from './products.menu.usecases';

/** The menu beyond flat products (docs/menu.md): variants, add-on groups, short codes, sold out, order, settings. */

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof apiAs>;
let staff: ReturnType<typeof apiAs>;
let theirs: ReturnType<typeof apiAs>;
let rice: InventoryItem;
let masala: InventoryItem;
let cheese: InventoryItem;
let saffron: InventoryItem;
let theirOil: InventoryItem;

beforeAll(async () => {
  ({ t, mine, manager, staff, theirs } = await createTwoBranchApp(apiAs));
  rice = await manager.addIngredient({ category: 'Grains', name: 'Rice', quantity: 5, unit: 'kg' });
  masala = await manager.addIngredient({
    category: 'Spices',
    name: 'Biryani Masala',
    quantity: 500,
    unit: 'g',
  });
  cheese = await manager.addIngredient({
    category: 'Dairy',
    name: 'Cheese',
    quantity: 40,
    unit: 'pcs',
  });
  // None left in store: the product list warns of it.
  saffron = await manager.addIngredient({
    category: 'Spices',
    name: 'Saffron',
    quantity: 0,
    unit: 'g',
  });
  theirOil = await theirs.addIngredient({ category: 'Oils', name: 'Oil', quantity: 1, unit: 'l' });
});
afterAll(() => t.close());

const body = (rest: Partial<ProductBody> = {}): ProductBody => ({
  name: 'Veg Biryani',
  pricePaise: 1,
  subcategory: 'Rice',
  ingredients: [],
  ...rest,
});
const halfFull = (): ProductBody['variants'] => [
  {
    name: 'Half',
    pricePaise: 14000,
    ingredients: [
      { ingredientId: rice.id, quantityUsed: 125 },
      { ingredientId: masala.id, quantityUsed: 5 },
    ],
  },
  {
    name: 'Full',
    pricePaise: 22000,
    isDefault: true,
    ingredients: [{ ingredientId: rice.id, quantityUsed: 250 }],
  },
];

let names = 0;
/** A name no other test uses (short codes and group names are unique per branch). */
const fresh = (name: string) => `${name} ${++names}`;

async function add(rest: Partial<ProductBody> = {}): Promise<Product> {
  const response = await manager.call(
    'POST',
    '/api/products',
    body({ name: fresh('Dish'), ...rest }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Product;
}
async function edit(id: string, rest: Partial<ProductBody> = {}) {
  return manager.call('PUT', `/api/products/${id}`, body({ name: fresh('Dish'), ...rest }));
}
const group = (rest: Partial<AddonGroupBody> = {}): AddonGroupBody => ({
  name: fresh('Extras'),
  minChoices: 0,
  maxChoices: 2,
  options: [
    {
      name: 'Cheese',
      pricePaise: 3000,
      ingredients: [{ ingredientId: cheese.id, quantityUsed: 1 }],
    },
    { name: 'Egg', pricePaise: 2000 },
  ],
  ...rest,
});
async function addGroup(rest: Partial<AddonGroupBody> = {}): Promise<AddonGroup> {
  const response = await manager.call('POST', '/api/addon-groups', group(rest));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as AddonGroup;
}
const menu = async (as = staff) => {
  const response = await as.get('/api/products/menu');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Menu;
};
const menuItem = async (id: string) => (await menu()).items.find((item) => item.id === id);
const fieldsOf = (response: { json(): unknown }) =>
  (response.json() as { error: { fields?: Record<string, string> } }).error.fields;

describe('Variants', () => {
  it('saves Half and Full with their own recipes and prices the product at the default', async () => {
    const biryani = await add({ variants: halfFull() });
    expect(biryani.pricePaise).toBe(22000);
    expect(biryani.variants).toEqual([
      expect.objectContaining({
        name: 'Half',
        pricePaise: 14000,
        isDefault: false,
        soldOut: false,
      }),
      expect.objectContaining({ name: 'Full', pricePaise: 22000, isDefault: true, soldOut: false }),
    ]);
    expect(biryani.variants[0]!.ingredients.map((row) => [row.name, row.quantityUsed])).toEqual([
      ['Rice', 125],
      ['Biryani Masala', 5],
    ]);
    const rows = await t.database.db
      .select()
      .from(choiceIngredients)
      .where(eq(choiceIngredients.choiceId, biryani.variants[1]!.id));
    expect(rows).toEqual([
      expect.objectContaining({
        variantId: biryani.variants[1]!.id,
        optionId: null,
        ingredientId: rice.id,
        quantityUsed: 250,
      }),
    ]);
    const [audit] = await t.database.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(eq(auditLog.entityId, biryani.id));
    expect(audit).toMatchObject({
      action: 'product.create',
      data: { pricePaise: 22000, variants: [{ name: 'Half' }, { name: 'Full' }] },
    });
  });

  it('prices a product whose variants have no default at the first one', async () => {
    const pizza = await add({
      variants: [
        { name: 'Regular', pricePaise: 25000 },
        { name: 'Large', pricePaise: 40000 },
      ],
    });
    expect(pizza.pricePaise).toBe(25000);
    expect((await menuItem(pizza.id))?.pricePaise).toBe(25000);
  });

  it('keeps variants listed by id, adds new ones, archives those left out, in the order given', async () => {
    const biryani = await add({ variants: halfFull() });
    const [half, full] = biryani.variants;
    const response = await edit(biryani.id, {
      variants: [
        { id: full!.id, name: 'Full', pricePaise: 24000, isDefault: true },
        { name: 'Family', pricePaise: 60000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as Product;
    expect(saved.pricePaise).toBe(24000);
    expect(saved.variants.map((v) => [v.name, v.pricePaise])).toEqual([
      ['Full', 24000],
      ['Family', 60000],
    ]);
    expect(saved.variants[0]!.id).toBe(full!.id);
    // Its recipe was replaced by none: it uses the product's (no food cost here).
    expect(saved.variants[0]!.ingredients).toEqual([]);
    const [archived] = await t.database.db
      .select({ archivedAt: productVariants.archivedAt })
      .from(productVariants)
      .where(eq(productVariants.id, half!.id));
    expect(archived!.archivedAt).not.toBeNull();
  });

  it('swaps two variants’ names and the default in one save', async () => {
    const lassi = await add({
      variants: [
        { name: 'Small', pricePaise: 6000, isDefault: true },
        { name: 'Large', pricePaise: 9000 },
      ],
    });
    const [small, large] = lassi.variants;
    const response = await edit(lassi.id, {
      variants: [
        { id: small!.id, name: 'Large', pricePaise: 6000 },
        { id: large!.id, name: 'Small', pricePaise: 9000, isDefault: true },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Product).variants.map((v) => [v.id, v.name, v.isDefault])).toEqual([
      [small!.id, 'Large', false],
      [large!.id, 'Small', true],
    ]);
    expect((response.json() as Product).pricePaise).toBe(9000);
  });

  it('leaves the variants and groups as they are when an edit leaves them out', async () => {
    const extras = await addGroup();
    const biryani = await add({ variants: halfFull(), addonGroupIds: [extras.id] });
    const response = await edit(biryani.id, { pricePaise: 5 });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as Product;
    expect(saved.variants.map((v) => v.id)).toEqual(biryani.variants.map((v) => v.id));
    expect(saved.pricePaise).toBe(22000);
    expect(saved.addonGroupIds).toEqual([extras.id]);
  });

  it('turns a product with variants back into a plain one when the list is empty', async () => {
    const biryani = await add({ variants: halfFull() });
    const response = await edit(biryani.id, { variants: [], pricePaise: 18000 });
    expect(response.json()).toMatchObject({ variants: [], pricePaise: 18000 });
  });

  it.each([
    [
      'two defaults',
      [
        { name: 'Half', pricePaise: 1, isDefault: true },
        { name: 'Full', pricePaise: 2, isDefault: true },
      ],
      'variants.1.isDefault',
    ],
    [
      'a name twice (any case)',
      [
        { name: 'Half', pricePaise: 1 },
        { name: 'half', pricePaise: 2 },
      ],
      'variants.1.name',
    ],
    ['a negative price', [{ name: 'Half', pricePaise: -1 }], 'variants.0.pricePaise'],
  ])('refuses %s with 400 naming the field', async (_, variants, field) => {
    const response = await manager.call('POST', '/api/products', body({ variants }));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toHaveProperty([field]);
  });

  it('refuses the same ingredient twice in one variant’s recipe, naming the row', async () => {
    const response = await manager.call(
      'POST',
      '/api/products',
      body({
        variants: [
          {
            name: 'Half',
            pricePaise: 1,
            ingredients: [
              { ingredientId: rice.id, quantityUsed: 1 },
              { ingredientId: rice.id, quantityUsed: 2 },
            ],
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual({
      'variants.0.ingredients.1.ingredientId': 'This ingredient is already in the recipe',
    });
  });

  it("refuses another branch's ingredient in a variant's recipe and another product's variant id with 404 naming the field", async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    const foreign = await manager.call(
      'POST',
      '/api/products',
      body({
        variants: [
          {
            name: 'Half',
            pricePaise: 1,
            ingredients: [{ ingredientId: theirOil.id, quantityUsed: 1 }],
          },
        ],
      }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(fieldsOf(foreign)).toEqual({
      'variants.0.ingredients.0.ingredientId': 'Ingredient not found',
    });
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products)).toEqual(
      before,
    );

    const one = await add({ variants: halfFull() });
    const other = await add();
    const response = await edit(other.id, {
      variants: [{ id: one.variants[0]!.id, name: 'Half', pricePaise: 1 }],
    });
    expect(response.statusCode).toBe(404);
    expect(fieldsOf(response)).toEqual({ 'variants.0.id': 'Variant not found' });
  });

  it('archives a product with variants: it leaves the menu and stays readable', async () => {
    const biryani = await add({ variants: halfFull() });
    expect((await manager.call('DELETE', `/api/products/${biryani.id}`)).statusCode).toBe(200);
    expect(await menuItem(biryani.id)).toBeUndefined();
    const kept = (await manager.get(`/api/products/${biryani.id}`)).json() as Product;
    expect(kept.archivedAt).not.toBeNull();
  });
});

describe('Short codes and colours', () => {
  it('stores a short code upper case and refuses one another product on sale has with 409', async () => {
    const first = await add({ shortCode: ' vb1 ', colour: 'orange' });
    expect(first).toMatchObject({ shortCode: 'VB1', colour: 'orange' });
    const taken = await manager.call('POST', '/api/products', body({ shortCode: 'Vb1' }));
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken)).toEqual({ shortCode: 'Another product has this short code' });
    const second = await add();
    expect((await edit(second.id, { shortCode: 'VB1' })).statusCode).toBe(409);
    // Its own code again is no clash; once archived, the code is free.
    expect((await edit(first.id, { shortCode: 'VB1' })).statusCode).toBe(200);
    await manager.call('DELETE', `/api/products/${first.id}`);
    expect((await edit(second.id, { shortCode: 'vb1' })).json()).toMatchObject({
      shortCode: 'VB1',
    });
    // '' clears it.
    expect((await edit(second.id, { shortCode: '' })).json()).toMatchObject({ shortCode: null });
  });

  it.each([
    ['shortCode', { shortCode: 'AB-1' }],
    ['shortCode', { shortCode: 'ABCDEFGHI' }],
    ['colour', { colour: 'mauve' }],
  ] as const)('refuses a bad %s with 400 naming it', async (field, rest) => {
    const response = await manager.call('POST', '/api/products', {
      ...body(),
      ...rest,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toHaveProperty([field]);
  });
});

describe('Add-on groups', () => {
  it('saves a group with its options in order and lists it with how many products offer it', async () => {
    const extras = await addGroup();
    expect(extras).toMatchObject({
      minChoices: 0,
      maxChoices: 2,
      productCount: 0,
      options: [
        { name: 'Cheese', pricePaise: 3000, ingredients: [{ name: 'Cheese', quantityUsed: 1 }] },
        { name: 'Egg', pricePaise: 2000, ingredients: [] },
      ],
    });
    await add({ addonGroupIds: [extras.id] });
    const archived = await add({ addonGroupIds: [extras.id] });
    await manager.call('DELETE', `/api/products/${archived.id}`);
    const list = (await manager.get('/api/addon-groups')).json() as AddonGroupList;
    expect(list.items.find((item) => item.id === extras.id)?.productCount).toBe(1);
  });

  it.each([
    ['minimum above maximum', { minChoices: 2, maxChoices: 1 }, 'minChoices'],
    ['maximum above the options', { minChoices: 0, maxChoices: 3 }, 'maxChoices'],
    [
      'an option name twice',
      {
        options: [
          { name: 'Egg', pricePaise: 0 },
          { name: 'egg', pricePaise: 0 },
        ],
        maxChoices: 1,
      },
      'options.1.name',
    ],
    [
      'an ingredient twice in an option',
      {
        maxChoices: 1,
        options: [
          {
            name: 'Cheese',
            pricePaise: 0,
            ingredients: [
              { ingredientId: '0191f6a0-0000-7000-8000-000000000001', quantityUsed: 1 },
              { ingredientId: '0191f6a0-0000-7000-8000-000000000001', quantityUsed: 2 },
            ],
          },
        ],
      },
      'options.0.ingredients.1.ingredientId',
    ],
    ['no options', { options: [] }, 'options'],
  ])('refuses %s with 400 naming the field', async (_, rest, field) => {
    const response = await manager.call('POST', '/api/addon-groups', group(rest));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toHaveProperty([field]);
  });

  it('refuses a name another live group has (any case) with 409 naming it', async () => {
    const spice = await addGroup({ name: 'Spice level X' });
    const response = await manager.call(
      'POST',
      '/api/addon-groups',
      group({ name: 'spice LEVEL x' }),
    );
    expect(response.statusCode).toBe(409);
    expect(fieldsOf(response)).toEqual({ name: 'Another add-on group has this name' });
    await manager.call('DELETE', `/api/addon-groups/${spice.id}`);
    expect(
      (await manager.call('POST', '/api/addon-groups', group({ name: 'Spice level X' })))
        .statusCode,
    ).toBe(201);
  });

  it('keeps options by id, adds new ones and archives those left out, their recipes in choice_ingredients', async () => {
    const extras = await addGroup();
    const [cheeseOption, egg] = extras.options;
    const response = await manager.call('PUT', `/api/addon-groups/${extras.id}`, {
      ...group({ name: extras.name }),
      options: [
        { id: egg!.id, name: 'Cheese', pricePaise: 2500 },
        {
          name: 'Paneer',
          pricePaise: 4000,
          ingredients: [{ ingredientId: rice.id, quantityUsed: 9 }],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as AddonGroup;
    expect(saved.options.map((o) => [o.name, o.pricePaise])).toEqual([
      ['Cheese', 2500],
      ['Paneer', 4000],
    ]);
    expect(saved.options[0]!.id).toBe(egg!.id);
    const rows = await t.database.db
      .select()
      .from(choiceIngredients)
      .where(eq(choiceIngredients.choiceId, saved.options[1]!.id));
    expect(rows).toEqual([
      expect.objectContaining({ optionId: saved.options[1]!.id, variantId: null }),
    ]);
    // The one left out is archived, not deleted: its recipe stays for bills.
    const [kept] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(choiceIngredients)
      .where(eq(choiceIngredients.choiceId, cheeseOption!.id));
    expect(kept!.n).toBe(1);
    // An option of another group is refused by name.
    const other = await addGroup();
    const wrong = await manager.call('PUT', `/api/addon-groups/${extras.id}`, {
      ...group({ name: extras.name }),
      options: [{ id: other.options[0]!.id, name: 'X', pricePaise: 0 }],
      maxChoices: 1,
    });
    expect(wrong.statusCode).toBe(404);
    expect(fieldsOf(wrong)).toEqual({ 'options.0.id': 'Option not found' });
  });

  it('deletes a group by archiving it and taking it off its products', async () => {
    const extras = await addGroup();
    const burger = await add({ addonGroupIds: [extras.id] });
    expect((await manager.call('DELETE', `/api/addon-groups/${extras.id}`)).statusCode).toBe(200);
    const links = await t.database.db
      .select()
      .from(productAddonGroups)
      .where(eq(productAddonGroups.groupId, extras.id));
    expect(links).toEqual([]);
    expect(
      ((await manager.get(`/api/products/${burger.id}`)).json() as Product).addonGroupIds,
    ).toEqual([]);
    expect((await manager.call('DELETE', `/api/addon-groups/${extras.id}`)).statusCode).toBe(404);
  });

  it("refuses a product naming another branch's group with 404 naming the entry", async () => {
    const response = await theirs.call(
      'POST',
      '/api/addon-groups',
      group({ options: [{ name: 'Egg', pricePaise: 0 }], maxChoices: 1 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const theirGroup = response.json() as AddonGroup;
    const mineGroup = await addGroup();
    const refused = await manager.call(
      'POST',
      '/api/products',
      body({ addonGroupIds: [mineGroup.id, theirGroup.id] }),
    );
    expect(refused.statusCode).toBe(404);
    expect(fieldsOf(refused)).toEqual({ 'addonGroupIds.1': 'Add-on group not found' });
  });
});

describe('The menu', () => {
  it('answers items with variants, the groups they offer (live options in order) and quick notes', async () => {
    const extras = await addGroup();
    const spice = await addGroup({
      name: fresh('Spice level'),
      minChoices: 1,
      maxChoices: 1,
      options: [
        { name: 'Mild', pricePaise: 0 },
        { name: 'Medium', pricePaise: 0 },
        { name: 'Hot', pricePaise: 0 },
      ],
    });
    const unused = await addGroup();
    const biryani = await add({
      variants: halfFull(),
      addonGroupIds: [spice.id, extras.id],
      shortCode: fresh('B').replace(' ', ''),
    });
    const answer = await menu();
    const item = answer.items.find((i) => i.id === biryani.id)!;
    expect(item).toMatchObject({
      pricePaise: 22000,
      addonGroupIds: [spice.id, extras.id],
      soldOut: false,
      variants: [
        { name: 'Half', pricePaise: 14000, isDefault: false, soldOut: false },
        { name: 'Full', pricePaise: 22000, isDefault: true, soldOut: false },
      ],
    });
    expect(Object.keys(item.variants[0]!).sort()).toEqual([
      'id',
      'isDefault',
      'name',
      'pricePaise',
      'soldOut',
    ]);
    const groupIds = answer.addonGroups.map((g) => g.id);
    expect(groupIds).toEqual(expect.arrayContaining([spice.id, extras.id]));
    expect(groupIds).not.toContain(unused.id);
    expect(answer.addonGroups.find((g) => g.id === spice.id)).toEqual({
      id: spice.id,
      name: spice.name,
      minChoices: 1,
      maxChoices: 1,
      options: spice.options.map(({ id, name, pricePaise }) => ({ id, name, pricePaise })),
    });
    expect(answer.quickNotes).toEqual([...DEFAULT_QUICK_NOTES]);
  });

  it("answers in the branch's order: subcategories listed first, the others by name; products by position then name", async () => {
    const [a, b, c] = [
      await add({ name: 'Zz Chai', subcategory: 'Order Hot' }),
      await add({ name: 'Aa Chai', subcategory: 'Order Hot' }),
      await add({ name: 'Mm Lassi', subcategory: 'Order Cold' }),
    ];
    const response = await manager.call('PUT', '/api/menu/order', {
      subcategories: ['Order Hot', 'order cold'],
      productIds: [a.id, b.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = await menu();
    expect(answer.subcategories.slice(0, 2)).toEqual(['Order Hot', 'Order Cold']);
    expect(answer.items.slice(0, 3).map((item) => item.id)).toEqual([a.id, b.id, c.id]);
    expect(answer.items[0]).toMatchObject({ position: 0 });
    expect(answer.items[1]).toMatchObject({ position: 1 });
    // Unlisted subcategories follow by name.
    const rest = answer.subcategories.slice(2);
    expect(rest).toEqual([...rest].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    // The manager's list reads in the same order.
    const list = (await manager.get('/api/products')).json() as ProductList;
    expect(list.items.map((item) => item.id)).toEqual(answer.items.map((item) => item.id));
  });

  it("refuses another branch's product in the order with 404 naming it, and writes nothing", async () => {
    const ours = await add();
    const [theirProduct] = await t.database.db
      .insert(products)
      .values({
        branchId: (await otherBranchId())!,
        name: 'Their Dosa',
        pricePaise: 1,
        subcategory: 'Dosa',
      })
      .returning({ id: products.id });
    const response = await manager.call('PUT', '/api/menu/order', {
      productIds: [ours.id, theirProduct!.id],
    });
    expect(response.statusCode).toBe(404);
    expect(fieldsOf(response)).toEqual({ 'productIds.1': 'Product not found' });
    expect((await menuItem(ours.id))?.position).toBe(0);
  });

  it('answers the default settings until saved, then the saved ones (quick notes in the menu too)', async () => {
    const before = await manager.get('/api/menu/settings');
    expect(before.json()).toEqual({
      quickNotes: [...DEFAULT_QUICK_NOTES],
      soldOutUntilNextDay: false,
    });
    const saved = await manager.call('PUT', '/api/menu/settings', {
      quickNotes: ['  No   onion ', 'Extra butter'],
      soldOutUntilNextDay: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      quickNotes: ['No onion', 'Extra butter'],
      soldOutUntilNextDay: false,
    });
    expect((await menu()).quickNotes).toEqual(['No onion', 'Extra butter']);
    const twice = await manager.call('PUT', '/api/menu/settings', {
      quickNotes: ['Jain', 'jain'],
      soldOutUntilNextDay: false,
    });
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice)).toHaveProperty(['quickNotes.1']);
    await manager.call('PUT', '/api/menu/settings', {
      quickNotes: [...DEFAULT_QUICK_NOTES],
      soldOutUntilNextDay: false,
    });
  });
});

async function otherBranchId() {
  const [row] = await t.database.db
    .select({ id: branches.id })
    .from(branches)
    .where(sql`${branches.id} <> ${mine.branchId}`)
    .limit(1);
  return row?.id;
}

/** Sold out in the menu at `now` (the use case itself: the sessions would not outlive the jump). */
async function soldOutAt(id: string, now: Date) {
  const answer = await listMenu({ db: t.database.db, branchId: mine.branchId, now });
  return answer.items.find((item) => item.id === id)?.soldOut;
}

describe('Sold out (86)', () => {
  const soldOut = (id: string, payload: object, as = staff) =>
    as.call('PUT', `/api/products/${id}/sold-out`, payload);

  it('lets staff mark a product sold out and back on sale; until then it stays sold out', async () => {
    const chai = await add();
    const response = await soldOut(chai.id, { soldOut: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: chai.id,
      soldOut: true,
    } satisfies Partial<MenuItem>);
    // Until someone turns it back on ('infinity'), whatever the day.
    expect(await soldOutAt(chai.id, new Date('2030-01-01T00:00:00Z'))).toBe(true);
    expect((await soldOut(chai.id, { soldOut: false })).json()).toMatchObject({ soldOut: false });
    expect((await menuItem(chai.id))?.soldOut).toBe(false);
    const audits = await t.database.db
      .select({ action: auditLog.action, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, chai.id), sql`${auditLog.action} <> 'product.create'`))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audits).toEqual([
      { action: 'product.sold_out', userId: mine.staff.id },
      { action: 'product.back_on_sale', userId: mine.staff.id },
    ]);
  });

  it("marks it sold out until the start of the branch's next business day, in its time zone, when the settings say so", async () => {
    await t.database.db
      .update(branches)
      .set({ timeZone: 'America/New_York' })
      .where(eq(branches.id, mine.branchId));
    await manager.call('PUT', '/api/menu/settings', {
      quickNotes: [],
      soldOutUntilNextDay: true,
    });
    try {
      const chai = await add();
      // 06:30 UTC is 01:30 on 22 Nov in New York: back at its midnight, 05:00 UTC on the 23rd.
      expect((await soldOut(chai.id, { soldOut: true })).json()).toMatchObject({ soldOut: true });
      const [row] = await t.database.db
        .select({ until: products.soldOutUntil })
        .from(products)
        .where(eq(products.id, chai.id));
      expect(row!.until).toEqual(new Date('2026-11-23T05:00:00Z'));
      expect(await soldOutAt(chai.id, new Date('2026-11-23T04:59:59Z'))).toBe(true);
      expect(await soldOutAt(chai.id, new Date('2026-11-23T05:00:00Z'))).toBe(false);
    } finally {
      await t.database.db
        .update(branches)
        .set({ timeZone: 'Asia/Kolkata' })
        .where(eq(branches.id, mine.branchId));
      await manager.call('PUT', '/api/menu/settings', {
        quickNotes: [...DEFAULT_QUICK_NOTES],
        soldOutUntilNextDay: false,
      });
    }
  });

  it('marks one variant sold out, and refuses a variant of another product with 404 naming it', async () => {
    const biryani = await add({ variants: halfFull() });
    const [half] = biryani.variants;
    const response = await soldOut(biryani.id, { soldOut: true, variantId: half!.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      soldOut: false,
      variants: [
        { name: 'Half', soldOut: true },
        { name: 'Full', soldOut: false },
      ],
    });
    const list = (await manager.get('/api/products')).json() as ProductList;
    expect(list.items.find((item) => item.id === biryani.id)?.variants[0]).toMatchObject({
      soldOut: true,
    });
    const other = await add();
    const wrong = await soldOut(other.id, { soldOut: true, variantId: half!.id });
    expect(wrong.statusCode).toBe(404);
    expect(fieldsOf(wrong)).toEqual({ variantId: 'Variant not found' });
  });
});

describe('Run-out warning', () => {
  it("names the ingredients with no stock left in the product's recipe or its live variants' recipes", async () => {
    const plain = await add({
      ingredients: [
        { ingredientId: saffron.id, quantityUsed: 1 },
        { ingredientId: rice.id, quantityUsed: 10 },
      ],
    });
    const variants = await add({
      variants: [
        {
          name: 'Half',
          pricePaise: 1,
          ingredients: [{ ingredientId: saffron.id, quantityUsed: 1 }],
        },
      ],
    });
    const fine = await add({ ingredients: [{ ingredientId: rice.id, quantityUsed: 10 }] });
    const list = (await manager.get('/api/products')).json() as ProductList;
    const runOut = (id: string) => list.items.find((item) => item.id === id)?.runOutIngredients;
    expect(runOut(plain.id)).toEqual(['Saffron']);
    expect(runOut(variants.id)).toEqual(['Saffron']);
    expect(runOut(fine.id)).toEqual([]);
    // Once the variant is gone, so is its warning.
    await edit(variants.id, { variants: [] });
    const after = (await manager.get('/api/products')).json() as ProductList;
    expect(after.items.find((item) => item.id === variants.id)?.runOutIngredients).toEqual([]);
  });
});

describe('Who may change the menu', () => {
  it('answers 404 to another branch for each new route with one of our ids, and changes nothing', async () => {
    const extras = await addGroup();
    const biryani = await add({ variants: halfFull() });
    const calls = [
      theirs.call('PUT', `/api/addon-groups/${extras.id}`, group()),
      theirs.call('DELETE', `/api/addon-groups/${extras.id}`),
      theirs.call('PUT', `/api/products/${biryani.id}/sold-out`, { soldOut: true }),
      theirs.call('PUT', '/api/menu/order', { productIds: [biryani.id] }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const theirMenu = await menu(theirs);
    expect(theirMenu.items.map((item) => item.id)).not.toContain(biryani.id);
    expect(theirMenu.addonGroups).toEqual([]);
    const theirGroups = (await theirs.get('/api/addon-groups')).json() as AddonGroupList;
    expect(theirGroups.items.map((item) => item.id)).not.toContain(extras.id);
    expect((await menuItem(biryani.id))?.soldOut).toBe(false);
    // Their own product cannot take our variant.
    const [theirProduct] = await t.database.db
      .insert(products)
      .values({
        branchId: (await otherBranchId())!,
        name: 'Their Rice',
        pricePaise: 1,
        subcategory: 'Rice',
      })
      .returning({ id: products.id });
    const taken = await theirs.call('PUT', `/api/products/${theirProduct!.id}`, {
      ...body(),
      variants: [{ id: biryani.variants[0]!.id, name: 'Half', pricePaise: 1 }],
    });
    expect(taken.statusCode).toBe(404);
  });

  it('refuses staff the add-on groups, the menu order and the settings with 403, but lets them mark sold out', async () => {
    const extras = await addGroup();
    const chai = await add();
    const calls = [
      staff.get('/api/addon-groups'),
      staff.call('POST', '/api/addon-groups', group()),
      staff.call('PUT', `/api/addon-groups/${extras.id}`, group()),
      staff.call('DELETE', `/api/addon-groups/${extras.id}`),
      staff.call('PUT', '/api/menu/order', { productIds: [chai.id] }),
      staff.get('/api/menu/settings'),
      staff.call('PUT', '/api/menu/settings', { quickNotes: [], soldOutUntilNextDay: false }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
    expect(
      (await staff.call('PUT', `/api/products/${chai.id}/sold-out`, { soldOut: true })).statusCode,
    ).toBe(200);
  });
});

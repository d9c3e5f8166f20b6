import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { addonOptions, orderOps, products, productVariants } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { menuOf } from './menu.test-support';
import { addProduct } from './tables.test-support';

// Order lines with choices (docs/menu.md "Order lines"): a tap names a product with a variant,
// add-ons and a note; the server keys the line by them, checks a new line's choices and
// snapshots them.

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}
let staff: (payload: object, tableId: string) => Promise<Answer>;
let manager: typeof staff;
let biryani: string;
let half: string;
let full: string;
let pizza: string;
let cheese: string;
let olives: string;
let mild: string;
let hot: string;
let dosa: string;
let theirVariant: string;
let theirOption: string;
const onPostgres = Boolean(process.env.DATABASE_URL);

const as =
  (cookie: string) =>
  (payload: object, tableId: string): Promise<Answer> =>
    t.app.inject({
      method: 'POST',
      url: `/api/tables/${tableId}/lines`,
      headers: { cookie },
      payload: { opId: uuidv7(), delta: 1, ...payload },
    });

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  staff = as(await loginAs(t.app, mine.staff.email));
  manager = as(await loginAs(t.app, mine.manager.email));
  const db = t.database.db;
  const menu = menuOf(db, mine.branchId);
  biryani = await addProduct(db, mine.branchId, 'Chicken Biryani', 30000);
  ({ Half: half, Full: full } = await menu.variants(biryani, [
    { name: 'Half', pricePaise: 18000 },
    { name: 'Full', pricePaise: 30000, isDefault: true },
  ]));
  pizza = await addProduct(db, mine.branchId, 'Margherita', 25000);
  // Spice level: exactly one (required); Extras: up to two, optional, listed first.
  ({
    options: { Mild: mild, Hot: hot },
  } = await menu.group(
    'Spice level',
    { min: 1, max: 1 },
    [
      { name: 'Mild', pricePaise: 0 },
      { name: 'Hot', pricePaise: 0 },
    ],
    [pizza],
    1,
  ));
  ({
    options: { Cheese: cheese, Olives: olives },
  } = await menu.group(
    'Extras',
    { min: 0, max: 2 },
    [
      { name: 'Cheese', pricePaise: 3000 },
      { name: 'Olives', pricePaise: 2000 },
      { name: 'Jalapeno', pricePaise: 2000 },
    ],
    [pizza],
    0,
  ));
  dosa = await addProduct(db, mine.branchId, 'Masala Dosa', 12000);
  const theirs = menuOf(db, other.branchId);
  const theirBiryani = await addProduct(db, other.branchId, 'Their Biryani', 20000);
  ({ Half: theirVariant } = await theirs.variants(theirBiryani, [
    { name: 'Half', pricePaise: 1000 },
  ]));
  ({
    options: { Cheese: theirOption },
  } = await theirs.group('Extras', { min: 0, max: 5 }, [{ name: 'Cheese', pricePaise: 1 }], []));
});
afterAll(() => t?.close());

async function newTable(label: string): Promise<TableSummary> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tables',
    headers: { cookie: await loginAs(t.app, mine.staff.email) },
    payload: { label },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TableSummary;
}

async function ok(response: Answer): Promise<TableOrder> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TableOrder;
}

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: object } }).error;

describe('order lines with choices', () => {
  it('the same choices make one line, and a different variant, add-on or note another; notes are compared normalised', async () => {
    const table = await newTable('C1');
    const plain = { productId: pizza, variantId: null, addonIds: [mild] };
    await ok(await staff(plain, table.id));
    await ok(await manager({ ...plain, delta: 2 }, table.id));
    // The add-ons in another order are the same line.
    await ok(await staff({ ...plain, addonIds: [cheese, mild, olives] }, table.id));
    await ok(await staff({ ...plain, addonIds: [olives, mild, cheese] }, table.id));
    await ok(await staff({ ...plain, addonIds: [hot] }, table.id));
    await ok(await staff({ ...plain, note: '  no  onion ' }, table.id));
    await ok(await staff({ ...plain, note: 'no onion' }, table.id));
    await ok(await staff({ productId: biryani, variantId: half }, table.id));
    await ok(await staff({ productId: biryani, variantId: full }, table.id));
    const order = await ok(await staff({ productId: biryani, variantId: half }, table.id));
    expect(
      order.lines.map((line) => [line.key, line.name, line.quantity, line.unitPricePaise]),
    ).toEqual([
      [`${pizza}||${mild}|`, 'Margherita', 3, 25000],
      [`${pizza}||${[cheese, mild, olives].sort().join(',')}|`, 'Margherita', 2, 30000],
      [`${pizza}||${hot}|`, 'Margherita', 1, 25000],
      [`${pizza}||${mild}|no onion`, 'Margherita', 2, 25000],
      [`${biryani}|${half}||`, 'Chicken Biryani (Half)', 2, 18000],
      [`${biryani}|${full}||`, 'Chicken Biryani (Full)', 1, 30000],
    ]);
    // The snapshot: add-ons by group position (Extras first), then option position.
    expect(order.lines[1]).toMatchObject({
      variantId: null,
      variantName: null,
      note: '',
      addons: [
        { id: cheese, group: 'Extras', name: 'Cheese', pricePaise: 3000 },
        { id: olives, group: 'Extras', name: 'Olives', pricePaise: 2000 },
        { id: mild, group: 'Spice level', name: 'Mild', pricePaise: 0 },
      ],
      lineTotalPaise: 60000,
    });
    expect(order.lines[3]!.note).toBe('no onion');
    expect(order.lines[4]).toMatchObject({ variantId: half, variantName: 'Half', addons: [] });
    expect(order.totalPaise).toBe(3 * 25000 + 2 * 30000 + 25000 + 2 * 25000 + 2 * 18000 + 30000);
    // Taking off finds the line by its choices.
    const after = await ok(
      await staff({ ...plain, addonIds: [olives, cheese, mild], delta: -2 }, table.id),
    );
    expect(after.lines).toHaveLength(5);
    expect(after.version).toBe(table.version + 11);
  });

  it("refuses choices outside a group's min and max, a missing or foreign variant, and a variant of a product without any, writing nothing", async () => {
    const table = await newTable('C2');
    const refusals: [object, string, string][] = [
      [{ productId: pizza }, 'Choose the choices again: Choose Spice level', 'addonIds'],
      [
        { productId: pizza, addonIds: [mild, hot] },
        'Choose the choices again: Choose one Spice level',
        'addonIds',
      ],
      [
        { productId: pizza, addonIds: [mild, cheese, olives, cheese, hot] },
        'Choose the choices again: Choose one Spice level',
        'addonIds',
      ],
      [
        { productId: dosa, addonIds: [cheese] },
        'Choose the choices again: An add-on is not offered with this product',
        'addonIds',
      ],
      [{ productId: biryani }, 'Choose the choices again: Choose Half or Full', 'variantId'],
      [
        { productId: biryani, variantId: theirVariant },
        'Choose the choices again: Choose Half or Full',
        'variantId',
      ],
      [
        { productId: dosa, variantId: half },
        'Choose the choices again: Masala Dosa has no variants now',
        'variantId',
      ],
      [
        { productId: pizza, addonIds: [mild, theirOption] },
        'Choose the choices again: An add-on is not offered with this product',
        'addonIds',
      ],
    ];
    for (const [payload, message, field] of refusals) {
      const opId = uuidv7();
      const response = await staff({ ...payload, opId }, table.id);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(errorOf(response)).toEqual({
        code: 'tables.choices_invalid',
        message,
        fields: { [field]: message },
      });
      expect(await t.database.db.select().from(orderOps).where(eq(orderOps.opId, opId))).toEqual(
        [],
      );
    }
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/tables/${table.id}/order`,
        headers: { cookie: await loginAs(t.app, mine.staff.email) },
      })
    ).json() as TableOrder;
    expect(order.lines).toEqual([]);
    expect(order.version).toBe(table.version);
  });

  it('refuses adding a sold-out product or variant, even to a line already there, and taking off still works', async () => {
    const table = await newTable('C3');
    const db = t.database.db;
    const future = new Date(t.clock().getTime() + 60 * 60 * 1000);
    await ok(await staff({ productId: biryani, variantId: half, delta: 2 }, table.id));
    await ok(await staff({ productId: dosa }, table.id));
    await db
      .update(productVariants)
      .set({ soldOutUntil: future })
      .where(eq(productVariants.id, half));
    await db.update(products).set({ soldOutUntil: future }).where(eq(products.id, dosa));
    for (const [payload, message] of [
      [{ productId: biryani, variantId: half }, 'Chicken Biryani (Half) is sold out'],
      [{ productId: dosa }, 'Masala Dosa is sold out'],
      [{ productId: dosa, note: 'crisp' }, 'Masala Dosa is sold out'],
    ] as const) {
      const response = await staff(payload, table.id);
      expect(response.statusCode, response.body).toBe(409);
      expect(errorOf(response)).toMatchObject({ code: 'tables.sold_out', message });
    }
    // The other variant is still on sale.
    await ok(await staff({ productId: biryani, variantId: full }, table.id));
    const order = await ok(
      await staff({ productId: biryani, variantId: half, delta: -1 }, table.id),
    );
    expect(order.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Chicken Biryani (Half)', 1],
      ['Masala Dosa', 1],
      ['Chicken Biryani (Full)', 1],
    ]);
    // Back on sale once the time has passed (sold out means sold_out_until > now).
    await db
      .update(productVariants)
      .set({ soldOutUntil: new Date(t.clock().getTime() - 1000) })
      .where(eq(productVariants.id, half));
    await db.update(products).set({ soldOutUntil: null }).where(eq(products.id, dosa));
    await ok(await staff({ productId: biryani, variantId: half }, table.id));
    await ok(await staff({ productId: dosa }, table.id));
  });

  it('takes off a line whose add-on was archived since, while adding to it still works and a new line with it is refused', async () => {
    const table = await newTable('C4');
    const db = t.database.db;
    const jalapeno = await menuOf(db, mine.branchId).group(
      'Toppings',
      { min: 0, max: 1 },
      [{ name: 'Jalapeno', pricePaise: 1500 }],
      [pizza],
      2,
    );
    const line = { productId: pizza, addonIds: [mild, jalapeno.options.Jalapeno!] };
    await ok(await staff({ ...line, delta: 3 }, table.id));
    await db
      .update(addonOptions)
      .set({ archivedAt: t.clock() })
      .where(eq(addonOptions.id, jalapeno.options.Jalapeno!));
    // A tap on the line already there adds (its snapshot stands).
    const more = await ok(await staff(line, table.id));
    expect(more.lines).toMatchObject([{ quantity: 4, unitPricePaise: 26500 }]);
    const refused = await staff({ ...line, note: 'extra' }, table.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('tables.choices_invalid');
    await ok(await staff({ ...line, delta: -1 }, table.id));
    const gone = await ok(await staff({ ...line, delta: -3 }, table.id));
    expect(gone.lines).toEqual([]);
  });

  it.runIf(onPostgres)(
    'parallel taps of two choice sets on one table from two devices add up exactly',
    async () => {
      const table = await newTable('C5');
      const a = { productId: pizza, addonIds: [cheese, mild] };
      const b = { productId: biryani, variantId: half, note: 'no onion' };
      await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const device = i % 2 ? staff : manager;
          const response = await device(i % 3 ? a : b, table.id);
          if (response.statusCode !== 200) throw new Error(response.body);
        }),
      );
      const order = await ok(await staff({ ...a, delta: 1 }, table.id));
      expect(order.lines.map((line) => [line.name, line.quantity]).sort()).toEqual([
        ['Chicken Biryani (Half)', 17],
        ['Margherita', 34],
      ]);
      expect(order.version).toBe(table.version + 51);
    },
    60_000,
  );
});

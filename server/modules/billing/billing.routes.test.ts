import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import type { Bill, BillPrint, PaymentBody } from '../../../shared/schemas/billing.schemas';
import type { InventoryItem } from '../../../shared/schemas/inventory.schemas';
import type { Product } from '../../../shared/schemas/products.schemas';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { billCounters, bills, ingredients, inventoryMovements, orderLines } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { dailyTotalsMismatches } from '../../test/daily-totals';
import { createTestApp, type TestApp } from '../../test/test-app';
import { apiAs } from '../inventory/inventory.test-support';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof apiAs>;
let staff: ReturnType<typeof apiAs>;
let theirs: ReturnType<typeof apiAs>;
let milk: InventoryItem;
let tea: InventoryItem;
let chai: Product;
let toast: Product;

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

async function addTable(label = `T${randomUUID().slice(0, 8)}`): Promise<TableSummary> {
  return json<TableSummary>(await manager.call('POST', '/api/tables', { label }), 201);
}

async function order(tableId: string, items: [Product, number][]): Promise<TableOrder> {
  let last: TableOrder | undefined;
  for (const [product, delta] of items) {
    last = await json<TableOrder>(
      await staff.call('POST', `/api/tables/${tableId}/lines`, {
        opId: randomUUID(),
        productId: product.id,
        delta,
      }),
    );
  }
  return last!;
}

function pay(tableId: string, body: Partial<PaymentBody> & { expectedVersion: number }) {
  return staff.call('POST', `/api/tables/${tableId}/payments`, {
    idempotencyKey: randomUUID(),
    status: 'Settled',
    ...body,
  });
}

/** A table with 2 chai (₹30, 100 ml milk + 5 g tea each) and 1 toast (₹45, no recipe). */
async function tableWithOrder() {
  const table = await addTable();
  const current = await order(table.id, [
    [chai, 2],
    [toast, 1],
  ]);
  return { table, order: current };
}

/** Nothing of the table was billed: no bill, and its order still holds `lines` lines. */
async function expectUnbilled(tableId: string, lines: number) {
  const db = t.database.db;
  const [written] = await db.select({ n: count() }).from(bills).where(eq(bills.tableId, tableId));
  expect(written!.n).toBe(0);
  expect(await db.select().from(orderLines).where(eq(orderLines.tableId, tableId))).toHaveLength(
    lines,
  );
}

const stockOf = async (item: InventoryItem) =>
  (await json<InventoryItem>(await manager.get(`/api/inventory/${item.id}`))).quantity;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  manager = apiAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = apiAs(t.app, await loginAs(t.app, mine.staff.email));
  theirs = apiAs(t.app, await loginAs(t.app, other.manager.email));
  milk = await manager.addIngredient({ category: 'Dairy', name: 'Milk', quantity: 10, unit: 'l' });
  tea = await manager.addIngredient({ category: 'Tea', name: 'Leaves', quantity: 1, unit: 'kg' });
  const product = async (body: object) =>
    json<Product>(await manager.call('POST', '/api/products', body), 201);
  chai = await product({
    name: 'Masala Chai',
    pricePaise: 3000,
    subcategory: 'Hot',
    ingredients: [
      { ingredientId: milk.id, quantityUsed: 100 },
      { ingredientId: tea.id, quantityUsed: 5 },
    ],
  });
  toast = await product({
    name: 'Toast',
    pricePaise: 4500,
    subcategory: 'Snacks',
    ingredients: [],
  });
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/tables/:tableId/payments', () => {
  it('bills a Settled table with a discount: numbered bill, lines as they were, stock taken, table cleared', async () => {
    const { table, order: current } = await tableWithOrder();
    const milkBefore = await stockOf(milk);
    // ₹105 at 12.5 % → discount ₹13.13 (1312.5 paise rounds half up), total ₹91.87.
    const bill = await json<Bill>(
      await pay(table.id, {
        expectedVersion: current.version,
        discountPercent: 12.5,
        payments: [{ method: 'UPI', amountPaise: 9187 }],
      }),
      201,
    );
    expect(bill).toMatchObject({
      subtotalPaise: 10500,
      discountBps: 1250,
      discountPaise: 1313,
      totalPaise: 9187,
      paidPaise: 9187,
      status: 'Settled',
      method: 'UPI',
      responsible: null,
      tableLabel: table.label,
      businessDate: '2026-11-22',
    });
    expect(bill.number).toMatch(/^B\/2627\/\d{6}$/);
    expect(bill.lines.map((line) => [line.name, line.subcategory, line.quantity])).toEqual([
      ['Masala Chai', 'Hot', 2],
      ['Toast', 'Snacks', 1],
    ]);
    expect(await stockOf(milk)).toBe(milkBefore - 200);
    const after = await json<TableOrder>(await staff.get(`/api/tables/${table.id}/order`));
    expect(after.lines).toEqual([]);
    expect(after.version).toBeGreaterThan(current.version);
    const sales = await t.database.db
      .select()
      .from(inventoryMovements)
      .where(eq(inventoryMovements.billId, bill.id));
    expect(sales.map((row) => [row.action, row.quantityDelta]).sort()).toEqual([
      ['sale', -10],
      ['sale', -200],
    ]);
  });

  it('splits a bill between methods and lists it under the larger one', async () => {
    const { table, order: current } = await tableWithOrder();
    const bill = await json<Bill>(
      await pay(table.id, {
        expectedVersion: current.version,
        payments: [
          { method: 'Cash', amountPaise: 5000 },
          { method: 'UPI', amountPaise: 5500 },
        ],
      }),
      201,
    );
    expect(bill.payments.map((row) => [row.method, row.amountPaise])).toEqual([
      ['Cash', 5000],
      ['UPI', 5500],
    ]);
    expect(bill.method).toBe('UPI');
  });

  it('settles a fully discounted bill by the method chosen, with no money row', async () => {
    const { table, order: current } = await tableWithOrder();
    const bill = await json<Bill>(
      await pay(table.id, {
        expectedVersion: current.version,
        discountPercent: 100,
        payments: [{ method: 'Card', amountPaise: 0 }],
      }),
      201,
    );
    expect(bill).toMatchObject({ status: 'Settled', method: 'Card', totalPaise: 0, paidPaise: 0 });
    expect(bill.payments).toEqual([]);
  });

  it('refuses a fully discounted (₹0) bill as Due, naming the status, and writes nothing', async () => {
    const { table, order: current } = await tableWithOrder();
    const response = await pay(table.id, {
      expectedVersion: current.version,
      discountPercent: 100,
      status: 'Due',
      responsible: 'Ravi',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'billing.nothing_owed',
      fields: { status: 'Nothing is owed on a ₹0 bill: choose Settled.' },
    });
    await expectUnbilled(table.id, 2);
  });

  it('refuses payments that do not add up to the amount due, naming it', async () => {
    const { table, order: current } = await tableWithOrder();
    const response = await pay(table.id, {
      expectedVersion: current.version,
      payments: [{ method: 'Cash', amountPaise: 10000 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'billing.payments_mismatch',
      message: 'The payments must add up to the amount due, ₹105.00.',
    });
    expect(
      (await json<TableOrder>(await staff.get(`/api/tables/${table.id}/order`))).lines,
    ).toHaveLength(2);
  });

  it("answers the spec's messages for a missing status or method and a Due without a name", async () => {
    const { table, order: current } = await tableWithOrder();
    const base = { idempotencyKey: randomUUID(), expectedVersion: current.version };
    const noStatus = await staff.call('POST', `/api/tables/${table.id}/payments`, {
      ...base,
      payments: [{ method: 'Cash', amountPaise: 10500 }],
    });
    expect(noStatus.json().error.fields.status).toBe(MESSAGES.payment.methodAndStatusRequired);
    const noMethod = await pay(table.id, { expectedVersion: current.version, payments: [] });
    expect(noMethod.json().error.message).toBe('Please select a payment method and status.');
    const badMethod = await pay(table.id, {
      expectedVersion: current.version,
      payments: [{ method: 'Cheque' as 'Cash', amountPaise: 10500 }],
    });
    expect(badMethod.json().error.fields['payments.0.method']).toBe(
      'Please select a payment method and status.',
    );
    for (const responsible of [undefined, '   ']) {
      const due = await pay(table.id, {
        expectedVersion: current.version,
        status: 'Due',
        ...(responsible === undefined ? {} : { responsible }),
      });
      expect(due.statusCode).toBe(400);
      expect(due.json().error.fields.responsible).toBe(
        "Please enter the responsible person's name for due payments.",
      );
    }
  });

  it('keeps the discount between 0 and 100 with at most 2 decimals', async () => {
    const { table, order: current } = await tableWithOrder();
    for (const discountPercent of [-1, 100.01, 12.345]) {
      const response = await pay(table.id, {
        expectedVersion: current.version,
        discountPercent,
        payments: [{ method: 'Cash', amountPaise: 10500 }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.discountPercent).toBe(
        'Discount must be between 0 and 100.',
      );
    }
  });

  it('bills a Due with its responsible person, with nothing or a part paid now', async () => {
    const first = await tableWithOrder();
    const due = await json<Bill>(
      await pay(first.table.id, {
        expectedVersion: first.order.version,
        status: 'Due',
        responsible: ' Ravi ',
      }),
      201,
    );
    expect(due).toMatchObject({ status: 'Due', method: 'Due', responsible: 'Ravi', paidPaise: 0 });
    const second = await tableWithOrder();
    const partial = await json<Bill>(
      await pay(second.table.id, {
        expectedVersion: second.order.version,
        status: 'Due',
        responsible: 'Ravi',
        payments: [{ method: 'Cash', amountPaise: 5000 }],
      }),
      201,
    );
    expect(partial.paidPaise).toBe(5000);
  });

  it('refuses an empty table and answers 409 with the current order when it changed', async () => {
    const empty = await addTable();
    const none = await pay(empty.id, {
      expectedVersion: 0,
      payments: [{ method: 'Cash', amountPaise: 100 }],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('billing.empty_table');

    const { table, order: seen } = await tableWithOrder();
    const now = await order(table.id, [[toast, 1]]);
    const response = await pay(table.id, {
      expectedVersion: seen.version,
      payments: [{ method: 'Cash', amountPaise: 10500 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { code: 'billing.order_changed' },
      order: { version: now.version, totalPaise: 15000 },
    });
  });

  it('bills the prices of when the items were ordered, not a later price', async () => {
    const table = await addTable();
    const biscuit = await json<Product>(
      await manager.call('POST', '/api/products', {
        name: 'Biscuit',
        pricePaise: 1000,
        subcategory: 'Snacks',
        ingredients: [],
      }),
      201,
    );
    const current = await order(table.id, [[biscuit, 1]]);
    await json(
      await manager.call('PUT', `/api/products/${biscuit.id}`, {
        name: 'Biscuit',
        pricePaise: 2000,
        subcategory: 'Snacks',
        ingredients: [],
      }),
    );
    const bill = await json<Bill>(
      await pay(table.id, {
        expectedVersion: current.version,
        payments: [{ method: 'Cash', amountPaise: 1000 }],
      }),
      201,
    );
    expect(bill.lines[0]!.unitPricePaise).toBe(1000);
  });

  it('answers the first bill for the same idempotency key, also for 10 at once, with one deduction', async () => {
    const { table, order: current } = await tableWithOrder();
    const milkBefore = await stockOf(milk);
    const body = {
      idempotencyKey: randomUUID(),
      expectedVersion: current.version,
      status: 'Settled',
      payments: [{ method: 'Card', amountPaise: 10500 }],
    };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        staff.call('POST', `/api/tables/${table.id}/payments`, body),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(responses.map((r) => (r.json() as Bill).id));
    expect(ids.size).toBe(1);
    const again = await staff.call('POST', `/api/tables/${table.id}/payments`, body);
    expect(again.json().id).toBe([...ids][0]);
    const [same] = await t.database.db
      .select({ n: count() })
      .from(bills)
      .where(eq(bills.idempotencyKey, body.idempotencyKey));
    expect(same!.n).toBe(1);
    expect(await stockOf(milk)).toBe(milkBefore - 200);
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);
  });

  it("answers 409 for a key already used on another table, never that table's bill; at once too", async () => {
    const first = await tableWithOrder();
    const key = randomUUID();
    const paid = await pay(first.table.id, {
      idempotencyKey: key,
      expectedVersion: first.order.version,
      payments: [{ method: 'Cash', amountPaise: 10500 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const second = await tableWithOrder();
    const reused = await pay(second.table.id, {
      idempotencyKey: key,
      expectedVersion: second.order.version,
      payments: [{ method: 'Cash', amountPaise: 10500 }],
    });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().error).toMatchObject({ code: 'billing.key_reused' });
    expect(reused.json().error.fields).toHaveProperty('idempotencyKey');
    // The equal split checks its key the same way.
    const split = await staff.call('POST', `/api/tables/${second.table.id}/payments/equal-split`, {
      idempotencyKey: key,
      expectedVersion: second.order.version,
      parts: [5250, 5250].map((amountPaise) => ({ payments: [{ method: 'Cash', amountPaise }] })),
    });
    expect(split.statusCode, split.body).toBe(409);
    expect(split.json().error).toMatchObject({ code: 'billing.key_reused' });
    await expectUnbilled(second.table.id, 2);
    // Two tables paid with one key at the same moment: one bill, the other table left as it was.
    for (let round = 0; round < 5; round += 1) {
      const a = await tableWithOrder();
      const b = await tableWithOrder();
      const same = randomUUID();
      const answers = await Promise.all(
        [a, b].map((x) =>
          pay(x.table.id, {
            idempotencyKey: same,
            expectedVersion: x.order.version,
            payments: [{ method: 'Cash', amountPaise: 10500 }],
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const loser = answers[0]!.statusCode === 409 ? a : b;
      await expectUnbilled(loser.table.id, 2);
    }
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);
  });

  it('numbers 20 parallel payments on different tables without a gap or a repeat', async () => {
    const setups = [];
    for (let i = 0; i < 20; i++) setups.push(await tableWithOrder());
    const responses = await Promise.all(
      setups.map(({ table, order: current }) =>
        pay(table.id, {
          expectedVersion: current.version,
          payments: [{ method: 'Cash', amountPaise: 10500 }],
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    const [counter] = await t.database.db
      .select()
      .from(billCounters)
      .where(
        and(eq(billCounters.branchId, mine.branchId), eq(billCounters.financialYear, '2026-27')),
      );
    const serials = (
      await t.database.db
        .select({ number: bills.number })
        .from(bills)
        .where(and(eq(bills.branchId, mine.branchId), eq(bills.financialYear, '2026-27')))
    )
      .map((row) => Number(row.number.split('/')[2]))
      .sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: counter!.lastNumber }, (_, i) => i + 1));
    // Each bill is in the totals per day (its lines, its money) exactly once.
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);
  });

  it('writes nothing, and gives no number away, when the payment fails in the middle', async () => {
    const { table, order: current } = await tableWithOrder();
    const db = t.database.db;
    const counterOf = async () =>
      (
        await db
          .select({ last: billCounters.lastNumber })
          .from(billCounters)
          .where(eq(billCounters.branchId, mine.branchId))
      )[0]?.last ?? 0;
    const before = await counterOf();
    const milkBefore = await stockOf(milk);
    // The sale movements fail after the bill, its lines and the counter are written.
    await db.execute(sql`create function tf_fail_sale() returns trigger language plpgsql as
      $$ begin raise exception 'forced failure'; end $$`);
    await db.execute(sql`create trigger tf_fail_sale before insert on inventory_movements
      for each row when (new.action = 'sale') execute function tf_fail_sale()`);
    try {
      const response = await pay(table.id, {
        expectedVersion: current.version,
        payments: [{ method: 'Cash', amountPaise: 10500 }],
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger tf_fail_sale on inventory_movements`);
      await db.execute(sql`drop function tf_fail_sale`);
    }
    expect(await counterOf()).toBe(before);
    expect(await stockOf(milk)).toBe(milkBefore);
    await expectUnbilled(table.id, 2);
    // The next payment takes the very next number.
    const bill = await json<Bill>(
      await pay(table.id, {
        expectedVersion: current.version,
        payments: [{ method: 'Cash', amountPaise: 10500 }],
      }),
      201,
    );
    expect(Number(bill.number.split('/')[2])).toBe(before + 1);
    expect(await dailyTotalsMismatches(db, mine.branchId)).toEqual([]);
  });

  it('refuses a bill that would take an ingredient below the least stock can record, naming it', async () => {
    const flour = await manager.addIngredient({
      category: 'Bakery',
      name: 'Maida',
      quantity: 1,
      unit: 'kg',
    });
    const naan = await json<Product>(
      await manager.call('POST', '/api/products', {
        name: 'Family Naan',
        pricePaise: 9000,
        subcategory: 'Breads',
        ingredients: [{ ingredientId: flour.id, quantityUsed: 100_000 }],
      }),
      201,
    );
    // Where years of sales of a recipe kept in the wrong unit would leave it.
    const db = t.database.db;
    await db
      .update(ingredients)
      .set({ quantity: -999_950_000 })
      .where(eq(ingredients.id, flour.id));
    const table = await addTable();
    const current = await order(table.id, [[naan, 1]]);
    const response = await pay(table.id, {
      expectedVersion: current.version,
      payments: [{ method: 'Cash', amountPaise: 9000 }],
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).error).toMatchObject({
      code: 'inventory.sale_too_large',
      message: expect.stringContaining(
        'Maida below the least an item can record (minus 10,00,000 kg)',
      ),
    });
    expect(await stockOf(flour)).toBe(-999_950_000);
    await expectUnbilled(table.id, 1);
  });

  it("answers 404 for another branch's table and refuses the super admin", async () => {
    const { table, order: current } = await tableWithOrder();
    const response = await theirs.call('POST', `/api/tables/${table.id}/payments`, {
      idempotencyKey: randomUUID(),
      expectedVersion: current.version,
      status: 'Settled',
      payments: [{ method: 'Cash', amountPaise: 10500 }],
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/tables/:tableId/last-bill', () => {
  it('names the bill that last paid a table (none before), for this branch only', async () => {
    const { table, order: current } = await tableWithOrder();
    expect(await json(await staff.get(`/api/tables/${table.id}/last-bill`))).toEqual({
      bill: null,
    });
    const bill = await json<Bill>(
      await pay(table.id, {
        expectedVersion: current.version,
        payments: [{ method: 'Cash', amountPaise: 10500 }],
      }),
      201,
    );
    expect(await json(await staff.get(`/api/tables/${table.id}/last-bill`))).toEqual({
      bill: {
        id: bill.id,
        number: bill.number,
        totalPaise: 10500,
        status: 'Settled',
        createdAt: bill.createdAt,
      },
    });
    expect((await theirs.get(`/api/tables/${table.id}/last-bill`)).statusCode).toBe(404);
  });
});

describe('GET /api/bills/:id', () => {
  it("prints a bill with the branch's details, for this branch only", async () => {
    const { table, order: current } = await tableWithOrder();
    const bill = await json<Bill>(
      await pay(table.id, {
        expectedVersion: current.version,
        payments: [{ method: 'Cash', amountPaise: 10500 }],
      }),
      201,
    );
    await json<object>(
      await manager.call('PUT', '/api/branch/settings', {
        name: 'Demo Cafe',
        address: '12 MG Road',
        phone: '080 4123 4567',
        gstin: '',
        timeZone: 'Asia/Kolkata',
      }),
    );
    const printed = await json<BillPrint>(await staff.get(`/api/bills/${bill.id}`));
    expect(printed).toMatchObject({
      id: bill.id,
      number: bill.number,
      branch: { name: 'Demo Cafe', address: '12 MG Road' },
    });
    expect((await theirs.get(`/api/bills/${bill.id}`)).statusCode).toBe(404);
  });
});

describe('bill numbers across financial years', () => {
  it('starts a new financial year on 1 April in the branch time zone, from number 1', async () => {
    // Months later: the plans still run, and everyone signs in again (sessions end when idle).
    await t.database.db.execute(
      sql`update branches set deactive_date = '2027-12-31' where id = ${mine.branchId}`,
    );
    await t.database.db.execute(
      sql`update users set deactive_date = '2027-12-31' where branch_id = ${mine.branchId} and deactive_date is not null`,
    );
    t.clock.set('2027-03-31T18:29:00Z'); // 31 Mar 23:59 IST
    manager = apiAs(t.app, await loginAs(t.app, mine.manager.email));
    staff = apiAs(t.app, await loginAs(t.app, mine.staff.email));
    const march = await tableWithOrder();
    const last = await json<Bill>(
      await pay(march.table.id, {
        expectedVersion: march.order.version,
        payments: [{ method: 'Cash', amountPaise: 10500 }],
      }),
      201,
    );
    t.clock.set('2027-03-31T18:31:00Z'); // 1 Apr 00:01 IST
    const april = await tableWithOrder();
    const first = await json<Bill>(
      await pay(april.table.id, {
        expectedVersion: april.order.version,
        payments: [{ method: 'Cash', amountPaise: 10500 }],
      }),
      201,
    );
    expect(last).toMatchObject({ businessDate: '2027-03-31' });
    expect(last.number).toMatch(/\/2627\//);
    expect(first).toMatchObject({
      businessDate: '2027-04-01',
      number: 'B/2728/000001',
    });
  });
});

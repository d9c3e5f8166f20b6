import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBill } from '../../../shared/tax';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { ProvisionalBill } from '../../../shared/schemas/bill-print.schemas';
import type {
  ComplimentaryReport,
  ComplimentarySettings,
} from '../../../shared/schemas/complimentary.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { ingredients } from '../../db/schema';
import { createBranchFixture, loginAs, PASSWORD, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callsAs } from '../../test/api-client';

/**
 * Complimentary items (docs/complimentary.md): marked on the open order with a reason (a
 * manager's PIN above the branch's limit), billed at nothing outside the taxable value, still
 * taken out of stock, and reported by reason, who gave and who approved, at menu prices.
 */

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof callsAs>;
let staff: ReturnType<typeof callsAs>;
let theirs: ReturnType<typeof callsAs>;
let paneer: string;
let chai: string;
let milk: string;

const PROFILE = {
  regime: 'regular' as const,
  gstin: '27AAPFU0939F1ZV',
  pricesIncludeTax: false,
  roundOff: false,
  serviceChargeBps: 0,
  invoicePrefix: 'NC',
};

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; fields?: Record<string, string> } }).error;

async function tableWith(items: [string, number][]) {
  const table = await json<{ id: string }>(
    await manager('POST', '/api/tables', { label: `T${uuidv7().slice(-6)}` }),
    201,
  );
  let order: TableOrder | undefined;
  for (const [productId, delta] of items) {
    order = await json<TableOrder>(
      await staff('POST', `/api/tables/${table.id}/lines`, { opId: uuidv7(), productId, delta }),
    );
  }
  return order!;
}

const mark = (as: ReturnType<typeof callsAs>, tableId: string, body: object) =>
  as('POST', `/api/tables/${tableId}/complimentary`, { opId: uuidv7(), ...body });

const milkLeft = async () =>
  (
    await t.database.db
      .select({ quantity: ingredients.quantity })
      .from(ingredients)
      .where(eq(ingredients.id, milk))
  )[0]!.quantity;

async function pay(as: ReturnType<typeof callsAs>, order: TableOrder, amountPaise: number) {
  return json<Bill>(
    await as('POST', `/api/tables/${order.tableId}/payments`, {
      idempotencyKey: uuidv7(),
      expectedVersion: order.version,
      status: 'Settled',
      // A bill of ₹0 names its method with a row of 0 (as a fully discounted one does).
      payments: [{ method: 'Cash', amountPaise }],
    }),
    201,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db, { taxProfile: PROFILE });
  const other = await createBranchFixture(t.database.db);
  manager = callsAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = callsAs(t.app, await loginAs(t.app, mine.staff.email));
  theirs = callsAs(t.app, await loginAs(t.app, other.manager.email));
  await json(await manager('PUT', '/api/voids/pin', { currentPassword: PASSWORD, pin: '2468' }));
  milk = (
    await json<{ id: string }>(
      await manager('POST', '/api/inventory', {
        category: 'Dairy',
        name: 'Milk',
        quantity: 10,
        unit: 'l',
      }),
      201,
    )
  ).id;
  const product = async (name: string, pricePaise: number, recipe: object[] = []) =>
    (
      await json<{ id: string }>(
        await manager('POST', '/api/products', {
          name,
          pricePaise,
          subcategory: 'Menu',
          ingredients: recipe,
        }),
        201,
      )
    ).id;
  paneer = await product('Paneer Tikka', 24_000);
  // ₹30 a cup, 100 ml of milk.
  chai = await product('Masala Chai', 3_000, [{ ingredientId: milk, quantityUsed: 100 }]);
});
afterAll(() => t?.close());

describe('POST /api/tables/:tableId/complimentary', () => {
  it('bills a complimentary chai at nothing, outside the taxable value, and still takes its milk', async () => {
    const order = await tableWith([
      [chai, 2],
      [paneer, 1],
    ]);
    const chaiLine = order.lines.find((line) => line.productId === chai)!;
    const marked = await json<TableOrder>(
      await mark(staff, order.tableId, {
        lines: [{ key: chaiLine.key, quantity: 1 }],
        reason: 'Staff meal',
      }),
    );
    const line = marked.lines.find((one) => one.key === chaiLine.key)!;
    expect(line.complimentary).toMatchObject({
      quantity: 1,
      reason: 'Staff meal',
      by: mine.staff.id,
    });
    expect(line.lineTotalPaise).toBe(3_000);
    expect(marked.version).toBe(order.version + 1);

    const provisional = await json<ProvisionalBill>(
      await staff('GET', `/api/tables/${order.tableId}/provisional-bill`),
    );
    // What is charged: one chai and the paneer, 5 % GST on ₹270.
    const expected = computeBill(
      [
        { unitPricePaise: 3_000, quantity: 1, gstRateBps: 500, outsideGst: false },
        { unitPricePaise: 0, quantity: 1, gstRateBps: 500, outsideGst: false },
        { unitPricePaise: 24_000, quantity: 1, gstRateBps: 500, outsideGst: false },
      ],
      0,
      PROFILE,
    );
    expect(provisional.totalPaise).toBe(expected.totalPaise);
    expect(provisional.tax.taxablePaise).toBe(27_000);
    const milkBefore = await milkLeft();
    const bill = await pay(staff, marked, provisional.totalPaise);
    expect(bill.totalPaise).toBe(28_350);
    expect(bill.tax?.taxablePaise).toBe(27_000);
    const free = bill.lines.filter((one) => one.complimentary);
    expect(free).toEqual([
      expect.objectContaining({
        name: 'Masala Chai',
        quantity: 1,
        unitPricePaise: 0,
        lineTotalPaise: 0,
        taxablePaise: 0,
        cgstPaise: 0,
        complimentary: { reason: 'Staff meal', valuePaise: 3_000 },
      }),
    ]);
    // Both cups were made: 200 ml of milk out of stock.
    expect(milkBefore - (await milkLeft())).toBe(200);
  });

  it('takes a flat discount off what is charged only: more than that is a 400, not a failure', async () => {
    const order = await tableWith([
      [chai, 1],
      [paneer, 1],
    ]);
    const chaiKey = order.lines.find((line) => line.productId === chai)!.key;
    const marked = await json<TableOrder>(
      await mark(staff, order.tableId, {
        lines: [{ key: chaiKey, quantity: 1 }],
        reason: 'Staff meal',
      }),
    );
    // ₹240 is charged (the chai is free): a flat discount of ₹250 is more than the bill.
    const refused = await staff('POST', `/api/tables/${order.tableId}/payments`, {
      idempotencyKey: uuidv7(),
      expectedVersion: marked.version,
      status: 'Settled',
      discountFlatPaise: 25_000,
      payments: [{ method: 'Cash', amountPaise: 0 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(errorOf(refused).fields ?? {})).toEqual(['discountFlatPaise']);
    const provisional = await staff(
      'GET',
      `/api/tables/${order.tableId}/provisional-bill?discountFlatPaise=25000`,
    );
    expect(provisional.statusCode).toBe(400);
  });

  it('asks staff for a manager above the limit; a wrong PIN is refused, the right one approves', async () => {
    // Three paneer: ₹720 at menu prices, above the default ₹500.
    const order = await tableWith([[paneer, 3]]);
    const key = order.lines[0]!.key;
    const body = { lines: [{ key, quantity: 3 }], reason: 'Birthday or occasion' };
    const without = await mark(staff, order.tableId, body);
    expect(without.statusCode).toBe(403);
    expect(errorOf(without).code).toBe('tables.complimentary_approval_required');
    const wrong = await mark(staff, order.tableId, {
      ...body,
      managerId: mine.manager.id,
      pin: '1111',
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(errorOf(wrong).fields ?? {})).toEqual(['pin']);
    expect(
      (await json<TableOrder>(await staff('GET', `/api/tables/${order.tableId}/order`))).lines[0]!
        .complimentary,
    ).toBeNull();
    const approved = await json<TableOrder>(
      await mark(staff, order.tableId, { ...body, managerId: mine.manager.id, pin: '2468' }),
    );
    expect(approved.lines[0]!.complimentary).toMatchObject({
      quantity: 3,
      approvedBy: mine.manager.id,
    });
    expect(approved.totalPaise).toBe(0);
    // The whole order given: a bill of ₹0 settled without money.
    const bill = await pay(staff, approved, 0);
    expect(bill.totalPaise).toBe(0);
    expect(bill.lines.map((one) => one.complimentary?.valuePaise)).toEqual([72_000]);
  });

  it('lets a manager give above the limit without a PIN, and take it back', async () => {
    const order = await tableWith([[paneer, 2]]);
    const key = order.lines[0]!.key;
    const given = await json<TableOrder>(
      await mark(manager, order.tableId, {
        lines: [{ key, quantity: 2 }],
        reason: 'Service recovery',
      }),
    );
    expect(given.lines[0]!.complimentary).toMatchObject({ quantity: 2, approvedBy: null });
    const back = await json<TableOrder>(
      await mark(staff, order.tableId, { lines: [{ key, quantity: 0 }] }),
    );
    expect(back.lines[0]!.complimentary).toBeNull();
    expect(back.totalPaise).toBe(48_000);
  });

  it('is applied once per opId, and refuses bad input, other branches and lines not on the order', async () => {
    const order = await tableWith([[chai, 3]]);
    const key = order.lines[0]!.key;
    const body = { opId: uuidv7(), lines: [{ key, quantity: 1 }], reason: 'Staff meal' };
    const first = await json<TableOrder>(
      await staff('POST', `/api/tables/${order.tableId}/complimentary`, body),
    );
    const again = await json<TableOrder>(
      await staff('POST', `/api/tables/${order.tableId}/complimentary`, body),
    );
    expect(again.version).toBe(first.version);

    const unknown = await mark(staff, order.tableId, {
      lines: [{ key, quantity: 1 }],
      reason: 'Because',
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(errorOf(unknown).fields ?? {})).toEqual(['reason']);
    const tooMany = await mark(staff, order.tableId, {
      lines: [{ key, quantity: 4 }],
      reason: 'Staff meal',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(errorOf(tooMany).fields ?? {})).toEqual(['lines.0.quantity']);
    const noReason = await mark(staff, order.tableId, { lines: [{ key, quantity: 1 }] });
    expect(Object.keys(errorOf(noReason).fields ?? {})).toEqual(['reason']);
    const gone = await mark(staff, order.tableId, {
      lines: [{ key: 'nope', quantity: 1 }],
      reason: 'Staff meal',
    });
    expect(gone.statusCode).toBe(409);
    expect(
      (await mark(theirs, order.tableId, { lines: [{ key, quantity: 1 }], reason: 'Staff meal' }))
        .statusCode,
    ).toBe(404);
    const junk = await staff('POST', `/api/tables/${order.tableId}/complimentary`, {
      opId: 'x',
      lines: 'all',
      reason: 7,
    });
    expect(junk.statusCode).toBe(400);
  });

  it('bills a split by items complimentary items first, and leaves none behind for them', async () => {
    const order = await tableWith([[chai, 3]]);
    const key = order.lines[0]!.key;
    const marked = await json<TableOrder>(
      await mark(staff, order.tableId, { lines: [{ key, quantity: 1 }], reason: 'Staff meal' }),
    );
    const bill = await json<Bill>(
      await staff('POST', `/api/tables/${order.tableId}/payments`, {
        idempotencyKey: uuidv7(),
        expectedVersion: marked.version,
        status: 'Settled',
        lines: [{ key, quantity: 2 }],
        payments: [{ method: 'Cash', amountPaise: 3_150 }],
      }),
      201,
    );
    expect(
      bill.lines.map((one) => [
        one.quantity,
        one.lineTotalPaise,
        one.complimentary?.reason ?? null,
      ]),
    ).toEqual([
      [1, 3_000, null],
      [1, 0, 'Staff meal'],
    ]);
    const left = await json<TableOrder>(await staff('GET', `/api/tables/${order.tableId}/order`));
    expect(left.lines.map((one) => [one.quantity, one.complimentary])).toEqual([[1, null]]);
  });
});

describe('GET /api/reports/complimentary', () => {
  it('adds up what was given by reason, who gave and who approved, at menu prices, for managers', async () => {
    const report = await json<ComplimentaryReport>(
      await manager('GET', '/api/reports/complimentary'),
    );
    const row = (reason: string) => report.rows.filter((one) => one.reason === reason);
    // The fixture names its people after the branch's code ('B12' → 'Staff 12').
    const staffName = `Staff ${mine.code.slice(1)}`;
    const managerName = `Manager ${mine.code.slice(1)}`;
    expect(row('Staff meal')).toEqual([
      expect.objectContaining({
        by: staffName,
        approvedBy: null,
        items: 2,
        valuePaise: 6_000,
        bills: 2,
      }),
    ]);
    expect(row('Birthday or occasion')).toEqual([
      expect.objectContaining({
        by: staffName,
        approvedBy: managerName,
        items: 3,
        valuePaise: 72_000,
      }),
    ]);
    expect(report.valuePaise).toBe(78_000);
    expect((await staff('GET', '/api/reports/complimentary')).statusCode).toBe(403);
    const other = await json<ComplimentaryReport>(
      await theirs('GET', '/api/reports/complimentary'),
    );
    expect(other.rows).toEqual([]);
  });
});

describe('complimentary settings', () => {
  it('offers the default reasons and limit, which the manager changes and staff may not', async () => {
    const defaults = await json<ComplimentarySettings>(
      await staff('GET', '/api/complimentary/settings'),
    );
    expect(defaults.reasons).toContain('Staff meal');
    expect(defaults.limitPaise).toBe(50_000);
    const settings = {
      reasons: ['Staff meal', 'Birthday', 'Service recovery'],
      limitPaise: 30_000,
    };
    expect((await staff('PUT', '/api/complimentary/settings', settings)).statusCode).toBe(403);
    expect(await json(await manager('PUT', '/api/complimentary/settings', settings))).toEqual(
      settings,
    );
    const bad = await manager('PUT', '/api/complimentary/settings', {
      reasons: ['Birthday', 'birthday'],
      limitPaise: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['limitPaise', 'reasons.1']);
    expect(await json(await staff('GET', '/api/complimentary/settings'))).toEqual(settings);
  });
});

// After the report's test: its bills would count there.
describe('an equal split with complimentary items', () => {
  it('shares the charged and the complimentary items apart, the parts adding up to the bill', async () => {
    const order = await tableWith([[chai, 3]]);
    const key = order.lines[0]!.key;
    const marked = await json<TableOrder>(
      await mark(staff, order.tableId, { lines: [{ key, quantity: 1 }], reason: 'Staff meal' }),
    );
    // 2 chai charged: ₹60.00 + 5 % GST = ₹63.00, ₹31.50 a part.
    const answer = await json<{ bills: Bill[] }>(
      await staff('POST', `/api/tables/${order.tableId}/payments/equal-split`, {
        idempotencyKey: uuidv7(),
        expectedVersion: marked.version,
        parts: [3_150, 3_150].map((amountPaise) => ({
          payments: [{ method: 'Cash', amountPaise }],
        })),
      }),
      201,
    );
    expect(answer.bills.map((bill) => bill.totalPaise)).toEqual([3_150, 3_150]);
    const lines = answer.bills.flatMap((bill) => bill.lines);
    const given = lines.filter((line) => line.complimentary);
    // The complimentary chai: billed at nothing on every part, its menu value with its item.
    expect(given.every((line) => line.lineTotalPaise === 0 && line.taxablePaise === 0)).toBe(true);
    expect(given.reduce((sum, line) => sum + line.quantity, 0)).toBe(1);
    expect(given.reduce((sum, line) => sum + line.complimentary!.valuePaise, 0)).toBe(3_000);
    const charged = lines.filter((line) => !line.complimentary);
    expect(charged.reduce((sum, line) => sum + (line.taxablePaise ?? 0), 0)).toBe(6_000);
  });
});

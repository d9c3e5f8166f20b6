import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBill } from '../../../shared/tax';
import type { Bill, BillPrint } from '../../../shared/schemas/billing.schemas';
import type { ProvisionalBill, TodayBills } from '../../../shared/schemas/bill-print.schemas';
import type { Product } from '../../../shared/schemas/products.schemas';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { bills, products } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callsAs } from '../../test/api-client';

/**
 * The bill before and after payment: a table's provisional bill (computeBill's figures, no
 * number) and staff's reprint of today's bills (GET /api/bills/today, GET /api/bills/:id).
 */

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof callsAs>;
let staff: ReturnType<typeof callsAs>;
let theirs: ReturnType<typeof callsAs>;
let theirStaff: ReturnType<typeof callsAs>;
let curry: Product;
let juice: Product;
let beer: Product;

const PROFILE = {
  regime: 'regular' as const,
  gstin: '27AAPFU0939F1ZV',
  fssai: '12345678901234',
  pricesIncludeTax: false,
  roundOff: true,
  serviceChargeBps: 1000,
  invoicePrefix: 'DC',
};

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

async function tableWith(items: [Product, number][]) {
  const table = await json<TableSummary>(
    await manager('POST', '/api/tables', { label: `T${randomUUID().slice(0, 8)}` }),
    201,
  );
  let order: TableOrder | undefined;
  for (const [product, delta] of items) {
    order = await json<TableOrder>(
      await staff('POST', `/api/tables/${table.id}/lines`, {
        opId: randomUUID(),
        productId: product.id,
        delta,
      }),
    );
  }
  return { table, order: order! };
}

async function paid(items: [Product, number][], status: 'Settled' | 'Due' = 'Settled') {
  const { table, order } = await tableWith(items);
  const provisional = await json<ProvisionalBill>(
    await staff('GET', `/api/tables/${table.id}/provisional-bill`),
  );
  return json<Bill>(
    await staff('POST', `/api/tables/${table.id}/payments`, {
      idempotencyKey: randomUUID(),
      expectedVersion: order.version,
      status,
      ...(status === 'Due'
        ? { responsible: 'Ravi', payments: [] }
        : { payments: [{ method: 'Cash', amountPaise: provisional.totalPaise }] }),
    }),
    201,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  mine = await createBranchFixture(db, { taxProfile: PROFILE });
  other = await createBranchFixture(db);
  manager = callsAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = callsAs(t.app, await loginAs(t.app, mine.staff.email));
  theirs = callsAs(t.app, await loginAs(t.app, other.manager.email));
  theirStaff = callsAs(t.app, await loginAs(t.app, other.staff.email));
  const product = async (name: string, pricePaise: number) =>
    json<Product>(
      await manager('POST', '/api/products', {
        name,
        pricePaise,
        subcategory: 'Menu',
        ingredients: [],
      }),
      201,
    );
  curry = await product('Paneer Curry', 24_000);
  juice = await product('Fresh Juice', 9_950);
  beer = await product('Draught Beer', 30_000);
  await db.update(products).set({ gstRateBps: 1800, hsn: '2202' }).where(eq(products.id, juice.id));
  await db.update(products).set({ outsideGst: true, hsn: '2203' }).where(eq(products.id, beer.id));
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/tables/:tableId/provisional-bill', () => {
  it("answers computeBill's figures for the order now with the branch's profile, no number, nothing recorded", async () => {
    const { table, order } = await tableWith([
      [curry, 2],
      [juice, 3],
      [beer, 1],
    ]);
    const answer = await json<ProvisionalBill>(
      await staff(
        'GET',
        `/api/tables/${table.id}/provisional-bill?discountPercent=12.5&serviceCharge=true`,
      ),
    );
    const expected = computeBill(
      [
        { unitPricePaise: 24_000, quantity: 2, gstRateBps: 500, outsideGst: false },
        { unitPricePaise: 9_950, quantity: 3, gstRateBps: 1800, outsideGst: false },
        { unitPricePaise: 30_000, quantity: 1, gstRateBps: 500, outsideGst: true },
      ],
      1250,
      PROFILE,
    );
    expect(answer).toMatchObject({
      tableId: table.id,
      tableLabel: table.label,
      version: order.version,
      subtotalPaise: expected.subtotalPaise,
      discountBps: 1250,
      discountPaise: expected.discountPaise,
      totalPaise: expected.totalPaise,
      tax: {
        regime: 'regular',
        pricesIncludeTax: false,
        taxablePaise: expected.taxablePaise,
        nonGstPaise: expected.nonGstPaise,
        serviceChargeBps: 1000,
        serviceChargePaise: expected.serviceChargePaise,
        serviceChargeRateBps: expected.serviceChargeRateBps,
        serviceChargeTaxPaise: expected.serviceChargeCgstPaise * 2,
        cgstPaise: expected.cgstPaise,
        sgstPaise: expected.sgstPaise,
        taxPaise: expected.taxPaise,
        roundOffPaise: expected.roundOffPaise,
        rates: expected.rates,
      },
      seller: {
        gstin: PROFILE.gstin,
        state: { code: '27', name: 'Maharashtra' },
        fssai: PROFILE.fssai,
        regime: 'regular',
        serviceChargeBps: 1000,
      },
    });
    expect(answer).not.toHaveProperty('number');
    expect(answer.lines.map((line) => [line.name, line.hsn, line.gstRateBps])).toEqual([
      ['Paneer Curry', '996331', 500],
      ['Fresh Juice', '2202', 1800],
      ['Draught Beer', '2203', null],
    ]);
    expect(answer.lines.map((line) => line.taxablePaise)).toEqual(
      expected.lines.map((line) => line.taxablePaise),
    );
    // Asking changes nothing: the order is still there at its version, and no bill was made.
    const now = await json<TableOrder>(await staff('GET', `/api/tables/${table.id}/order`));
    expect(now.version).toBe(order.version);
    const made = await t.database.db.select().from(bills).where(eq(bills.tableId, table.id));
    expect(made).toHaveLength(0);
  });

  it('leaves the service charge out when asked, and bills what the payment then bills', async () => {
    const { table, order } = await tableWith([[curry, 1]]);
    const answer = await json<ProvisionalBill>(
      await staff('GET', `/api/tables/${table.id}/provisional-bill?serviceCharge=false`),
    );
    // ₹240 at 5 %: CGST ₹6 + SGST ₹6 = ₹252, no service charge.
    expect(answer.tax).toMatchObject({ serviceChargePaise: 0, serviceChargeRateBps: null });
    expect(answer.totalPaise).toBe(25_200);
    const bill = await json<Bill>(
      await staff('POST', `/api/tables/${table.id}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        status: 'Settled',
        serviceCharge: false,
        payments: [{ method: 'UPI', amountPaise: answer.totalPaise }],
      }),
      201,
    );
    expect(bill.totalPaise).toBe(answer.totalPaise);
    expect(bill.tax).toEqual(answer.tax);
  });

  it('takes a flat ₹ discount besides the percentage, as the payment then bills it', async () => {
    const { table, order } = await tableWith([[curry, 2]]);
    const query = 'discountPercent=10&discountFlatPaise=3200&serviceCharge=false';
    const answer = await json<ProvisionalBill>(
      await staff('GET', `/api/tables/${table.id}/provisional-bill?${query}`),
    );
    // ₹480 less 10 % (₹48) less ₹32 = ₹400 at 5 %: ₹420.
    expect(answer).toMatchObject({ discountFlatPaise: 3_200, discountPaise: 8_000 });
    expect(answer.totalPaise).toBe(42_000);
    const bill = await json<Bill>(
      await staff('POST', `/api/tables/${table.id}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        status: 'Settled',
        discountPercent: 10,
        discountFlatPaise: 3_200,
        serviceCharge: false,
        payments: [{ method: 'Cash', amountPaise: answer.totalPaise }],
      }),
      201,
    );
    expect(bill.totalPaise).toBe(answer.totalPaise);
    expect(bill.tax).toEqual(answer.tax);
  });

  it('refuses an empty table, a bad discount, and answers 404 for another branch’s table', async () => {
    const empty = await json<TableSummary>(
      await manager('POST', '/api/tables', { label: `E${randomUUID().slice(0, 8)}` }),
      201,
    );
    const refused = await json<{ error: { code: string } }>(
      await staff('GET', `/api/tables/${empty.id}/provisional-bill`),
      400,
    );
    expect(refused.error.code).toBe('billing.empty_table');
    const { table } = await tableWith([[curry, 1]]);
    await json(
      await staff('GET', `/api/tables/${table.id}/provisional-bill?discountPercent=101`),
      400,
    );
    await json(
      await staff('GET', `/api/tables/${table.id}/provisional-bill?serviceCharge=maybe`),
      400,
    );
    // More flat discount than the bill has, or not a number of paise: 400 naming it.
    for (const flat of ['24001', '1.5', 'x']) {
      const tooMuch = await json<{ error: { fields: Record<string, string> } }>(
        await staff('GET', `/api/tables/${table.id}/provisional-bill?discountFlatPaise=${flat}`),
        400,
      );
      expect(Object.keys(tooMuch.error.fields)).toEqual(['discountFlatPaise']);
    }
    const foreign = await json<{ error: { code: string } }>(
      await theirs('GET', `/api/tables/${table.id}/provisional-bill`),
      404,
    );
    expect(foreign.error.code).toBe('tables.not_found');
    await json(await theirStaff('GET', `/api/tables/${table.id}/provisional-bill`), 404);
  });
});

describe("today's bills and staff's reprint", () => {
  it("lists the branch's bills of today newest first; staff read today's and Due bills, managers any", async () => {
    const db = t.database.db;
    const first = await paid([[curry, 1]]);
    t.clock.advance(60_000);
    const second = await paid([[juice, 2]]);
    t.clock.advance(60_000);
    const old = await paid([[curry, 3]]);
    const oldDue = await paid([[juice, 1]], 'Due');
    // Two bills of yesterday's business day (moved there: the clock stays on today).
    await db.update(bills).set({ businessDate: '2026-11-21' }).where(eq(bills.id, old.id));
    await db.update(bills).set({ businessDate: '2026-11-21' }).where(eq(bills.id, oldDue.id));

    const today = await json<TodayBills>(await staff('GET', '/api/bills/today'));
    expect(today.businessDate).toBe('2026-11-22');
    expect(today.timeZone).toBe('Asia/Kolkata');
    expect(today.truncated).toBe(false);
    const ids = today.items.map((item) => item.id);
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(oldDue.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(today.items.find((item) => item.id === second.id)).toEqual({
      id: second.id,
      number: second.number,
      tableLabel: second.tableLabel,
      totalPaise: second.totalPaise,
      status: 'Settled',
      createdAt: second.createdAt,
    });

    // Staff: today's bill yes, yesterday's settled bill is not there for them (404, as unknown),
    // yesterday's bill still Due yes (the dues list shows it to them).
    expect((await json<BillPrint>(await staff('GET', `/api/bills/${second.id}`))).number).toBe(
      second.number,
    );
    const hidden = await json<{ error: { code: string } }>(
      await staff('GET', `/api/bills/${old.id}`),
      404,
    );
    expect(hidden.error.code).toBe('billing.bill_not_found');
    await json(await staff('GET', `/api/bills/${oldDue.id}`));
    // A manager reprints any day's bill.
    await json(await manager('GET', `/api/bills/${old.id}`));

    // Another branch sees none of it.
    const theirToday = await json<TodayBills>(await theirStaff('GET', '/api/bills/today'));
    expect(theirToday.items.map((item) => item.id)).not.toContain(second.id);
    await json(await theirs('GET', `/api/bills/${second.id}`), 404);
    await json(await theirStaff('GET', `/api/bills/${second.id}`), 404);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import type { PricingPlanId } from '../../../shared/plans';
import type { Bill, PaymentBody } from '../../../shared/schemas/billing.schemas';
import type { AdminOverview, BranchOverview } from '../../../shared/schemas/dashboard.schemas';
import type { InventoryItem } from '../../../shared/schemas/inventory.schemas';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { branches, demoRequests } from '../../db/schema';
import { callsAs } from '../../test/api-client';
import {
  createBranchFixture,
  createSuperAdmin,
  loginAs,
  type BranchFixture,
} from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { apiAs, entry } from '../inventory/inventory.test-support';
import { addProduct } from '../tables/tables.test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

/** 2026-11-22 (a Sunday) in IST: `time` is the wall clock of Asia/Kolkata. */
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);
const NOW = ist('2026-11-22', '12:00');

/** A fresh branch with its manager, staff, two products and helpers to bill at a given time. */
async function newBranch() {
  const fixture: BranchFixture = await createBranchFixture(t.database.db);
  const manager = apiAs(t.app, await loginAs(t.app, fixture.manager.email));
  const staff = callsAs(t.app, await loginAs(t.app, fixture.staff.email));
  const db = t.database.db;
  const chai = await addProduct(db, fixture.branchId, 'Masala Chai', 3000);
  const toast = await addProduct(db, fixture.branchId, 'Toast', 4500);

  async function table(items: [productId: string, quantity: number][]) {
    const created = await json<TableSummary>(
      await staff('POST', '/api/tables', { label: `T${randomUUID().slice(0, 6)}` }),
      201,
    );
    let order: TableOrder | undefined;
    for (const [productId, delta] of items) {
      order = await json<TableOrder>(
        await staff('POST', `/api/tables/${created.id}/lines`, {
          opId: randomUUID(),
          productId,
          delta,
        }),
      );
    }
    return order!;
  }

  /** Orders `items` on a new table and pays it at `at` (Settled in cash unless told). */
  async function billAt(
    at: Date,
    items: [productId: string, quantity: number][],
    payment: Partial<PaymentBody> = {},
  ): Promise<Bill> {
    t.clock.set(at);
    const order = await table(items);
    const bill = await json<Bill>(
      await staff('POST', `/api/tables/${order.tableId}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        status: 'Settled',
        payments: [{ method: 'Cash', amountPaise: order.totalPaise }],
        ...payment,
      }),
      201,
    );
    t.clock.set(NOW);
    return bill;
  }

  /** An ingredient in 'Pantry' (or `category`), its level in the same unit. */
  const ingredient = async (body: {
    name: string;
    quantity: number;
    unit: string;
    lowStockThreshold?: number;
    category?: string;
  }) =>
    json<InventoryItem>(
      await manager.call('POST', '/api/inventory', { category: 'Pantry', ...body }),
      201,
    );

  const overview = async () => json<BranchOverview>(await manager.get('/api/dashboard'));
  return { fixture, manager, staff, chai, toast, table, billAt, ingredient, overview };
}

describe('GET /api/dashboard (the branch overview)', () => {
  it("compares today's bills with the same weekday last week by this time of day, and that whole day", async () => {
    const b = await newBranch();
    // Last Sunday: ₹105 at 10:30 (before 12:00) and ₹30 at 13:30 (after it).
    await b.billAt(ist('2026-11-15', '10:30'), [
      [b.chai, 2],
      [b.toast, 1],
    ]);
    await b.billAt(ist('2026-11-15', '13:30'), [[b.chai, 1]]);
    // Monday to Saturday do not count.
    await b.billAt(ist('2026-11-21', '20:00'), [[b.toast, 4]]);
    // Today: ₹75 settled, ₹90 due (₹20 received).
    await b.billAt(ist('2026-11-22', '09:00'), [
      [b.chai, 1],
      [b.toast, 1],
    ]);
    await b.billAt(ist('2026-11-22', '11:59'), [[b.chai, 3]], {
      status: 'Due',
      responsible: 'Ravi',
      payments: [{ method: 'UPI', amountPaise: 2000 }],
    });

    const overview = await b.overview();
    expect(overview).toMatchObject({
      businessDate: '2026-11-22',
      lastWeekDate: '2026-11-15',
      today: { salesPaise: 16500, bills: 2 },
      lastWeekSoFar: { salesPaise: 10500, bills: 1 },
      lastWeekFullDay: { salesPaise: 13500, bills: 2 },
    });
  });

  it('counts a bill at 23:59 IST and one at 00:01 IST on different business days', async () => {
    const b = await newBranch();
    await b.billAt(ist('2026-11-21', '23:59'), [[b.chai, 1]]);
    await b.billAt(ist('2026-11-22', '00:01'), [[b.toast, 1]]);

    expect((await b.overview()).today).toEqual({ salesPaise: 4500, bills: 1 });
    // Just before midnight the 23:59 bill is today's and the other has not happened.
    t.clock.set(ist('2026-11-21', '23:59:30'));
    const before = await b.overview();
    t.clock.set(NOW);
    expect(before.businessDate).toBe('2026-11-21');
    expect(before.today).toEqual({ salesPaise: 3000, bills: 1 });
  });

  it("never counts another branch's bills, tables, dues, stock or vendors", async () => {
    const mine = await newBranch();
    const theirs = await newBranch();
    await theirs.billAt(ist('2026-11-22', '10:00'), [[theirs.chai, 5]]);
    await theirs.billAt(ist('2026-11-22', '10:05'), [[theirs.toast, 2]], {
      status: 'Due',
      responsible: 'Someone',
      payments: [],
    });
    await theirs.table([[theirs.chai, 1]]);
    await theirs.ingredient({
      category: 'Dairy',
      name: 'Milk',
      quantity: 0,
      unit: 'l',
      lowStockThreshold: 5,
    });

    const overview = await mine.overview();
    expect(overview.today).toEqual({ salesPaise: 0, bills: 0 });
    expect(overview.openTables).toEqual({ count: 0, totalPaise: 0, items: [] });
    expect(overview.dues).toEqual({ count: 0, outstandingPaise: 0, oldestAt: null });
    expect(overview.lowStock).toEqual({ count: 0, items: [] });
    expect(overview.vendorsOwed).toEqual({ count: 0, totalPaise: 0, items: [] });
    expect(overview.topItems.items).toEqual([]);
  });

  it('lists open tables with their running amounts, the longest open first; a paid table leaves', async () => {
    const b = await newBranch();
    t.clock.set(ist('2026-11-22', '11:10'));
    const early = await b.table([
      [b.chai, 2],
      [b.toast, 1],
    ]);
    t.clock.set(ist('2026-11-22', '11:40'));
    const later = await b.table([[b.toast, 3]]);
    t.clock.set(NOW);
    // An empty table is not open.
    await b.staff('POST', '/api/tables', { label: `Empty${randomUUID().slice(0, 4)}` });

    const overview = await b.overview();
    expect(overview.openTables.count).toBe(2);
    expect(overview.openTables.totalPaise).toBe(10500 + 13500);
    expect(overview.openTables.items).toEqual([
      {
        id: early.tableId,
        label: early.label,
        totalPaise: 10500,
        itemCount: 3,
        openedAt: ist('2026-11-22', '11:10').toISOString(),
      },
      {
        id: later.tableId,
        label: later.label,
        totalPaise: 13500,
        itemCount: 3,
        openedAt: ist('2026-11-22', '11:40').toISOString(),
      },
    ]);

    await b.staff('POST', `/api/tables/${early.tableId}/payments`, {
      idempotencyKey: randomUUID(),
      expectedVersion: early.version,
      status: 'Settled',
      payments: [{ method: 'Card', amountPaise: 10500 }],
    });
    const after = await b.overview();
    expect(after.openTables.items.map((table) => table.id)).toEqual([later.tableId]);
    expect(after.today).toEqual({ salesPaise: 10500, bills: 1 });
  });

  it('adds up dues still owed (total less money received) and names the oldest; a settled due leaves', async () => {
    const b = await newBranch();
    const oldest = await b.billAt(ist('2026-11-02', '13:00'), [[b.chai, 4]], {
      status: 'Due',
      responsible: 'Anil',
      payments: [{ method: 'Cash', amountPaise: 5000 }],
    });
    await b.billAt(ist('2026-11-20', '19:00'), [[b.toast, 2]], {
      status: 'Due',
      responsible: 'Meera',
      payments: [],
    });
    await b.billAt(ist('2026-11-21', '19:00'), [[b.toast, 1]]);

    expect((await b.overview()).dues).toEqual({
      count: 2,
      // ₹120 − ₹50 received, and ₹90.
      outstandingPaise: 7000 + 9000,
      oldestAt: ist('2026-11-02', '13:00').toISOString(),
    });

    const settled = await b.staff('POST', `/api/bills/${oldest.id}/settlement`, { method: 'UPI' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await b.overview()).dues).toEqual({
      count: 1,
      outstandingPaise: 9000,
      oldestAt: ist('2026-11-20', '19:00').toISOString(),
    });
  });

  it("lists ingredients under their low-stock level by the inventory's rule, the shortest first", async () => {
    const b = await newBranch();
    const add = (name: string, quantity: number, lowStockThreshold?: number) =>
      b.ingredient({ name, quantity, unit: 'g', lowStockThreshold });
    await add('Sugar', 400, 1000); // 40 % of its level
    await add('Salt', 100, 1000); // 10 %
    await add('Rice', 1000, 1000); // at its level: not low
    await add('Flour', 0); // no level: never low
    const six = ['A', 'B', 'C', 'D', 'E', 'F'];
    for (const name of six) await add(`Spice ${name}`, 900, 1000); // 90 % each

    const { lowStock } = await b.overview();
    expect(lowStock.count).toBe(8);
    expect(lowStock.items.map((item) => item.name)).toEqual([
      'Salt',
      'Sugar',
      'Spice A',
      'Spice B',
      'Spice C',
    ]);
    expect(lowStock.items[0]).toMatchObject({
      category: 'Pantry',
      quantity: 100,
      unit: 'g',
      lowStockThreshold: 1000,
    });
  });

  it("lists vendors still owed money with the vendors module's balances, the most owed first", async () => {
    const b = await newBranch();
    const milk = await b.ingredient({ category: 'Dairy', name: 'Milk', quantity: 0, unit: 'l' });
    const vendor = async (name: string, pricePaise: number, paidPaise: number) => {
      const created = await b.manager.addVendor({
        name,
        categories: ['Dairy'],
        itemIds: [milk.id],
      });
      const stock = await b.manager.submit([
        entry(created.id, milk.id, { pricePaise, unit: 'ml' }),
      ]);
      expect(stock.statusCode, stock.body).toBe(201);
      if (paidPaise > 0) {
        const paid = await b.manager.call('POST', `/api/vendors/${created.id}/payments`, {
          amountPaise: paidPaise,
          paidBy: 'Owner',
          paidOn: '2026-11-21',
        });
        expect(paid.statusCode, paid.body).toBe(201);
      }
      return created;
    };
    const small = await vendor('Small Dairy', 50_000, 40_000);
    const big = await vendor('Big Dairy', 200_000, 50_000);
    await vendor('Paid Dairy', 30_000, 30_000);

    expect((await b.overview()).vendorsOwed).toEqual({
      count: 2,
      totalPaise: 150_000 + 10_000,
      items: [
        { id: big.id, name: 'Big Dairy', remainingPaise: 150_000 },
        { id: small.id, name: 'Small Dairy', remainingPaise: 10_000 },
      ],
    });
  });

  it('ranks the top items of the last 7 business days by quantity, today included', async () => {
    const b = await newBranch();
    const samosa = await addProduct(t.database.db, b.fixture.branchId, 'Samosa', 2000);
    // 8 days ago: outside the week.
    await b.billAt(ist('2026-11-15', '23:00'), [[samosa, 50]]);
    await b.billAt(ist('2026-11-16', '00:30'), [
      [b.chai, 3],
      [b.toast, 1],
    ]);
    await b.billAt(ist('2026-11-22', '11:00'), [
      [b.chai, 2],
      [samosa, 4],
    ]);

    const { topItems } = await b.overview();
    expect(topItems).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
      items: [
        { name: 'Masala Chai', quantity: 5, salesPaise: 15000 },
        { name: 'Samosa', quantity: 4, salesPaise: 8000 },
        { name: 'Toast', quantity: 1, salesPaise: 4500 },
      ],
    });
  });

  it('is the manager’s: staff and the super admin are refused with 403', async () => {
    const b = await newBranch();
    const staff = await b.staff('GET', '/api/dashboard');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error.message).toBe(MESSAGES.auth.notAllowed);
    const admin = await loginAs(t.app, (await createSuperAdmin(t.database.db)).email);
    expect((await callsAs(t.app, admin)('GET', '/api/dashboard')).statusCode).toBe(403);
  });
});

describe('GET /api/admin/overview (the platform figures)', () => {
  // Its own database: the figures are of every branch, so no other test's branches count.
  let p: TestApp;
  let admin: ReturnType<typeof callsAs>;

  beforeAll(async () => {
    p = await createTestApp();
    admin = callsAs(p.app, await loginAs(p.app, (await createSuperAdmin(p.database.db)).email));
  });
  afterAll(() => p?.close());

  const overview = async () => json<AdminOverview>(await admin('GET', '/api/admin/overview'));

  /** A branch on `plan` (null: a custom deal) for these dates and amount. */
  async function branch(
    dates: { activeDate?: string; deactiveDate: string; isActive?: boolean },
    plan: PricingPlanId | null = null,
    amountPaise: number | null = null,
  ) {
    const fixture = await createBranchFixture(p.database.db, {
      activeDate: dates.activeDate ?? '2026-01-01',
      deactiveDate: dates.deactiveDate,
      isActive: dates.isActive,
    });
    await p.database.db
      .update(branches)
      .set({ plan, amountPaise })
      .where(eq(branches.id, fixture.branchId));
    return fixture;
  }

  it('counts branches by plan state and lists renewals due within 7 and 30 days, soonest first', async () => {
    // Today is 22 Nov 2026; a plan's last day counts, so "within 7 days" ends on 28 Nov.
    const today = await branch({ deactiveDate: '2026-11-22' }, 'basic', 150_000);
    const seven = await branch({ deactiveDate: '2026-11-28' }, 'super', null);
    const eight = await branch({ deactiveDate: '2026-11-29' }, null, 100_000);
    const thirty = await branch({ deactiveDate: '2026-12-21' }, null, 20_000);
    await branch({ deactiveDate: '2026-12-22' }, 'premium', 699_900); // 31 days
    await branch({ deactiveDate: '2026-11-21' }, 'basic', 150_000); // expired
    await branch({ activeDate: '2026-12-01', deactiveDate: '2027-01-01' }); // not active yet
    await branch({ deactiveDate: '2026-11-23', isActive: false }, 'basic', 150_000);

    const figures = await overview();
    expect(figures.branches).toEqual({
      total: 8,
      active: 5,
      expired: 1,
      notActiveYet: 1,
      deactivated: 1,
    });
    expect(figures.renewals.within7Days).toEqual({ count: 2, amountPaise: 150_000 + 379_900 });
    expect(figures.renewals.within30Days).toEqual({
      count: 4,
      amountPaise: 150_000 + 379_900 + 100_000 + 20_000,
    });
    expect(figures.renewals.branches.map((b) => [b.code, b.status.daysLeft])).toEqual([
      [today.code, 1],
      [seven.code, 7],
      [eight.code, 8],
      [thirty.code, 30],
    ]);
  });

  it("annualises active plans' amounts over their own dates, per plan and in all", async () => {
    const before = await overview();
    const row = (figures: AdminOverview, plan: PricingPlanId | null) =>
      figures.planRevenue.byPlan.find((r) => r.plan === plan)!;
    // Basic at its price for 2026-10-01..2026-12-30 (91 days): 150000 × 365 / 91 = 601648.35…
    await branch({ activeDate: '2026-10-01', deactiveDate: '2026-12-30' }, 'basic', null);
    // A custom year (365 days) for ₹12,000.
    await branch({ activeDate: '2026-06-01', deactiveDate: '2027-05-31' }, null, 1_200_000);
    // A custom deal without an amount: counted apart.
    await branch({ activeDate: '2026-11-01', deactiveDate: '2026-11-30' }, null, null);
    // Expired and deactivated plans bring nothing in.
    await branch({ activeDate: '2025-01-01', deactiveDate: '2025-12-31' }, 'premium', 699_900);
    await branch({ deactiveDate: '2027-03-31', isActive: false }, 'premium', 699_900);

    const after = await overview();
    expect(row(after, 'basic').annualRunRatePaise - row(before, 'basic').annualRunRatePaise).toBe(
      601_648,
    );
    expect(row(after, null).annualRunRatePaise - row(before, null).annualRunRatePaise).toBe(
      1_200_000,
    );
    expect(row(after, 'premium')).toEqual(row(before, 'premium'));
    expect(after.planRevenue.withoutAmount - before.planRevenue.withoutAmount).toBe(1);
    expect(after.planRevenue.annualRunRatePaise).toBe(
      after.planRevenue.byPlan.reduce((sum, r) => sum + r.annualRunRatePaise, 0),
    );
    expect(after.planRevenue.byPlan.map((r) => r.plan)).toEqual([
      'basic',
      'super',
      'premium',
      null,
    ]);
  });

  it('counts demo requests per week, Monday to Sunday in IST, over the last 12 weeks', async () => {
    const request = (at: Date) => ({
      name: 'Lead',
      businessName: 'Cafe',
      contactNumber: '9845012345',
      email: `lead${randomUUID().slice(0, 8)}@example.com`,
      createdAt: at,
    });
    await p.database.db.insert(demoRequests).values([
      // This week (Monday 16 Nov … today): Monday 00:01 IST is still Sunday in UTC.
      request(ist('2026-11-16', '00:01')),
      request(ist('2026-11-22', '11:00')),
      // Sunday 23:59 IST closes the week before.
      request(ist('2026-11-15', '23:59')),
      // The oldest week shown starts Monday 31 Aug; the day before is out.
      request(ist('2026-08-31', '09:00')),
      request(ist('2026-08-30', '09:00')),
    ]);

    const weeks = (await overview()).demoRequestsByWeek;
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ weekStart: '2026-08-31', count: 1 });
    expect(weeks.at(-2)).toEqual({ weekStart: '2026-11-09', count: 1 });
    expect(weeks.at(-1)).toEqual({ weekStart: '2026-11-16', count: 2 });
    expect(weeks.reduce((sum, week) => sum + week.count, 0)).toBe(4);
  });

  it('is the super admin’s: a branch manager and staff are refused with 403', async () => {
    const b = await createBranchFixture(p.database.db, { deactiveDate: '2026-12-31' });
    for (const email of [b.manager.email, b.staff.email]) {
      const response = await callsAs(p.app, await loginAs(p.app, email))(
        'GET',
        '/api/admin/overview',
      );
      expect(response.statusCode).toBe(403);
    }
  });
});

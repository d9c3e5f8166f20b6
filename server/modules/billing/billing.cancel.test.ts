import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORED_QUANTITY } from '../../../shared/units';
import { businessDate } from '../../../shared/dates';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type {
  AssociatedOrders,
  DuesReport,
  PaymentsReport,
} from '../../../shared/schemas/payments-report.schemas';
import { auditLog, billRefunds, bills, ingredients, inventoryMovements } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import { dailyTotalsMismatches } from '../../test/daily-totals';
import type { BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { rowsOf } from '../../lib/sql';
import { financialYearOf } from './bill-number';
import { recordBills } from './bill-ledger';
import { billsAs } from './billing.test-support';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof billsAs>;
let staff: ReturnType<typeof billsAs>;
let theirs: ReturnType<typeof billsAs>;
let chai: string;
let milk: string;
let tea: string;

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

beforeAll(async () => {
  ({ t, mine, other, manager, staff, theirs } = await createTwoBranchApp(billsAs));
  const ingredient = async (category: string, name: string, unit: string) =>
    (
      await json<{ id: string }>(
        await manager.call('POST', '/api/inventory', { category, name, quantity: 10, unit }),
        201,
      )
    ).id;
  milk = await ingredient('Dairy', 'Milk', 'l');
  tea = await ingredient('Tea', 'Leaves', 'kg');
  // ₹30 a cup: 100 ml milk and 5 g tea.
  chai = (
    await json<{ id: string }>(
      await manager.call('POST', '/api/products', {
        name: 'Masala Chai',
        pricePaise: 3000,
        subcategory: 'Hot',
        ingredients: [
          { ingredientId: milk, quantityUsed: 100 },
          { ingredientId: tea, quantityUsed: 5 },
        ],
      }),
      201,
    )
  ).id;
});
afterAll(() => t?.close());

const cancel = (as: ReturnType<typeof billsAs>, id: string, reason: unknown) =>
  as.call('POST', `/api/bills/${id}/cancel`, { reason });

/** 4 chai (₹120), Settled: ₹50 cash and the rest by UPI. */
const splitBill = () =>
  staff.bill({
    items: [[chai, 4]],
    status: 'Settled',
    payments: (total) => [
      { method: 'Cash', amountPaise: 5000 },
      { method: 'UPI', amountPaise: total - 5000 },
    ],
  });

const refundsOf = (billId: string) =>
  t.database.db
    .select({ method: billRefunds.method, amountPaise: billRefunds.amountPaise })
    .from(billRefunds)
    .where(eq(billRefunds.billId, billId))
    .orderBy(asc(billRefunds.method));

const movementsOf = (billId: string) =>
  t.database.db
    .select({
      id: inventoryMovements.id,
      action: inventoryMovements.action,
      ingredientId: inventoryMovements.ingredientId,
      delta: inventoryMovements.quantityDelta,
      after: inventoryMovements.quantityAfter,
      reverses: inventoryMovements.reversesMovementId,
    })
    .from(inventoryMovements)
    .where(eq(inventoryMovements.billId, billId));

const stock = async () =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ id: ingredients.id, quantity: ingredients.quantity })
        .from(ingredients)
        .where(eq(ingredients.branchId, mine.branchId))
    ).map((row) => [row.id, row.quantity]),
  );

/** The branch's per-day totals (sales and money, items, tax), rows at zero left out. */
async function perDayTotals() {
  const branch = mine.branchId;
  const read = async (query: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await t.database.db.execute(query)).map((row) =>
      JSON.stringify(row),
    );
  return {
    bills: await read(sql`select business_date::text, hour, bills::text, subtotal_paise::text,
        total_paise::text, due_total_paise::text, due_paid_paise::text
      from daily_bill_totals where branch_id = ${branch}::uuid
        and (bills, subtotal_paise, total_paise, due_total_paise, due_paid_paise) <> (0, 0, 0, 0, 0)
      order by 1, 2`),
    received: await read(sql`select business_date::text, method, amount_paise::text
      from daily_received where branch_id = ${branch}::uuid and amount_paise <> 0
      order by 1, 2`),
    items: await read(sql`select business_date::text, name, quantity::text, revenue_paise::text,
        lines::text
      from daily_item_sales where branch_id = ${branch}::uuid
        and (quantity, revenue_paise, lines) <> (0, 0, 0)
      order by 1, 2`),
    tax: await read(sql`select business_date::text, rate_bps, hsn, b2b, quantity::text,
        taxable_paise::text, cgst_paise::text, sgst_paise::text
      from daily_tax_sales where branch_id = ${branch}::uuid
        and (quantity, taxable_paise, cgst_paise, sgst_paise) <> (0, 0, 0, 0)
      order by 1, 2, 3, 4`),
  };
}

const paymentsReport = (day: string, search?: string) =>
  manager
    .call(
      'GET',
      `/api/reports/payments?from=${day}&to=${day}&pageSize=100${search ? `&search=${encodeURIComponent(search)}` : ''}`,
    )
    .then((response) => json<PaymentsReport>(response));

describe('POST /api/bills/:id/cancel', () => {
  it('cancels a Settled split bill: refunds per method, stock back with history, out of the totals, listed as Cancelled, audited', async () => {
    const totalsBefore = await perDayTotals();
    const stockBefore = await stock();
    const bill = await splitBill();
    const day = bill.businessDate;
    expect(await stock()).not.toEqual(stockBefore);
    const reportBefore = await paymentsReport(day);

    const cancelled = await json<Bill>(await cancel(manager, bill.id, '  Wrong items billed '));
    expect(cancelled).toMatchObject({
      id: bill.id,
      number: bill.number,
      status: 'Cancelled',
      totalPaise: bill.totalPaise,
      payments: bill.payments,
      cancellation: { reason: 'Wrong items billed', by: expect.stringContaining('Manager') },
    });

    // The money goes back by the methods it came in by.
    expect(await refundsOf(bill.id)).toEqual([
      { method: 'Cash', amountPaise: 5000 },
      { method: 'UPI', amountPaise: bill.totalPaise - 5000 },
    ]);

    // The ingredients come back, each sale row reversed once.
    expect(await stock()).toEqual(stockBefore);
    const movements = await movementsOf(bill.id);
    const sales = movements.filter((row) => row.action === 'sale');
    const reversals = movements.filter((row) => row.action === 'reversal');
    expect(sales).toHaveLength(2);
    expect(reversals.map((row) => [row.reverses, row.delta]).sort()).toEqual(
      sales.map((row) => [row.id, -row.delta]).sort(),
    );
    for (const reversal of reversals) {
      expect(reversal.after).toBe(stockBefore[reversal.ingredientId]);
    }

    // Out of every per-day total, which again add up the bills that are not cancelled.
    expect(await perDayTotals()).toEqual(totalsBefore);
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);

    // Listed as Cancelled, not counted: the kept totals and the searched sums agree.
    const report = await paymentsReport(day);
    expect(report.rows.find((row) => row.id === bill.id)?.status).toBe('Cancelled');
    expect(report.totalRows).toBe(reportBefore.totalRows);
    expect(report.totals.grandTotalPaise).toBe(
      reportBefore.totals.grandTotalPaise - bill.totalPaise,
    );
    const cash = (r: PaymentsReport) => r.totals.byMethod.find((m) => m.method === 'Cash')!;
    expect(cash(report).amountPaise).toBe(cash(reportBefore).amountPaise - 5000);
    const searched = await paymentsReport(day, bill.number);
    expect(searched.rows.map((row) => [row.number, row.status])).toEqual([
      [bill.number, 'Cancelled'],
    ]);
    expect(searched.totalRows).toBe(1);
    expect(searched.totals.grandTotalPaise).toBe(0);
    expect(searched.totals.byMethod.every((m) => m.amountPaise === 0)).toBe(true);

    // Who and why.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bill.id), eq(auditLog.action, 'bill.cancel')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: mine.manager.id, branchId: mine.branchId });
    expect(audit[0]!.data).toMatchObject({
      reason: 'Wrong items billed',
      from: { status: 'Settled' },
      to: { status: 'Cancelled' },
      refunds: [
        { method: 'Cash', amountPaise: 5000 },
        { method: 'UPI', amountPaise: bill.totalPaise - 5000 },
      ],
    });
    // The bill's panel lists the cancellation in its history, after the payment.
    const panel = await json<AssociatedOrders>(
      await manager.call('GET', `/api/bills/${bill.id}/associated-orders`),
    );
    expect(panel.history.map((entry) => [entry.kind, entry.from?.status, entry.to.status])).toEqual(
      [
        ['billed', undefined, 'Settled'],
        ['status_change', 'Settled', 'Cancelled'],
      ],
    );
  });

  it('cancels a due: no longer owed nor listed in the dues, only what was paid is refunded', async () => {
    const bill = await staff.bill({
      items: [[chai, 2]],
      status: 'Due',
      responsible: 'Cancel Ravi',
      payments: () => [{ method: 'Card', amountPaise: 1000 }],
    });
    const dues = () =>
      manager.call('GET', '/api/reports/dues?pageSize=100').then((r) => json<DuesReport>(r));
    const owedBefore = (await dues()).rows.map((row) => row.id);
    expect(owedBefore).toContain(bill.id);

    const typed = 'Guest paid at the other branch';
    const cancelled = await json<Bill>(await cancel(manager, bill.id, typed));
    expect(cancelled.status).toBe('Cancelled');
    expect(await refundsOf(bill.id)).toEqual([{ method: 'Card', amountPaise: 1000 }]);
    const after = await dues();
    expect(after.rows.map((row) => row.id)).not.toContain(bill.id);
    expect(JSON.stringify(after)).not.toContain('Cancel Ravi');
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);

    // A settlement of it now changes nothing.
    const settle = await json<Bill>(await manager.settle(bill.id, 'Cash'));
    expect(settle.status).toBe('Cancelled');
    expect(await refundsOf(bill.id)).toHaveLength(1);
  });

  it('answers a retried cancellation with the cancelled bill, applied once; another reason is a 409', async () => {
    const bill = await splitBill();
    await json<Bill>(await cancel(manager, bill.id, 'Duplicate bill'));
    const again = await json<Bill>(await cancel(manager, bill.id, 'Duplicate bill'));
    expect(again.status).toBe('Cancelled');
    const other = await cancel(manager, bill.id, 'Payment failed');
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error.message).toContain('Duplicate bill');
    expect(await refundsOf(bill.id)).toHaveLength(2);
    expect((await movementsOf(bill.id)).filter((m) => m.action === 'reversal')).toHaveLength(2);
  });

  it('refuses to put stock back above the most an item can hold (409 naming it), writing nothing', async () => {
    const bill = await splitBill();
    const db = t.database.db;
    const [before] = await db
      .select({ quantity: ingredients.quantity })
      .from(ingredients)
      .where(eq(ingredients.id, milk));
    await db
      .update(ingredients)
      .set({ quantity: MAX_STORED_QUANTITY - 100 })
      .where(eq(ingredients.id, milk));
    try {
      const refused = await cancel(manager, bill.id, 'Duplicate bill');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'inventory.return_too_large' });
      expect(refused.json().error.message).toContain('Milk');
      const [row] = await db
        .select({ status: bills.status })
        .from(bills)
        .where(eq(bills.id, bill.id));
      expect(row!.status).toBe('Settled');
      expect(await refundsOf(bill.id)).toEqual([]);
      expect((await movementsOf(bill.id)).filter((m) => m.action === 'reversal')).toEqual([]);
    } finally {
      await db
        .update(ingredients)
        .set({ quantity: before!.quantity })
        .where(eq(ingredients.id, milk));
    }
  });

  it('applies parallel cancellations of one bill once: one set of refunds, one reversal per sale row', async () => {
    const bill = await splitBill();
    const stockBefore = await stock();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => cancel(manager, bill.id, 'Payment failed')),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(await refundsOf(bill.id)).toHaveLength(2);
    const movements = await movementsOf(bill.id);
    expect(movements.filter((m) => m.action === 'reversal')).toHaveLength(
      movements.filter((m) => m.action === 'sale').length,
    );
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bill.id), eq(auditLog.action, 'bill.cancel')));
    expect(audits).toHaveLength(1);
    const sold = 4 * 100;
    expect((await stock())[milk]).toBe(stockBefore[milk]! + sold);
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);
  });

  it('refuses staff (403) and another branch (404), writing nothing', async () => {
    const bill = await splitBill();
    const byStaff = await cancel(staff, bill.id, 'Duplicate bill');
    expect(byStaff.statusCode, byStaff.body).toBe(403);
    const byThem = await cancel(theirs, bill.id, 'Duplicate bill');
    expect(byThem.statusCode, byThem.body).toBe(404);
    const unknown = await cancel(manager, uuidv7(), 'Duplicate bill');
    expect(unknown.statusCode, unknown.body).toBe(404);
    const [row] = await t.database.db.select().from(bills).where(eq(bills.id, bill.id));
    expect(row).toMatchObject({ status: 'Settled', cancelledAt: null, cancelReason: null });
    expect(await refundsOf(bill.id)).toEqual([]);
    expect((await movementsOf(bill.id)).filter((m) => m.action === 'reversal')).toEqual([]);
    expect(other.branchId).not.toBe(mine.branchId);
  });

  it('refuses a missing, too short, too long or broken reason, naming the field', async () => {
    const bill = await splitBill();
    for (const reason of [undefined, '', '  ', 'ab', 'x'.repeat(201), 'bad\u0000text', 12]) {
      const response = await cancel(manager, bill.id, reason);
      expect(response.statusCode, `${JSON.stringify(reason)}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {})).toEqual(['reason']);
    }
    expect(await refundsOf(bill.id)).toEqual([]);
  });

  it('cancels a bill made before GST billing (no tax columns)', async () => {
    const table = await json<{ id: string }>(
      await manager.call('POST', '/api/tables', { label: `Old ${randomUUID().slice(0, 8)}` }),
      201,
    );
    const id = uuidv7();
    const now = t.clock();
    const day = businessDate(now, 'Asia/Kolkata');
    await recordBills(t.database.db, mine.branchId, [
      {
        bill: {
          branchId: mine.branchId,
          id,
          tableId: table.id,
          tableLabel: 'Old',
          number: `OLD/${financialYearOf(day)}/${id.slice(-6)}`,
          financialYear: financialYearOf(day),
          businessDate: day,
          subtotalPaise: 6000,
          totalPaise: 6000,
          method: 'Cash',
          status: 'Settled',
          idempotencyKey: uuidv7(),
          createdBy: mine.staff.id,
          createdAt: now,
          settledAt: now,
          settledBy: mine.staff.id,
        },
        lines: [
          {
            branchId: mine.branchId,
            billId: id,
            productId: chai,
            name: 'Masala Chai',
            unitPricePaise: 3000,
            quantity: 2,
            lineTotalPaise: 6000,
          },
        ],
        payments: [{ branchId: mine.branchId, billId: id, method: 'Cash', amountPaise: 6000 }],
      },
    ]);
    const cancelled = await json<Bill>(await cancel(manager, id, 'Billed to the wrong table'));
    expect(cancelled).toMatchObject({ status: 'Cancelled', tax: null });
    expect(await refundsOf(id)).toEqual([{ method: 'Cash', amountPaise: 6000 }]);
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);
  });
});

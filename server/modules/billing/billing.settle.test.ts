import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../shared/dates';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { AssociatedOrders } from '../../../shared/schemas/payments-report.schemas';
import { auditLog, billPayments, bills } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import { dailyTotalsMismatches } from '../../test/daily-totals';
import type { BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { financialYearOf } from './bill-number';
import { recordBills } from './bill-ledger';
import { billsAs } from './billing.test-support';

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof billsAs>;
let staff: ReturnType<typeof billsAs>;
let theirs: ReturnType<typeof billsAs>;
let thali: string;

beforeAll(async () => {
  ({ t, mine, manager, staff, theirs } = await createTwoBranchApp(billsAs));
  thali = await manager.product(25_000, 'Thali');
});
afterAll(() => t?.close());

/** ₹500 (2 thalis), Due by Ravi, with `paidNow` paise paid by cash at the table. */
const due = (paidNow = 0, discountPercent = 0) =>
  staff.bill({
    items: [[thali, 2]],
    status: 'Due',
    discountPercent,
    payments: () => (paidNow > 0 ? [{ method: 'Cash', amountPaise: paidNow }] : []),
  });

/**
 * A ₹0 Due bill as the payment wrote one before it refused them (nobody owes nothing), written
 * the way the payment writes a bill, day totals included.
 */
async function zeroDueOfOld(): Promise<{ id: string; totalPaise: number }> {
  const table = await manager.call('POST', '/api/tables', { label: `Old ${uuidv7().slice(-8)}` });
  expect(table.statusCode, table.body).toBe(201);
  const tableId = (JSON.parse(table.body) as { id: string }).id;
  const id = uuidv7();
  const now = t.clock();
  const day = businessDate(now, 'Asia/Kolkata');
  await recordBills(t.database.db, mine.branchId, [
    {
      bill: {
        branchId: mine.branchId,
        id,
        tableId,
        tableLabel: 'Old',
        number: `OLD/${financialYearOf(day)}/${id.slice(-6)}`,
        financialYear: financialYearOf(day),
        businessDate: day,
        subtotalPaise: 50_000,
        discountBps: 10_000,
        discountPaise: 50_000,
        totalPaise: 0,
        method: 'Due',
        status: 'Due',
        responsible: 'Ravi',
        idempotencyKey: uuidv7(),
        createdBy: mine.staff.id,
        createdAt: now,
      },
      lines: [
        {
          branchId: mine.branchId,
          billId: id,
          productId: thali,
          name: 'Thali',
          unitPricePaise: 25_000,
          quantity: 2,
          lineTotalPaise: 50_000,
        },
      ],
      payments: [],
    },
  ]);
  return { id, totalPaise: 0 };
}

const paymentRows = (billId: string) =>
  t.database.db
    .select({ method: billPayments.method, amountPaise: billPayments.amountPaise })
    .from(billPayments)
    .where(eq(billPayments.billId, billId));

const changes = (billId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, billId), eq(auditLog.action, 'bill.status_change')));

async function settled(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as Bill;
}

describe('POST /api/bills/:id/settlement', () => {
  it('turns a Due bill Settled by the method chosen, the money owed as one payment row, audited', async () => {
    const bill = await due();
    t.clock.advance(10 * 60_000);
    const after = await settled(await staff.settle(bill.id, 'UPI'));
    expect(after).toMatchObject({ status: 'Settled', method: 'UPI', paidPaise: 50_000 });
    expect(after.payments).toMatchObject([
      { method: 'UPI', amountPaise: 50_000, receivedAt: t.clock().toISOString() },
    ]);
    const [row] = await t.database.db.select().from(bills).where(eq(bills.id, bill.id));
    expect(row).toMatchObject({ settledAt: t.clock(), settledBy: mine.staff.id });
    expect(row!.responsible).toBe('Ravi');
    const [audit] = await changes(bill.id);
    expect(audit).toMatchObject({
      branchId: mine.branchId,
      userId: mine.staff.id,
      entity: 'bill',
      createdAt: t.clock(),
      data: {
        from: { status: 'Due', method: 'Due' },
        to: { status: 'Settled', method: 'UPI' },
        amountPaise: 50_000,
      },
    });
  });

  it('takes only what is still owed when part was paid at the table', async () => {
    const bill = await due(12_345);
    const after = await settled(await manager.settle(bill.id, 'Card'));
    expect(after.payments.map((p) => [p.method, p.amountPaise])).toEqual([
      ['Cash', 12_345],
      ['Card', 37_655],
    ]);
    expect(after.paidPaise).toBe(after.totalPaise);
  });

  it('settles a fully discounted due (written before ₹0 dues were refused) without a money row', async () => {
    const bill = await zeroDueOfOld();
    expect(bill.totalPaise).toBe(0);
    const after = await settled(await staff.settle(bill.id, 'Other'));
    expect(after).toMatchObject({ status: 'Settled', method: 'Other', paidPaise: 0 });
    expect(await paymentRows(bill.id)).toEqual([]);
    expect(await changes(bill.id)).toHaveLength(1);
  });

  it('leaves a Settled bill unchanged and answers it as it is', async () => {
    const bill = await staff.bill({
      items: [[thali, 1]],
      status: 'Settled',
      payments: (total) => [{ method: 'Card', amountPaise: total }],
    });
    const after = await settled(await staff.settle(bill.id, 'UPI'));
    expect(after).toEqual(bill);
    expect(await paymentRows(bill.id)).toEqual([{ method: 'Card', amountPaise: 25_000 }]);
    expect(await changes(bill.id)).toEqual([]);
  });

  it('applies a retried settlement once', async () => {
    const bill = await due();
    const first = await settled(await staff.settle(bill.id, 'Cash'));
    const again = await settled(await staff.settle(bill.id, 'UPI'));
    expect(again).toEqual(first);
    expect(await paymentRows(bill.id)).toEqual([{ method: 'Cash', amountPaise: 50_000 }]);
  });

  it('applies 10 parallel settlements once: one payment row, one audit entry', async () => {
    const bill = await due(10_000);
    const methods = ['Cash', 'Card', 'UPI', 'Other'] as const;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => staff.settle(bill.id, methods[i % 4]!)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await paymentRows(bill.id);
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, row) => sum + row.amountPaise, 0)).toBe(50_000);
    expect(await changes(bill.id)).toHaveLength(1);
    // Every answer is the bill as the one settlement left it.
    const answers = new Set(responses.map((r) => JSON.stringify(r.json())));
    expect(answers.size).toBe(1);
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);
  });

  it("keeps the day's totals exact while 10 dues of one day are settled in parallel", async () => {
    const dues = [];
    for (let i = 0; i < 10; i++) dues.push(await due(i * 1_000));
    const methods = ['Cash', 'Card', 'UPI', 'Other'] as const;
    // Each bill settled twice at once, every settlement of the ten on the same day's rows.
    const responses = await Promise.all(
      dues.flatMap((bill, i) => [
        staff.settle(bill.id, methods[i % 4]!),
        staff.settle(bill.id, methods[(i + 1) % 4]!),
      ]),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await dailyTotalsMismatches(t.database.db, mine.branchId)).toEqual([]);
  });

  it("answers 404 for another branch's bill and leaves it Due", async () => {
    const bill = await due();
    const response = await theirs.settle(bill.id, 'Cash');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('billing.bill_not_found');
    expect(await paymentRows(bill.id)).toEqual([]);
  });

  it('refuses a missing or unknown method, naming the field', async () => {
    const bill = await due();
    for (const body of [{}, { method: 'Due' }, { method: 'Cheque' }]) {
      const response = await staff.call('POST', `/api/bills/${bill.id}/settlement`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.method).toBe(
        'Choose a payment method: Cash, Card, UPI, Other',
      );
    }
    const badId = await staff.call('POST', '/api/bills/not-an-id/settlement', { method: 'Cash' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.id).toBe('Enter a valid id');
  });
});

describe('GET /api/bills/:id/associated-orders', () => {
  it("shows the bill's lines, its payments and every status change: who, when, from, to", async () => {
    const bill = await due(5_000);
    const billedAt = t.clock().toISOString();
    t.clock.advance(10 * 60_000);
    await manager.settle(bill.id, 'UPI');
    const response = await staff.call('GET', `/api/bills/${bill.id}/associated-orders`);
    expect(response.statusCode, response.body).toBe(200);
    const panel = response.json() as AssociatedOrders;
    expect(panel.bill.lines.map((line) => [line.name, line.quantity, line.lineTotalPaise])).toEqual(
      [['Thali', 2, 50_000]],
    );
    expect(panel.bill.payments.map((p) => [p.method, p.amountPaise, p.receivedBy])).toEqual([
      ['Cash', 5_000, expect.stringMatching(/^Staff /)],
      ['UPI', 45_000, expect.stringMatching(/^Manager /)],
    ]);
    expect(panel.history).toEqual([
      {
        at: billedAt,
        by: expect.stringMatching(/^Staff /),
        kind: 'billed',
        from: null,
        to: { status: 'Due', method: 'Due' },
      },
      {
        at: t.clock().toISOString(),
        by: expect.stringMatching(/^Manager /),
        kind: 'status_change',
        from: { status: 'Due', method: 'Due' },
        to: { status: 'Settled', method: 'UPI' },
      },
    ]);
  });

  it("answers 404 for another branch's bill", async () => {
    const bill = await due();
    const response = await theirs.call('GET', `/api/bills/${bill.id}/associated-orders`);
    expect(response.statusCode).toBe(404);
  });
});

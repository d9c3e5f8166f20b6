import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { PaymentsReport } from '../../../shared/schemas/payments-report.schemas';
import { addDailyBillTotals } from '../billing/bill-ledger';
import { bills } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof billsAs>;
let staff: ReturnType<typeof billsAs>;
let theirs: ReturnType<typeof billsAs>;
let thali: string;
let lassi: string;

/** Moves the clock to `instant` and signs everyone in again (sessions end after 30 idle minutes). */
async function at(instant: string) {
  t.clock.set(instant);
  manager = billsAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = billsAs(t.app, await loginAs(t.app, mine.staff.email));
  theirs = billsAs(t.app, await loginAs(t.app, other.manager.email));
}

async function report(query: string, as = manager): Promise<PaymentsReport> {
  const response = await as.call('GET', `/api/reports/payments?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PaymentsReport;
}

const totalsOf = (answer: PaymentsReport) =>
  Object.fromEntries(answer.totals.byMethod.map((row) => [row.method, row.amountPaise]));

const ids = (answer: PaymentsReport) => answer.rows.map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  await at('2026-11-10T06:30:00Z');
  thali = await manager.product(25_000, 'Thali');
  lassi = await manager.product(8_000, 'Lassi');
});
afterAll(() => t?.close());

describe('GET /api/reports/payments', () => {
  let split: Bill;
  let partDue: Bill;
  let laterSettled: Bill;
  let discounted: Bill;
  let nextDay: Bill;

  beforeAll(async () => {
    await at('2026-11-10T06:30:00Z');
    // ₹500 split: ₹300 cash, ₹200 UPI.
    split = await staff.bill({
      items: [[thali, 2]],
      status: 'Settled',
      payments: () => [
        { method: 'Cash', amountPaise: 30_000 },
        { method: 'UPI', amountPaise: 20_000 },
      ],
    });
    t.clock.advance(60_000);
    // ₹330 Due by Meena, ₹50 paid at the table.
    partDue = await staff.bill({
      items: [
        [thali, 1],
        [lassi, 1],
      ],
      status: 'Due',
      responsible: 'Meena',
      payments: () => [{ method: 'Cash', amountPaise: 5_000 }],
    });
    t.clock.advance(60_000);
    // ₹250 Due by Ravi: settled by card the next day.
    laterSettled = await staff.bill({ items: [[thali, 1]], status: 'Due' });
    t.clock.advance(60_000);
    // ₹240 at 12.5 % off: ₹210 by card.
    discounted = await staff.bill({
      items: [[lassi, 3]],
      status: 'Settled',
      discountPercent: 12.5,
      payments: (total) => [{ method: 'Card', amountPaise: total }],
    });
    await at('2026-11-11T05:00:00Z');
    expect((await staff.settle(laterSettled.id, 'Card')).statusCode).toBe(200);
    nextDay = await staff.bill({
      items: [[lassi, 1]],
      status: 'Settled',
      payments: (total) => [{ method: 'Cash', amountPaise: total }],
    });
    // Another branch's bill on the same day is never counted here.
    const theirThali = await theirs.product(99_900);
    await theirs.bill({
      items: [[theirThali, 1]],
      status: 'Settled',
      payments: (total) => [{ method: 'Cash', amountPaise: total }],
    });
  });

  it('lists the bills of the range newest first, with money by method as it came in (splits and later settlements included)', async () => {
    const day = await report('from=2026-11-10&to=2026-11-10');
    expect(ids(day)).toEqual([discounted.id, laterSettled.id, partDue.id, split.id]);
    expect(day.rows[1]).toMatchObject({
      number: laterSettled.number,
      tableLabel: laterSettled.tableLabel,
      businessDate: '2026-11-10',
      status: 'Settled',
      method: 'Card',
      responsible: 'Ravi',
      totalPaise: 25_000,
      paidPaise: 25_000,
    });
    expect(day.rows[2]).toMatchObject({ status: 'Due', paidPaise: 5_000, totalPaise: 33_000 });
    // A split names every method with its amount.
    expect(day.rows[3]!.paidByMethod).toEqual([
      { method: 'Cash', amountPaise: 30_000 },
      { method: 'UPI', amountPaise: 20_000 },
    ]);
    expect(day.rows[2]!.paidByMethod).toEqual([{ method: 'Cash', amountPaise: 5_000 }]);
    expect(day.rows[1]!.paidByMethod).toEqual([{ method: 'Card', amountPaise: 25_000 }]);
    expect(day.rows[0]).toMatchObject({ subtotalPaise: 24_000, discountPaise: 3_000 });
    expect(day.totals.grandTotalPaise).toBe(50_000 + 33_000 + 25_000 + 21_000);
    expect(totalsOf(day)).toEqual({
      Cash: 30_000 + 5_000,
      Card: 25_000 + 21_000,
      UPI: 20_000,
      Other: 0,
      Due: 28_000,
    });
    expect(day.totals.byMethod.map((row) => row.method)).toEqual([
      'Cash',
      'Card',
      'UPI',
      'Other',
      'Due',
    ]);
    expect(day).toMatchObject({ from: '2026-11-10', to: '2026-11-10', totalRows: 4, page: 1 });

    const both = await report('from=2026-11-10&to=2026-11-11');
    expect(ids(both)[0]).toBe(nextDay.id);
    expect(both.totals.grandTotalPaise).toBe(day.totals.grandTotalPaise + 8_000);
  });

  it("answers the branch's today when no range is given, and one day when one end is", async () => {
    expect(ids(await report(''))).toEqual([nextDay.id]);
    expect(ids(await report('to=2026-11-11'))).toEqual([nextDay.id]);
    expect(await report('from=2026-11-10')).toMatchObject({ from: '2026-11-10', totalRows: 4 });
  });

  it('searches bill number, table, method, status and responsible, in any case', async () => {
    const range = 'from=2026-11-10&to=2026-11-11';
    const found = async (search: string) =>
      ids(await report(`${range}&search=${encodeURIComponent(search)}`)).sort();
    expect(await found(split.number.toLowerCase())).toEqual([split.id]);
    expect(await found(discounted.tableLabel.toUpperCase())).toEqual([discounted.id]);
    expect(await found('upi')).toEqual([]);
    expect(await found('cARd')).toEqual([laterSettled.id, discounted.id].sort());
    expect(await found('due')).toEqual([partDue.id]);
    expect(await found('meena')).toEqual([partDue.id]);
    expect(await found('%')).toEqual([]);
    const meena = await report(`${range}&search=MEENA`);
    expect(meena.totals.grandTotalPaise).toBe(33_000);
    expect(totalsOf(meena)).toMatchObject({ Cash: 5_000, Due: 28_000 });
  });

  it('pages the rows while the totals cover every bill that matches', async () => {
    await at('2026-11-12T06:30:00Z');
    for (let i = 0; i < 27; i++) {
      await staff.bill({
        items: [[lassi, 1]],
        status: 'Settled',
        payments: (total) => [{ method: 'UPI', amountPaise: total }],
      });
      t.clock.advance(1000);
    }
    const first = await report('from=2026-11-12&to=2026-11-12&pageSize=25');
    const second = await report('from=2026-11-12&to=2026-11-12&pageSize=25&page=2');
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(2);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(27);
    expect(first.totalRows).toBe(27);
    expect(first.totals).toEqual(second.totals);
    expect(totalsOf(first).UPI).toBe(27 * 8_000);
    const beyond = await report('from=2026-11-12&to=2026-11-12&pageSize=25&page=9');
    expect(beyond).toMatchObject({ rows: [], totalRows: 27 });
  });

  it('puts a bill on the business day of Asia/Kolkata: 23:59 and 00:01 IST are different days', async () => {
    await at('2026-11-20T18:29:00Z'); // 23:59 IST, 20 Nov
    const late = await staff.bill({
      items: [[lassi, 1]],
      status: 'Settled',
      payments: (total) => [{ method: 'Cash', amountPaise: total }],
    });
    t.clock.set('2026-11-20T18:31:00Z'); // 00:01 IST, 21 Nov
    const early = await staff.bill({
      items: [[lassi, 1]],
      status: 'Settled',
      payments: (total) => [{ method: 'Cash', amountPaise: total }],
    });
    expect(ids(await report('from=2026-11-20&to=2026-11-20'))).toEqual([late.id]);
    expect(ids(await report('from=2026-11-21&to=2026-11-21'))).toEqual([early.id]);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const fields = async (query: string) => {
      const response = await manager.call('GET', `/api/reports/payments?${query}`);
      expect(response.statusCode).toBe(400);
      return response.json().error.fields as Record<string, string>;
    };
    expect(await fields('from=2026-13-01')).toHaveProperty('from');
    expect(await fields('from=2026-11-12&to=2026-11-10')).toEqual({
      to: 'From Date must not be after To Date',
    });
    expect(await fields('from=2025-01-01&to=2026-11-10')).toHaveProperty('to');
    expect(await fields('page=0')).toHaveProperty('page');
    expect(await fields('pageSize=7')).toHaveProperty('pageSize');
    expect(await fields(`search=${'x'.repeat(101)}`)).toHaveProperty('search');
    expect(await fields('search=a%00b')).toHaveProperty('search');
  });

  it('is for managers: staff and the super admin get 403, and each branch sees only its bills', async () => {
    for (const url of ['/api/reports/payments', '/api/reports/payments.csv']) {
      expect((await staff.call('GET', url)).statusCode).toBe(403);
    }
    const theirDay = await report('from=2026-11-11&to=2026-11-11', theirs);
    expect(theirDay.totalRows).toBe(1);
    expect(theirDay.totals.grandTotalPaise).toBe(99_900);
  });
});

describe('GET /api/reports/payments.csv', () => {
  const header = [
    'Bill Number',
    'Date',
    'Time',
    'Table Number',
    'Total',
    'Discount',
    'Discounted Total',
    'Paid',
    'Payment Method',
    'Payment Status',
    'Responsible',
  ];

  it('exports every matching bill (all pages) as payment_history_report_{today}.csv that a CSV parser reads back', async () => {
    await at('2026-11-25T04:00:00Z');
    const csv = async (query: string) => {
      const response = await manager.call('GET', `/api/reports/payments.csv?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="payment_history_report_2026-11-25.csv"',
      );
      return parse(response.rawPayload, { bom: true }) as string[][];
    };
    const page = await report('from=2026-11-10&to=2026-11-12&pageSize=25');
    const rows = await csv('from=2026-11-10&to=2026-11-12');
    expect(rows[0]).toEqual(header);
    expect(rows).toHaveLength(1 + page.totalRows);
    expect(rows.slice(1, 26).map((row) => row[0])).toEqual(page.rows.map((row) => row.number));
    const due = rows.find((row) => row[9] === 'Due')!;
    // 12:01 IST on 10 Nov, ₹330 with ₹50 paid, owed by Meena.
    expect(due).toEqual([
      expect.any(String),
      '2026-11-10',
      '12:01',
      expect.any(String),
      '330.00',
      '0.00',
      '330.00',
      '50.00',
      'Cash ₹50.00 + Due ₹280.00',
      'Due',
      'Meena',
    ]);
    // The ₹500 split: every method with its amount, not only the larger one.
    expect(rows.filter((row) => row[8] === 'Cash ₹300.00 + UPI ₹200.00')).toHaveLength(1);
    expect(await csv('from=2026-11-10&to=2026-11-12&search=meena')).toHaveLength(2);
    expect(await csv('from=2026-01-01&to=2026-01-02')).toEqual([header]);
  });

  it('streams a large export across keyset batches, bills paid at the same instant included', async () => {
    const db = t.database.db;
    const [table] = await db
      .select({ id: bills.tableId })
      .from(bills)
      .where(eq(bills.branchId, mine.branchId))
      .limit(1);
    const instant = new Date('2026-10-01T08:00:00Z');
    const rows = Array.from({ length: 2_345 }, (_, i) => ({
      branchId: mine.branchId,
      id: uuidv7(),
      tableId: table!.id,
      tableLabel: 'Bulk',
      number: `BULK/${String(i).padStart(6, '0')}`,
      financialYear: '2026-27',
      businessDate: '2026-10-01',
      subtotalPaise: 100 + i,
      totalPaise: 100 + i,
      method: 'Cash' as const,
      status: 'Settled' as const,
      idempotencyKey: uuidv7(),
      // Three bills share each millisecond, and many share one instant.
      createdAt: new Date(instant.getTime() + Math.floor(i / 3)),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db.insert(bills).values(rows.slice(i, i + 500));
    // As the payment's transaction does with the bill it writes.
    await addDailyBillTotals(
      db,
      mine.branchId,
      rows.map((row) => row.id),
    );
    const response = await manager.call('GET', '/api/reports/payments.csv?from=2026-10-01');
    const parsed = parse(response.rawPayload, { bom: true }) as string[][];
    const numbers = parsed.slice(1).map((row) => row[0]);
    expect(numbers).toHaveLength(rows.length);
    expect(new Set(numbers).size).toBe(rows.length);
    const sum = parsed.slice(1).reduce((total, row) => total + Math.round(Number(row[6]) * 100), 0);
    expect(sum).toBe((await report('from=2026-10-01')).totals.grandTotalPaise);
  });
});

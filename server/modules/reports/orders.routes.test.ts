import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FILES, TOP_ITEMS } from '../../../shared/constants';
import { startOfBusinessDate } from '../../../shared/dates';
import { LABELS } from '../../../shared/messages';
import { discountPaise, paiseToRupeesString } from '../../../shared/money';
import type {
  OrderReportRow,
  OrdersReport,
  ReportCharts,
} from '../../../shared/schemas/orders-report.schemas';
import { addDailyBillTotals, addDailyItemSales } from '../billing/bill-ledger';
import { billLines, bills, tables } from '../../db/schema';
import { callsAs } from '../../test/api-client';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof billsAs>;
let staff: ReturnType<typeof callsAs>;
let theirs: ReturnType<typeof billsAs>;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  const other = await createBranchFixture(t.database.db);
  manager = billsAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = callsAs(t.app, await loginAs(t.app, mine.staff.email));
  theirs = billsAs(t.app, await loginAs(t.app, other.manager.email));
});

afterAll(async () => {
  await t?.close();
});

type Call = ReturnType<typeof callsAs>;

async function report(call: Call, query: Record<string, string | number>) {
  const response = await call(
    'GET',
    `/api/reports/orders?${new URLSearchParams(stringify(query))}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrdersReport;
}

const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

/** Every page of the report, 25 rows at a time, and the first page's answer. */
async function allPages(call: Call, query: Record<string, string>) {
  const first = await report(call, { ...query, pageSize: 25 });
  const rows = [...first.rows];
  const pages = Math.ceil(first.totalRows / 25);
  for (let page = 2; page <= pages; page++) {
    const next = await report(call, { ...query, pageSize: 25, page });
    expect(next.summary).toEqual(first.summary);
    rows.push(...next.rows);
  }
  return { first, rows };
}

async function csv(call: Call, query: Record<string, string>) {
  const response = await call(
    'GET',
    `/api/reports/orders.csv?${new URLSearchParams(query).toString()}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="${EXPORT_FILES.ordersReport}"`,
  );
  const records = parse(response.body, { bom: true }) as string[][];
  expect(records[0]).toEqual([...LABELS.orderReport.columns]);
  return records.slice(1);
}

async function charts(call: Call, query: Record<string, string>) {
  const response = await call('GET', `/api/reports/charts?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReportCharts;
}

/** A CSV record as the API row it must equal (Order Date 'YYYY-MM-DD HH:MM' in IST). */
const istTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
const asCsv = (row: OrderReportRow) => [
  row.tableLabel,
  `${row.businessDate} ${istTime(row.createdAt)}`,
  String(row.quantity),
  row.name,
  paiseToRupeesString(row.unitPricePaise),
  paiseToRupeesString(row.lineTotalPaise),
];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------------------------
// Random bills written straight to the tables (many per run, fast), for the property test
// ---------------------------------------------------------------------------------------------

const NAMES = ['Masala Chai', 'Lemon Tea', 'CHAI latte', 'Toast', '50% Off Dosa', 'Idli_Vada'];
const DAYS = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];

const lineArb = fc.record({
  name: fc.constantFrom(...NAMES),
  unitPricePaise: fc.integer({ min: 0, max: 60_000 }),
  quantity: fc.integer({ min: 1, max: 30 }),
});
const billArb = fc.record({
  day: fc.constantFrom(...DAYS),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  discountBps: fc.constantFrom(0, 0, 500, 1250, 3333, 10_000),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }),
});

type GeneratedBill = typeof billArb extends fc.Arbitrary<infer T> ? T : never;

interface ModelLine {
  billId: string;
  lineId: string;
  tableLabel: string;
  businessDate: string;
  createdAt: Date;
  name: string;
  unitPricePaise: number;
  quantity: number;
  lineTotalPaise: number;
}

/** Writes the bills into a new branch's tables; answers the model of its lines and bills. */
async function writeBills(generated: GeneratedBill[]) {
  const branch = await createBranchFixture(t.database.db);
  const [table] = await t.database.db
    .insert(tables)
    .values({ branchId: branch.branchId, label: 'Counter' })
    .returning({ id: tables.id });
  const lines: ModelLine[] = [];
  const billRows = [];
  for (const [index, bill] of generated.entries()) {
    const id = uuidv7();
    const createdAt = new Date(startOfBusinessDate(bill.day).getTime() + bill.minute * 60_000);
    const tableLabel = `T${index % 3}`;
    const billLinesOf: ModelLine[] = bill.lines.map((line) => ({
      billId: id,
      lineId: uuidv7(),
      tableLabel,
      businessDate: bill.day,
      createdAt,
      ...line,
      lineTotalPaise: line.unitPricePaise * line.quantity,
    }));
    const subtotal = sum(billLinesOf.map((line) => line.lineTotalPaise));
    const discount = discountPaise(subtotal, bill.discountBps);
    billRows.push({ subtotal, discount, total: subtotal - discount });
    await t.database.db.insert(bills).values({
      branchId: branch.branchId,
      id,
      tableId: table!.id,
      tableLabel,
      number: `P/${index}`,
      financialYear: '2026-27',
      businessDate: bill.day,
      subtotalPaise: subtotal,
      discountBps: bill.discountBps,
      discountPaise: discount,
      totalPaise: subtotal - discount,
      method: 'Cash',
      status: 'Settled',
      idempotencyKey: id,
      createdAt,
    });
    await t.database.db.insert(billLines).values(
      billLinesOf.map((line) => ({
        branchId: branch.branchId,
        id: line.lineId,
        billId: id,
        name: line.name,
        unitPricePaise: line.unitPricePaise,
        quantity: line.quantity,
        lineTotalPaise: line.lineTotalPaise,
      })),
    );
    // As the payment's transaction does with the bill and lines it writes.
    await addDailyItemSales(t.database.db, branch.branchId, [id]);
    await addDailyBillTotals(t.database.db, branch.branchId, [id]);
    lines.push(...billLinesOf);
  }
  return { branch, lines, billRows };
}

/** The report's order: newest bill first (day, time, id), its lines as written. */
const newestFirst = (a: ModelLine, b: ModelLine) =>
  b.businessDate.localeCompare(a.businessDate) ||
  b.createdAt.getTime() - a.createdAt.getTime() ||
  b.billId.localeCompare(a.billId) ||
  a.lineId.localeCompare(b.lineId);

function topItemsOf(lines: ModelLine[]) {
  const byName = new Map<string, { name: string; quantity: number; revenuePaise: number }>();
  for (const line of lines) {
    const item = byName.get(line.name) ?? { name: line.name, quantity: 0, revenuePaise: 0 };
    item.quantity += line.quantity;
    item.revenuePaise += line.lineTotalPaise;
    byName.set(line.name, item);
  }
  return [...byName.values()]
    .sort((a, b) => b.quantity - a.quantity || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, TOP_ITEMS);
}

describe('GET /api/reports/orders', () => {
  it('adds up to the paisa: every page, the CSV and the charts agree with the bills written, with and without a product filter (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(billArb, { minLength: 0, maxLength: 14 }),
        fc.constantFrom('', 'chai', 'CHAI', '%', '_', 'o', 'zz'),
        async (generated, product) => {
          const { branch, lines, billRows } = await writeBills(generated);
          const call = callsAs(t.app, await loginAs(t.app, branch.manager.email));
          const range = { from: DAYS[0]!, to: DAYS.at(-1)! };
          const query = product ? { ...range, product } : range;
          const { first, rows } = await allPages(call, query);

          const expected = lines
            .filter((line) => line.name.toLowerCase().includes(product.toLowerCase()))
            .sort(newestFirst);
          expect(rows.map((row) => [row.billId, row.lineId])).toEqual(
            expected.map((line) => [line.billId, line.lineId]),
          );
          expect(rows.map((row) => row.name)).toEqual(expected.map((line) => line.name));
          // The summary is the sum of the rows of all pages.
          expect(first.totalRows).toBe(rows.length);
          expect(first.summary.grandTotalPaise).toBe(sum(rows.map((row) => row.lineTotalPaise)));
          expect(first.summary.items).toBe(sum(rows.map((row) => row.quantity)));
          expect(first.summary.orders).toBe(new Set(rows.map((row) => row.billId)).size);
          for (const row of rows) {
            expect(row.lineTotalPaise).toBe(row.unitPricePaise * row.quantity);
          }
          expect(first.topItems).toEqual(topItemsOf(expected));
          if (product) {
            expect(first.summary).toMatchObject({ discountPaise: null, netPaise: null });
          } else {
            const discount = sum(billRows.map((bill) => bill.discount));
            expect(first.summary.discountPaise).toBe(discount);
            expect(first.summary.netPaise).toBe(sum(billRows.map((bill) => bill.total)));
            expect(first.summary.grandTotalPaise - discount).toBe(first.summary.netPaise);
            const chart = await charts(call, range);
            expect(sum(chart.revenueByDay.map((day) => day.revenuePaise))).toBe(
              first.summary.grandTotalPaise,
            );
            expect(sum(chart.revenueByDay.map((day) => day.netPaise))).toBe(first.summary.netPaise);
            expect(sum(chart.salesByHour.map((hour) => hour.revenuePaise))).toBe(
              first.summary.grandTotalPaise,
            );
            expect(sum(chart.salesByHour.map((hour) => hour.orders))).toBe(first.summary.orders);
          }
          expect(await csv(call, query)).toEqual(rows.map(asCsv));
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('the orders report on bills paid at the counter', () => {
  const settled = (totalPaise: number) => [{ method: 'Cash' as const, amountPaise: totalPaise }];

  it('shows a bill paid at 23:59 IST and one paid at 00:01 IST on different business days', async () => {
    const start = t.clock();
    try {
      // 22 Nov 23:59 IST, then 23 Nov 00:01 IST. A branch of its own, signed in at the new
      // time, so the other tests' sessions never see the clock jump.
      t.clock.set('2026-11-22T18:29:00Z');
      const branch = await createBranchFixture(t.database.db);
      const counter = billsAs(t.app, await loginAs(t.app, branch.manager.email));
      const dosa = await counter.product(12_000, `Late Dosa ${randomUUID().slice(0, 6)}`);
      const late = await counter.bill({
        items: [[dosa, 2]],
        status: 'Settled',
        payments: settled,
      });
      t.clock.set('2026-11-22T18:31:00Z');
      const early = await counter.bill({
        items: [[dosa, 1]],
        status: 'Settled',
        payments: settled,
      });
      expect([late.businessDate, early.businessDate]).toEqual(['2026-11-22', '2026-11-23']);

      const dosaName = late.lines[0]!.name;
      const on22 = await report(counter.call, {
        from: '2026-11-22',
        to: '2026-11-22',
        product: dosaName,
      });
      const on23 = await report(counter.call, {
        from: '2026-11-23',
        to: '2026-11-23',
        product: dosaName,
      });
      expect(on22.rows.map((row) => [row.billId, row.businessDate, row.quantity])).toEqual([
        [late.id, '2026-11-22', 2],
      ]);
      expect(on23.rows.map((row) => [row.billId, row.businessDate, row.quantity])).toEqual([
        [early.id, '2026-11-23', 1],
      ]);
      expect(on22.summary).toMatchObject({ orders: 1, items: 2, grandTotalPaise: 24_000 });
      expect(on23.summary).toMatchObject({ orders: 1, items: 1, grandTotalPaise: 12_000 });
      // Both days together, newest first; today (server clock, IST) is the 23rd.
      const both = await report(counter.call, {
        from: '2026-11-22',
        to: '2026-11-23',
        product: dosaName,
      });
      expect(both.rows.map((row) => row.billId)).toEqual([early.id, late.id]);
      const today = await report(counter.call, { product: dosaName });
      expect([today.from, today.to, today.rows.map((row) => row.billId)]).toEqual([
        '2026-11-23',
        '2026-11-23',
        [early.id],
      ]);
      // The hours are the branch's: 23 for the late bill, 0 for the early one.
      const chart22 = await charts(counter.call, { from: '2026-11-22', to: '2026-11-22' });
      const chart23 = await charts(counter.call, { from: '2026-11-23', to: '2026-11-23' });
      expect(chart22.salesByHour).toHaveLength(24);
      expect(chart22.salesByHour[23]).toMatchObject({ hour: 23, orders: 1, revenuePaise: 24_000 });
      expect(chart23.salesByHour[0]).toMatchObject({ hour: 0, orders: 1, revenuePaise: 12_000 });
      // The CSV says the same, in the branch's clock.
      const records = await csv(counter.call, {
        from: '2026-11-22',
        to: '2026-11-23',
        product: dosaName,
      });
      expect(records.map((record) => record[1])).toEqual(['2026-11-23 00:01', '2026-11-22 23:59']);
      // Like its business day, a bill's hour stays what the branch's clock said when it was
      // paid, whatever time zone the branch is set to later.
      const moved = await counter.call('PUT', '/api/branch/settings', {
        name: 'Late Cafe',
        address: 'MG Road',
        phone: '98450 12345',
        timeZone: 'Asia/Dubai',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const after22 = await charts(counter.call, { from: '2026-11-22', to: '2026-11-22' });
      expect(after22.salesByHour).toEqual(chart22.salesByHour);
    } finally {
      t.clock.set(start);
    }
  });

  it("never shows another branch's bills, in the report, its CSV or its charts", async () => {
    const secret = await theirs.product(99_900, 'Their Secret Thali');
    const theirBill = await theirs.bill({
      items: [[secret, 3]],
      status: 'Settled',
      payments: settled,
    });
    const ours = await manager.product(5_000, 'Our Filter Coffee');
    await manager.bill({ items: [[ours, 1]], status: 'Settled', payments: settled });

    const day = { from: theirBill.businessDate, to: theirBill.businessDate };
    const mineReport = await report(manager.call, { ...day, pageSize: 100 });
    expect(mineReport.rows.some((row) => row.billId === theirBill.id)).toBe(false);
    expect(mineReport.rows.some((row) => row.name === 'Our Filter Coffee')).toBe(true);
    expect(mineReport.topItems.some((item) => item.name === 'Their Secret Thali')).toBe(false);
    expect(await report(manager.call, { ...day, product: 'secret thali' })).toMatchObject({
      totalRows: 0,
      rows: [],
      summary: { orders: 0, items: 0, grandTotalPaise: 0 },
      topItems: [],
    });
    expect(await csv(manager.call, { ...day, product: 'secret thali' })).toEqual([]);
    const chart = await charts(manager.call, day);
    const mineTotal = (await report(manager.call, day)).summary.grandTotalPaise;
    expect(chart.revenueByDay.reduce((total, d) => total + d.revenuePaise, 0)).toBe(mineTotal);
    expect(chart.salesByHour.reduce((total, h) => total + h.revenuePaise, 0)).toBe(mineTotal);

    const theirReport = await report(theirs.call, day);
    expect(theirReport.rows.map((row) => row.name)).toEqual(['Their Secret Thali']);
    expect(theirReport.summary).toMatchObject({ orders: 1, items: 3, grandTotalPaise: 299_700 });
  });

  it('pages the lines newest first in the page sizes offered', async () => {
    const tea = await manager.product(2_000, `Page Tea ${randomUUID().slice(0, 6)}`);
    const made = [];
    for (let n = 1; n <= 3; n++) {
      t.clock.advance(60_000);
      made.push(await manager.bill({ items: [[tea, n]], status: 'Settled', payments: settled }));
    }
    const name = made[0]!.lines[0]!.name;
    const day = { from: made[0]!.businessDate, to: made[0]!.businessDate, product: name };
    for (const pageSize of [25, 50, 100]) {
      const answer = await report(manager.call, { ...day, pageSize });
      expect(answer).toMatchObject({ page: 1, pageSize, totalRows: 3 });
      expect(answer.rows.map((row) => row.quantity)).toEqual([3, 2, 1]);
    }
    // Past the last page: no rows, the same totals.
    const beyond = await report(manager.call, { ...day, page: 2, pageSize: 25 });
    expect(beyond).toMatchObject({ rows: [], totalRows: 3, summary: { orders: 3, items: 6 } });
    // The row says what the spec's table shows.
    const [newest] = (await report(manager.call, day)).rows;
    expect(newest).toMatchObject({
      billId: made[2]!.id,
      tableLabel: made[2]!.tableLabel,
      businessDate: made[2]!.businessDate,
      createdAt: made[2]!.createdAt,
      quantity: 3,
      name,
      unitPricePaise: 2_000,
      lineTotalPaise: 6_000,
    });
  });
});

describe('the shares of an equal split', () => {
  it("lists each part's share as its invoice prints it, and counts them as lines", async () => {
    const branch = await createBranchFixture(t.database.db);
    const counter = billsAs(t.app, await loginAs(t.app, branch.manager.email));
    const naan = await counter.product(3_000, 'Split Naan');
    const tikka = await counter.product(19_000, 'Split Tikka');
    const parts = await counter.splitBill(
      [
        [naan, 2],
        [tikka, 1],
      ],
      3,
    );
    const day = { from: parts[0]!.businessDate, to: parts[0]!.businessDate };
    const { first, rows } = await allPages(counter.call, day);
    // 2 lines × 3 parts: 6 rows, and the count and the pager say 6.
    expect(rows).toHaveLength(6);
    expect(first.totalRows).toBe(6);
    expect(first.summary).toMatchObject({ orders: 3, items: 3, grandTotalPaise: 25_000 });
    const tikkas = rows.filter((row) => row.name === 'Split Tikka');
    expect(tikkas.map((row) => row.lineTotalPaise).sort()).toEqual([6333, 6333, 6334]);
    expect(tikkas.every((row) => row.shareOf === 3 && row.wholeQuantity === 1)).toBe(true);
    // The CSV: the items as a number, the share in the invoice's words.
    const records = await csv(counter.call, day);
    expect(records).toHaveLength(6);
    const items = records.map((record) => record[3]!).sort();
    expect(items).toContain('Split Tikka (1/3 share of 1 x 190.00 = 190.00)');
    expect(items).toContain('Split Tikka (1/3 share: the balance of 190.00 after 2 x 63.33)');
    expect(sum(records.map((record) => Number(record[2])))).toBe(3);
  });
});

describe('who may read it and what it refuses', () => {
  const urls = ['/api/reports/orders', '/api/reports/orders.csv', '/api/reports/charts'];

  it('refuses staff (403) on the report, its CSV and its charts', async () => {
    for (const url of urls) {
      const response = await staff('GET', url);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['from=22-11-2026', 'from'],
    ['to=yesterday', 'to'],
    ['from=2026-11-22&to=2026-11-21', 'to'],
    ['from=2025-01-01&to=2026-11-22', 'to'],
    ['product=%00tea', 'product'],
    [`product=${'x'.repeat(101)}`, 'product'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    for (const url of urls) {
      const response = await manager.call('GET', `${url}?${query}`);
      if (url.endsWith('charts') && field === 'product') continue;
      expect(response.statusCode, `${url}?${query}`).toBe(400);
      expect(Object.keys(response.json().error.fields), `${url}?${query}`).toEqual([field]);
    }
  });

  it.each([
    ['page=0', 'page'],
    ['page=100001', 'page'],
    ['page=1.5', 'page'],
    ['pageSize=7', 'pageSize'],
    ['pageSize=100000', 'pageSize'],
  ])('answers 400 naming the field for %s on the page', async (query, field) => {
    const response = await manager.call('GET', `/api/reports/orders?${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });
});

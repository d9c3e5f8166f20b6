import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { DuesReport } from '../../../shared/schemas/payments-report.schemas';
import { createTwoBranchApp } from '../../test/api-client';
import type { TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';

let t: TestApp;
let manager: ReturnType<typeof billsAs>;
let staff: ReturnType<typeof billsAs>;
let theirs: ReturnType<typeof billsAs>;
let thali: string;
let ravi1: Bill;
let ravi2: Bill;
let meena: Bill;
let raviLower: Bill;

async function dues(search = '', as = staff, page?: { page: number; pageSize: number }) {
  const params = new URLSearchParams({
    ...(search ? { search } : {}),
    ...(page ? { page: String(page.page), pageSize: String(page.pageSize) } : {}),
  });
  const response = await as.call('GET', `/api/reports/dues?${params}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DuesReport;
}

const ids = (report: DuesReport) => report.rows.map((row) => row.id);

beforeAll(async () => {
  ({ t, manager, staff, theirs } = await createTwoBranchApp(billsAs));
  thali = await manager.product(25_000, 'Thali');
  const due = (responsible: string, tableLabel: string, extra = {}) =>
    staff.bill({ items: [[thali, 2]], status: 'Due', responsible, tableLabel, ...extra });
  ravi1 = await due('Ravi', 'Garden 1');
  t.clock.advance(60_000);
  // ₹500 at 10 % off = ₹450, ₹100 paid at the table.
  meena = await due('Meena', 'Counter 2', {
    discountPercent: 10,
    payments: () => [{ method: 'UPI', amountPaise: 10_000 }],
  });
  t.clock.advance(60_000);
  ravi2 = await due('Ravi', 'Garden 3');
  t.clock.advance(60_000);
  raviLower = await due('ravi', 'Terrace 4');
  // A settled bill is no due.
  await staff.bill({
    items: [[thali, 1]],
    status: 'Settled',
    payments: (total) => [{ method: 'Cash', amountPaise: total }],
  });
  // Nor is another branch's.
  const theirThali = await theirs.product(10_000);
  await theirs.bill({ items: [[theirThali, 1]], status: 'Due', responsible: 'Ravi' });
});
afterAll(() => t?.close());

describe('GET /api/reports/dues', () => {
  it('lists only Due bills, newest first, with total, discounted total, what is owed and who owes', async () => {
    const report = await dues();
    expect(ids(report)).toEqual([raviLower.id, ravi2.id, meena.id, ravi1.id]);
    expect(report.rows[2]).toEqual({
      id: meena.id,
      number: meena.number,
      tableLabel: 'Counter 2',
      subtotalPaise: 50_000,
      totalPaise: 45_000,
      paidPaise: 10_000,
      outstandingPaise: 35_000,
      method: 'Due',
      status: 'Due',
      responsible: 'Meena',
      createdAt: meena.createdAt,
    });
    expect(report.totalOutstandingPaise).toBe(3 * 50_000 + 35_000);
  });

  it('groups the dues by responsible person whatever the case: how much, how many, since when', async () => {
    const { byResponsible } = await dues();
    expect(byResponsible).toEqual([
      { responsible: 'Ravi', billCount: 3, outstandingPaise: 150_000, since: ravi1.createdAt },
      { responsible: 'Meena', billCount: 1, outstandingPaise: 35_000, since: meena.createdAt },
    ]);
  });

  it('searches table number, method and responsible person in any case', async () => {
    expect(ids(await dues('garden'))).toEqual([ravi2.id, ravi1.id]);
    expect(ids(await dues('TERRACE 4'))).toEqual([raviLower.id]);
    expect(ids(await dues('mEEna'))).toEqual([meena.id]);
    expect((await dues('due')).rows).toHaveLength(4);
    const nobody = await dues('nobody');
    expect(nobody).toEqual({
      rows: [],
      page: 1,
      pageSize: 50,
      totalRows: 0,
      totalOutstandingPaise: 0,
      byResponsible: [],
    });
    const search = await dues('RAVI');
    expect(search.totalOutstandingPaise).toBe(150_000);
    expect(search.byResponsible).toHaveLength(1);
  });

  it('drops a bill once it is settled', async () => {
    expect((await staff.settle(ravi2.id, 'UPI')).statusCode).toBe(200);
    const report = await dues('', manager);
    expect(ids(report)).toEqual([raviLower.id, meena.id, ravi1.id]);
    expect(report.byResponsible[0]).toMatchObject({ billCount: 2, outstandingPaise: 100_000 });
  });

  it('shows each branch only its own dues, and refuses a search that is too long', async () => {
    const theirDues = await dues('', theirs);
    expect(theirDues.rows).toHaveLength(1);
    expect(theirDues.totalOutstandingPaise).toBe(10_000);
    const response = await staff.call('GET', `/api/reports/dues?search=${'x'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.search).toBe('Search must be at most 100 characters');
  });

  it('pages the bills while the count, the total outstanding and the groups cover them all', async () => {
    const before = await dues('', manager);
    for (let i = 0; i < 24; i += 1) {
      t.clock.advance(1_000);
      await staff.bill({ items: [[thali, 1]], status: 'Due', responsible: 'Kiran' });
    }
    const first = await dues('', manager, { page: 1, pageSize: 25 });
    const second = await dues('', manager, { page: 2, pageSize: 25 });
    expect([first.totalRows, second.totalRows]).toEqual([27, 27]);
    expect([first.rows.length, second.rows.length]).toEqual([25, 2]);
    // Newest first across the pages: the oldest dues come last, each bill on one page only.
    expect(ids(second)).toEqual(ids(before).slice(-2));
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(27);
    for (const page of [first, second]) {
      expect(page.totalOutstandingPaise).toBe(before.totalOutstandingPaise + 24 * 25_000);
      expect(page.byResponsible[0]).toMatchObject({ responsible: 'Kiran', billCount: 24 });
    }
    const beyond = await dues('', manager, { page: 3, pageSize: 25 });
    expect(beyond).toMatchObject({ rows: [], totalRows: 27 });
    expect((await dues('kiran', manager, { page: 1, pageSize: 25 })).totalRows).toBe(24);
  });

  it('refuses a page or a page size it does not offer, naming the field', async () => {
    for (const [query, field, message] of [
      ['page=0', 'page', 'Page must be at least 1'],
      ['page=abc', 'page', 'Page must be a number'],
      ['pageSize=10', 'pageSize', 'Page size must be one of 25, 50, 100'],
    ] as const) {
      const response = await staff.call('GET', `/api/reports/dues?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fields[field], query).toBe(message);
    }
  });
});

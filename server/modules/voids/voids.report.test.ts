import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoidsReport } from '../../../shared/schemas/voids.schemas';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app';
import { addProduct } from '../tables/tables.test-support';
import { markAllSent, voidsAs } from './voids.test-support';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof voidsAs>;
let staff: ReturnType<typeof voidsAs>;
let theirs: ReturnType<typeof voidsAs>;
const PIN = '2468';

/** A table with `quantity` of a product sent, then `voided` of them voided by `as`. */
async function voided(
  as: ReturnType<typeof voidsAs>,
  label: string,
  productId: string,
  quantity: number,
  voidedQuantity: number,
  reason: string,
) {
  const tableId = await as.addTable(label);
  for (let i = 0; i < quantity; i++)
    expect((await as.tap(tableId, productId, 1)).statusCode).toBe(200);
  await markAllSent(t.database.db, mine.branchId, tableId);
  const key = (await as.order(tableId)).lines[0]!.key;
  const response = await as.void(tableId, {
    lineKey: key,
    quantity: voidedQuantity,
    reason,
    managerId: mine.manager.id,
    pin: PIN,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  // 2026-11-21 (IST): two voids; 2026-11-22: one (signed in again: sessions end when idle).
  t = await createTestApp({ clock: createTestClock('2026-11-21T08:00:00Z') });
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  const signIn = async () => {
    manager = voidsAs(t.app, await loginAs(t.app, mine.manager.email));
    staff = voidsAs(t.app, await loginAs(t.app, mine.staff.email));
    theirs = voidsAs(t.app, await loginAs(t.app, other.manager.email));
  };
  await signIn();
  expect((await manager.setPin(PIN)).statusCode).toBe(200);
  const dosa = await addProduct(t.database.db, mine.branchId, 'Masala Dosa', 12000);
  const coffee = await addProduct(t.database.db, mine.branchId, 'Filter Coffee', 4050);
  await voided(staff, 'R1', dosa, 3, 2, 'Guest changed mind');
  await voided(manager, 'R2', coffee, 1, 1, 'Long wait');
  t.clock.set('2026-11-22T08:00:00Z');
  await signIn();
  await voided(staff, 'R3', coffee, 4, 3, 'Guest changed mind');
});
afterAll(() => t.close());

describe('the void report', () => {
  it('adds up the range by day, by who asked, by who approved and by reason, with the list newest first', async () => {
    const response = await manager.report('from=2026-11-21&to=2026-11-22');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as VoidsReport;
    expect(report.totals).toEqual({ voids: 3, quantity: 6, valuePaise: 24000 + 4050 + 12150 });
    expect(report.byDay).toEqual([
      { date: '2026-11-21', voids: 2, quantity: 3, valuePaise: 28050 },
      { date: '2026-11-22', voids: 1, quantity: 3, valuePaise: 12150 },
    ]);
    expect(report.byReason).toEqual([
      { reason: 'Guest changed mind', voids: 2, quantity: 5, valuePaise: 36150 },
      { reason: 'Long wait', voids: 1, quantity: 1, valuePaise: 4050 },
    ]);
    const names = await Promise.all(
      [staff, manager].map(
        async (as) =>
          (
            (await as.call('GET', '/api/auth/session')).json() as {
              user: { name: string };
            }
          ).user.name,
      ),
    );
    expect(report.byRequester).toEqual([
      { name: names[0], voids: 2, quantity: 5, valuePaise: 36150 },
      { name: names[1], voids: 1, quantity: 1, valuePaise: 4050 },
    ]);
    expect(report.byApprover).toEqual([
      { name: names[1], voids: 3, quantity: 6, valuePaise: 40200 },
    ]);
    expect(report.rows.map((row) => row.tableLabel)).toEqual(['R3', 'R2', 'R1']);
    expect(report.rows[0]).toMatchObject({
      name: 'Filter Coffee',
      quantity: 3,
      unitPricePaise: 4050,
      valuePaise: 12150,
      businessDate: '2026-11-22',
    });
    expect(report.totalRows).toBe(3);
  });

  it('pages the list and keeps the totals of the whole range', async () => {
    const report = (
      await manager.report('from=2026-11-21&to=2026-11-22&page=2&pageSize=25')
    ).json() as VoidsReport;
    expect(report.rows).toEqual([]);
    expect(report.totals.voids).toBe(3);
  });

  it("covers the branch's today without dates, and one day with one date", async () => {
    const today = (await manager.report('')).json() as VoidsReport;
    expect(today).toMatchObject({ from: '2026-11-22', to: '2026-11-22' });
    expect(today.totals.voids).toBe(1);
    const day = (await manager.report('from=2026-11-21')).json() as VoidsReport;
    expect(day).toMatchObject({ from: '2026-11-21', to: '2026-11-21' });
    expect(day.totals.voids).toBe(2);
  });

  it("shows another branch nothing of this branch's voids", async () => {
    const report = (await theirs.report('from=2026-11-01&to=2026-11-30')).json() as VoidsReport;
    expect(report.totals).toEqual({ voids: 0, quantity: 0, valuePaise: 0 });
    expect(report.rows).toEqual([]);
  });

  it('refuses staff and bad dates naming the field', async () => {
    expect((await staff.report('')).statusCode).toBe(403);
    expect((await staff.csv('')).statusCode).toBe(403);
    const bad = await manager.report('from=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { error: { fields: object } }).error.fields)).toEqual([
      'from',
    ]);
    const reversed = await manager.report('from=2026-11-22&to=2026-11-21');
    expect(reversed.statusCode).toBe(400);
  });

  it('exports every void of the range as CSV, newest first, amounts in rupees, the time on the branch clock', async () => {
    const response = await manager.csv('from=2026-11-21&to=2026-11-22');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="voids_2026-11-21_2026-11-22.csv"',
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date,Time,Table Number,Item Name,Quantity,Price,Value,Reason,Asked By,Approved By',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^2026-11-22,13:30,R3,Filter Coffee,3,40\.50,121\.50,Guest changed mind,/,
    );
    expect(lines[3]).toMatch(
      /^2026-11-21,13:30,R1,Masala Dosa,2,120\.00,240\.00,Guest changed mind,/,
    );
  });

  it('exports the header alone when the range has no voids', async () => {
    const response = await manager.csv('from=2026-10-01&to=2026-10-02');
    expect(response.statusCode).toBe(200);
    expect(
      response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

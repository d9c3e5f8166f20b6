import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableList, TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { auditLog } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addProduct, tablesAs } from './tables.test-support';

let t: TestApp;
let mine: BranchFixture;
let staff: ReturnType<typeof tablesAs>;
let theirs: ReturnType<typeof tablesAs>;
let dosa: string;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  const other = await createBranchFixture(t.database.db);
  staff = tablesAs(t.app, await loginAs(t.app, mine.staff.email));
  theirs = tablesAs(t.app, await loginAs(t.app, other.manager.email));
  dosa = await addProduct(t.database.db, mine.branchId, 'Masala Dosa', 12000);
});
afterAll(() => t.close());

async function newTable(as = staff): Promise<TableSummary> {
  const response = await as.addTable(`G-${randomUUID().slice(0, 8)}`);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TableSummary;
}

const guests = (as: typeof staff, tableId: string, payload: unknown) =>
  as.call('PUT', `/api/tables/${tableId}/guests`, payload as object);

describe('guests at a table (covers)', () => {
  it('staff set the guests; the order, the list and every tap answer carry them, audited, the version unchanged', async () => {
    const table = await newTable();
    expect(table.guests).toBeNull();
    const tapped = (await staff.line(table.id, dosa, 1)).json() as TableOrder;
    const set = await guests(staff, table.id, { guests: 4 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ guests: 4, version: tapped.version });
    expect(((await staff.order(table.id)).json() as TableOrder).guests).toBe(4);
    const listed = ((await staff.list()).json() as TableList).items.find((i) => i.id === table.id);
    expect(listed?.guests).toBe(4);
    expect(((await staff.line(table.id, dosa, 1)).json() as TableOrder).guests).toBe(4);
    const audit = await t.database.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, table.id), eq(auditLog.action, 'table.guests')));
    expect(audit.map((row) => row.data)).toEqual([{ from: null, to: 4 }]);
    expect((await guests(staff, table.id, { guests: null })).json()).toMatchObject({
      guests: null,
    });
  });

  it('refuses 0, 100, a fraction, text and a missing value with 400 naming guests', async () => {
    const table = await newTable();
    for (const payload of [{ guests: 0 }, { guests: 100 }, { guests: 2.5 }, { guests: '4' }, {}]) {
      const response = await guests(staff, table.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['guests']);
    }
    expect(((await staff.order(table.id)).json() as TableOrder).guests).toBeNull();
  });

  it("answers 404 for another branch's table and leaves it alone", async () => {
    const their = await newTable(theirs);
    expect((await guests(staff, their.id, { guests: 2 })).statusCode).toBe(404);
    expect(((await theirs.order(their.id)).json() as TableOrder).guests).toBeNull();
  });

  it('the payment clears the guests with the order', async () => {
    const table = await newTable();
    const order = (await staff.line(table.id, dosa, 2)).json() as TableOrder;
    await guests(staff, table.id, { guests: 3 });
    const paid = await staff.call('POST', `/api/tables/${table.id}/payments`, {
      idempotencyKey: randomUUID(),
      expectedVersion: order.version,
      discountPercent: 0,
      status: 'Settled',
      payments: [{ method: 'Cash', amountPaise: order.totalPaise }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(((await staff.order(table.id)).json() as TableOrder).guests).toBeNull();
  });
});

import { and, count, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEST_PRINTS_PER_HOUR } from '../../../shared/constants';
import { MAX_BRANCH_ADDON_GROUPS, MAX_ORDER_LINES } from '../../../shared/menu';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { addonGroups, orderLines, orderOps, printJobs, products } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import * as repo from './tables.repository';
import { tablesAs } from './tables.test-support';

// Limits no real restaurant reaches (issue 30): lines on one order, add-on groups of a branch,
// test pages of a printer in an hour. Each is answered with a clear refusal naming what, and
// nothing of the refused request is written. Run on PostgreSQL too (DATABASE_URL).
let t: TestApp;
let branch: BranchFixture;
let manager: ReturnType<typeof tablesAs>;
let staff: ReturnType<typeof tablesAs>;
let chai: string;

beforeAll(async () => {
  t = await createTestApp();
  branch = await createBranchFixture(t.database.db);
  manager = tablesAs(t.app, await loginAs(t.app, branch.manager.email));
  staff = tablesAs(t.app, await loginAs(t.app, branch.staff.email));
  const [row] = await t.database.db
    .insert(products)
    .values({
      branchId: branch.branchId,
      name: 'Masala Chai',
      pricePaise: 3000,
      subcategory: 'Hot',
    })
    .returning({ id: products.id });
  chai = row!.id;
});
afterAll(() => t.close());

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;

let tableCount = 0;
/** A table whose order has `lines` lines of Masala Chai, each with its own note. */
async function tableWithLines(lines: number): Promise<string> {
  tableCount += 1;
  const added = await staff.addTable(`L${tableCount}`);
  expect(added.statusCode, added.body).toBe(201);
  const tableId = (added.json() as TableSummary).id;
  const taps = Array.from({ length: lines }, (_, n) => ({
    opId: uuidv7(),
    productId: chai,
    delta: 1,
    note: `note ${n}`,
  }));
  const result = await repo.changeLines(t.database.db, {
    branchId: branch.branchId,
    tableId,
    taps,
    at: t.clock(),
  });
  expect(result.statuses.every((status) => status === 'applied')).toBe(true);
  return tableId;
}

const tapNote = (tableId: string, note: string, opId = uuidv7()) =>
  staff.call('POST', `/api/tables/${tableId}/lines`, { opId, productId: chai, delta: 1, note });

async function orderOf(tableId: string) {
  const response = await staff.order(tableId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TableOrder;
}

async function opRecorded(opId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(orderOps)
    .where(and(eq(orderOps.branchId, branch.branchId), eq(orderOps.opId, opId)));
  return row!.n > 0;
}

describe('lines on one order', () => {
  it(`a new line past ${MAX_ORDER_LINES} is a 400 naming the product; nothing is written; the op id stays unused`, async () => {
    const tableId = await tableWithLines(MAX_ORDER_LINES);
    const before = await orderOf(tableId);
    const opId = uuidv7();
    const refused = await tapNote(tableId, 'one more', opId);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'tables.too_many_lines',
      fields: { productId: expect.stringContaining(`${MAX_ORDER_LINES}`) },
    });
    const after = await orderOf(tableId);
    expect(after.version).toBe(before.version);
    expect(after.lines).toHaveLength(MAX_ORDER_LINES);
    expect(await opRecorded(opId)).toBe(false);

    // More of a line already there is fine; with one line fewer the refused tap goes through.
    expect((await tapNote(tableId, 'note 0')).statusCode).toBe(200);
    expect((await tapNote(tableId, 'note 1', uuidv7())).statusCode).toBe(200);
    const [line] = (await orderOf(tableId)).lines.filter((one) => one.note === 'note 2');
    const removed = await staff.call('POST', `/api/tables/${tableId}/lines`, {
      opId: uuidv7(),
      productId: chai,
      delta: -1,
      note: line!.note,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const retried = await tapNote(tableId, 'one more', opId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((retried.json() as TableOrder).lines).toHaveLength(MAX_ORDER_LINES);
  });

  it('in one call of several taps, each new line past the limit is refused and the rest applied', async () => {
    const tableId = await tableWithLines(MAX_ORDER_LINES - 1);
    const result = await repo.changeLines(t.database.db, {
      branchId: branch.branchId,
      tableId,
      taps: ['a', 'b', 'note 3'].map((note) => ({
        opId: uuidv7(),
        productId: chai,
        delta: 1,
        note,
      })),
      at: t.clock(),
    });
    expect(result.statuses).toEqual(['applied', 'too_many_lines', 'applied']);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(orderLines)
      .where(and(eq(orderLines.branchId, branch.branchId), eq(orderLines.tableId, tableId)));
    expect(row!.n).toBe(MAX_ORDER_LINES);
  });

  it('two devices adding the last free line at once: one is applied, the other refused', async () => {
    const tableId = await tableWithLines(MAX_ORDER_LINES - 1);
    const answers = await Promise.all([tapNote(tableId, 'left'), tapNote(tableId, 'right')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect((await orderOf(tableId)).lines).toHaveLength(MAX_ORDER_LINES);
  });
});

describe('add-on groups of a branch', () => {
  const groupBody = (name: string) => ({
    name,
    minChoices: 0,
    maxChoices: 1,
    options: [{ name: 'Cheese', pricePaise: 3000 }],
  });
  const liveGroups = async (branchId: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(addonGroups)
      .where(and(eq(addonGroups.branchId, branchId), isNull(addonGroups.archivedAt)));
    return row!.n;
  };

  it(`one group more than ${MAX_BRANCH_ADDON_GROUPS} is a 400 naming the name field, also when two arrive at once`, async () => {
    const own = await createBranchFixture(t.database.db);
    const as = tablesAs(t.app, await loginAs(t.app, own.manager.email));
    await t.database.db.insert(addonGroups).values(
      Array.from({ length: MAX_BRANCH_ADDON_GROUPS - 1 }, (_, n) => ({
        branchId: own.branchId,
        name: `Group ${n}`,
      })),
    );
    const answers = await Promise.all([
      as.call('POST', '/api/addon-groups', groupBody('Left')),
      as.call('POST', '/api/addon-groups', groupBody('Right')),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(errorOf(refused)).toMatchObject({
      code: 'products.too_many_addon_groups',
      fields: { name: expect.stringContaining(`${MAX_BRANCH_ADDON_GROUPS}`) },
    });
    expect(await liveGroups(own.branchId)).toBe(MAX_BRANCH_ADDON_GROUPS);
  });
});

describe('test pages of a printer', () => {
  it(`more than ${MAX_TEST_PRINTS_PER_HOUR} in an hour is a 429 and queues nothing; an hour later it prints again`, async () => {
    const added = await manager.call('POST', '/api/printers', {
      name: 'Front counter',
      paperWidth: 80,
      connection: 'network',
      host: '192.168.1.50',
      printsBills: true,
      printsKots: false,
    });
    expect(added.statusCode, added.body).toBe(201);
    const printerId = (added.json() as { id: string }).id;
    const tests = await Promise.all(
      Array.from({ length: MAX_TEST_PRINTS_PER_HOUR + 2 }, () =>
        manager.call('POST', `/api/printers/${printerId}/test`),
      ),
    );
    expect(tests.filter((answer) => answer.statusCode === 201)).toHaveLength(
      MAX_TEST_PRINTS_PER_HOUR,
    );
    const refused = tests.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.statusCode)).toEqual([429, 429]);
    expect(errorOf(refused[0]!).code).toBe('printing.too_many_test_pages');
    const [row] = await t.database.db
      .select({ n: count() })
      .from(printJobs)
      .where(and(eq(printJobs.branchId, branch.branchId), eq(printJobs.printerId, printerId)));
    expect(row!.n).toBe(MAX_TEST_PRINTS_PER_HOUR);
    t.clock.advance(61 * 60_000);
    manager = tablesAs(t.app, await loginAs(t.app, branch.manager.email));
    const later = await manager.call('POST', `/api/printers/${printerId}/test`);
    expect(later.statusCode, later.body).toBe(201);
  });
});

describe('names', () => {
  it('a product name with a right-to-left override or a line separator is a 400 naming the field', async () => {
    for (const name of ['Chai\u202eXL', 'Chai\u2028XL', '\u2066Chai\u2069']) {
      const response = await manager.call('POST', '/api/products', {
        name,
        subcategory: 'Hot',
        pricePaise: 3000,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.name).toBe(
        'Product name must not contain control characters',
      );
    }
  });
});

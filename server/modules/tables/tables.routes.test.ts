import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ORDER_TOTAL_PAISE } from '../../../shared/money';
import { MAX_PRICE_PAISE } from '../../../shared/schemas/products.schemas';
import type { TableList, TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { auditLog, orderOps, products } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import * as repo from './tables.repository';
import { addProduct, tablesAs } from './tables.test-support';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof tablesAs>;
let staff: ReturnType<typeof tablesAs>;
let theirs: ReturnType<typeof tablesAs>;
let dosa: string;
let coffee: string;
let theirTea: string;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  manager = tablesAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = tablesAs(t.app, await loginAs(t.app, mine.staff.email));
  theirs = tablesAs(t.app, await loginAs(t.app, other.manager.email));
  dosa = await addProduct(t.database.db, mine.branchId, 'Masala Dosa', 12000);
  coffee = await addProduct(t.database.db, mine.branchId, 'Filter Coffee', 4000);
  theirTea = await addProduct(t.database.db, other.branchId, 'Their Tea', 3000);
});
afterAll(() => t.close());

async function newTable(label: string, as = staff): Promise<TableSummary> {
  const response = await as.addTable(label);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TableSummary;
}

async function orderOf(tableId: string): Promise<TableOrder> {
  const response = await staff.order(tableId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TableOrder;
}

const fieldsOf = (response: { json(): unknown }) =>
  (response.json() as { error: { fields?: Record<string, string> } }).error.fields ?? {};

describe('tables', () => {
  it('staff add a table that is listed empty, and the addition is audited', async () => {
    const table = await newTable('  T1 ');
    expect(table).toMatchObject({ label: 'T1', totalPaise: 0, itemCount: 0, openedAt: null });
    const list = (await staff.list()).json() as TableList;
    expect(list.items.map((item) => item.label)).toContain('T1');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, table.id), eq(auditLog.action, 'table.create')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a missing, blank or too long label naming the field', async () => {
    for (const payload of [{}, { label: '   ' }, { label: 'x'.repeat(41) }, { label: 5 }]) {
      const response = await staff.call('POST', '/api/tables', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(fieldsOf(response))).toEqual(['label']);
    }
  });

  it('refuses a label taken by a live table of the branch with 409 naming label, not one of another branch', async () => {
    await newTable('Counter 1');
    const taken = await staff.addTable('Counter 1');
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(fieldsOf(taken))).toEqual(['label']);
    expect((await theirs.addTable('Counter 1')).statusCode).toBe(201);
  });

  it('lists tables in natural order (T2 before T10)', async () => {
    await newTable('T10');
    await newTable('T2');
    const labels = ((await staff.list()).json() as TableList).items.map((item) => item.label);
    expect(labels.indexOf('T2')).toBeLessThan(labels.indexOf('T10'));
    expect(labels.indexOf('T1')).toBeLessThan(labels.indexOf('T2'));
  });

  it('lets the manager rename a table, refuses a taken label, and refuses staff', async () => {
    const table = await newTable('Patio');
    expect(
      (await staff.call('PATCH', `/api/tables/${table.id}`, { label: 'Garden' })).statusCode,
    ).toBe(403);
    const renamed = await manager.call('PATCH', `/api/tables/${table.id}`, { label: 'Garden' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: table.id, label: 'Garden' });
    const taken = await manager.call('PATCH', `/api/tables/${table.id}`, { label: 'T1' });
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(fieldsOf(taken))).toEqual(['label']);
  });

  it('removes only an empty table; its label can then be used again', async () => {
    const table = await newTable('Bar 1');
    await staff.line(table.id, dosa, 1);
    expect((await staff.call('DELETE', `/api/tables/${table.id}`)).statusCode).toBe(403);
    const busy = await manager.call('DELETE', `/api/tables/${table.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: { code: 'tables.not_empty' } });
    await staff.line(table.id, dosa, -1);
    expect((await manager.call('DELETE', `/api/tables/${table.id}`)).statusCode).toBe(200);
    expect((await staff.order(table.id)).statusCode).toBe(404);
    expect((await staff.line(table.id, dosa, 1)).statusCode).toBe(404);
    const labels = ((await staff.list()).json() as TableList).items.map((item) => item.label);
    expect(labels).not.toContain('Bar 1');
    await newTable('Bar 1');
  });

  it("answers 404 for another branch's table on every route", async () => {
    const their = (await theirs.addTable('Theirs')).json() as TableSummary;
    expect((await staff.order(their.id)).statusCode).toBe(404);
    expect((await staff.line(their.id, dosa, 1)).statusCode).toBe(404);
    expect(
      (await manager.call('PATCH', `/api/tables/${their.id}`, { label: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await manager.call('DELETE', `/api/tables/${their.id}`)).statusCode).toBe(404);
    expect(((await theirs.order(their.id)).json() as TableOrder).lines).toEqual([]);
  });
});

describe('order lines', () => {
  it('adds, increments, decrements and removes a line, with totals, item count, opening time and version', async () => {
    const table = await newTable('O1');
    const first = (await staff.line(table.id, dosa, 1)).json() as TableOrder;
    expect(first.lines).toEqual([
      {
        key: `${dosa}|||`,
        productId: dosa,
        name: 'Masala Dosa',
        variantId: null,
        variantName: null,
        addons: [],
        note: '',
        subcategory: 'Mains',
        // The product's GST now, which the payment bills at: the defaults of a new product.
        gstRateBps: 500,
        hsn: '996331',
        outsideGst: false,
        unitPricePaise: 12000,
        quantity: 1,
        // Not sent to the kitchen yet.
        sentQuantity: 0,
        // Nothing complimentary.
        complimentary: null,
        lineTotalPaise: 12000,
      },
    ]);
    expect(first.openedAt).toBe(t.clock().toISOString());
    await staff.line(table.id, coffee, 3);
    await staff.line(table.id, dosa, 1);
    const after = (await staff.line(table.id, coffee, -1)).json() as TableOrder;
    expect(after.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Masala Dosa', 2],
      ['Filter Coffee', 2],
    ]);
    expect(after.totalPaise).toBe(2 * 12000 + 2 * 4000);
    expect(after.version).toBe(first.version + 3);
    const card = ((await staff.list()).json() as TableList).items.find((i) => i.id === table.id);
    expect(card).toMatchObject({ totalPaise: 32000, itemCount: 4, version: after.version });
    expect(card!.openedAt).toBe(first.openedAt);

    // Taking off more than the line holds removes it; the table is empty again.
    await staff.line(table.id, coffee, -5);
    const emptied = (await staff.line(table.id, dosa, -2)).json() as TableOrder;
    expect(emptied).toMatchObject({ lines: [], totalPaise: 0, openedAt: null });
  });

  it('keeps the price a line was first added at when the product price changes', async () => {
    const table = await newTable('O2');
    const idli = await addProduct(t.database.db, mine.branchId, 'Idli', 5000);
    await staff.line(table.id, idli, 1);
    await t.database.db.update(products).set({ pricePaise: 9000 }).where(eq(products.id, idli));
    const order = (await staff.line(table.id, idli, 1)).json() as TableOrder;
    expect(order.lines[0]).toMatchObject({
      unitPricePaise: 5000,
      quantity: 2,
      lineTotalPaise: 10000,
    });
  });

  it('refuses every invalid field with 400 naming it, and writes nothing', async () => {
    const table = await newTable('O3');
    const valid = { opId: uuidv7(), productId: dosa, delta: 1 };
    const cases: [object, string][] = [
      [{ ...valid, opId: undefined }, 'opId'],
      [{ ...valid, opId: 'abc' }, 'opId'],
      [{ ...valid, productId: undefined }, 'productId'],
      [{ ...valid, productId: 'dosa' }, 'productId'],
      [{ ...valid, delta: undefined }, 'delta'],
      [{ ...valid, delta: 0 }, 'delta'],
      [{ ...valid, delta: 1.5 }, 'delta'],
      [{ ...valid, delta: 51 }, 'delta'],
      [{ ...valid, delta: -51 }, 'delta'],
      [{ ...valid, delta: '1' }, 'delta'],
    ];
    for (const [payload, field] of cases) {
      const response = await staff.call('POST', `/api/tables/${table.id}/lines`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(fieldsOf(response)), JSON.stringify(payload)).toEqual([field]);
    }
    expect((await staff.call('POST', `/api/tables/not-a-uuid/lines`, valid)).statusCode).toBe(400);
    expect((await orderOf(table.id)).version).toBe(table.version);
  });

  it("refuses another branch's product and an archived one with 404 naming productId, recording no op", async () => {
    const table = await newTable('O4');
    const gone = await addProduct(t.database.db, mine.branchId, 'Old Special', 7000);
    await staff.line(table.id, gone, 2);
    await t.database.db
      .update(products)
      .set({ archivedAt: t.clock() })
      .where(eq(products.id, gone));
    const opId = uuidv7();
    for (const productId of [theirTea, gone, uuidv7()]) {
      const response = await staff.line(table.id, productId, 1, opId);
      expect(response.statusCode).toBe(404);
      expect(Object.keys(fieldsOf(response))).toEqual(['productId']);
    }
    const ops = await t.database.db.select().from(orderOps).where(eq(orderOps.opId, opId));
    expect(ops).toEqual([]);
    // A line of a product archived since it was ordered can still be taken off.
    const order = (await staff.line(table.id, gone, -1)).json() as TableOrder;
    expect(order.lines).toMatchObject([{ name: 'Old Special', quantity: 1 }]);
  });

  it('applies a retried op id once and answers the current order', async () => {
    const table = await newTable('O5');
    const opId = uuidv7();
    const first = (await staff.line(table.id, dosa, 2, opId)).json() as TableOrder;
    await staff.line(table.id, coffee, 1);
    const retry = await staff.line(table.id, dosa, 2, opId);
    expect(retry.statusCode).toBe(200);
    const order = retry.json() as TableOrder;
    expect(order.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Masala Dosa', 2],
      ['Filter Coffee', 1],
    ]);
    expect(order.version).toBe(first.version + 1);
  });

  it('applies ten parallel sends of one op id once', async () => {
    const table = await newTable('O6');
    const opId = uuidv7();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => staff.line(table.id, dosa, 1, opId)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const order = await orderOf(table.id);
    expect(order.lines).toMatchObject([{ quantity: 1 }]);
    // The version moved once: a send that met the first one's op id took its bump back.
    expect(order.version).toBe(table.version + 1);
    for (const answer of answers) expect((answer.json() as TableOrder).version).toBe(order.version);
  });

  it.runIf(onPostgres)(
    'a send of an op id still being applied waits for it, then changes nothing',
    async () => {
      const table = await newTable('O9');
      const tap = { branchId: mine.branchId, tableId: table.id };
      const one = { productId: dosa, delta: 1 };
      const opId = uuidv7();
      let second: ReturnType<typeof repo.changeLines> | undefined;
      const first = await t.database.db.transaction(async (tx) => {
        const applied = await repo.changeLines(tx, {
          ...tap,
          taps: [{ ...one, opId }],
          at: t.clock(),
        });
        // The same op on another connection: it passes the op id check (not committed yet),
        // then waits for the table's row, bumps it and meets the op id.
        second = repo.changeLines(t.database.db, {
          ...tap,
          taps: [{ ...one, opId }],
          at: t.clock(),
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        return applied;
      });
      expect(first).toMatchObject({ statuses: ['applied'], version: table.version + 1 });
      // Its bump taken back: the order at the version the first one left.
      expect(await second).toMatchObject({ statuses: ['replayed'], version: table.version + 1 });
      const order = await orderOf(table.id);
      expect(order.version).toBe(table.version + 1);
      expect(order.lines).toMatchObject([{ quantity: 1 }]);
    },
  );

  it('applies several taps of one call in order: statuses, op ids once, the version by the taps applied', async () => {
    const table = await newTable('O10');
    const gone = await addProduct(t.database.db, mine.branchId, 'Gone Special', 5000);
    await t.database.db
      .update(products)
      .set({ archivedAt: t.clock() })
      .where(eq(products.id, gone));
    const [a, b, c, d] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const call = (taps: repo.Tap[]) =>
      repo.changeLines(t.database.db, {
        branchId: mine.branchId,
        tableId: table.id,
        taps,
        at: t.clock(),
      });
    const result = await call([
      { opId: a, productId: dosa, delta: 2 },
      { opId: b, productId: gone, delta: 1 },
      { opId: a, productId: dosa, delta: 2 },
      { opId: c, productId: coffee, delta: 1 },
      { opId: uuidv7(), productId: theirTea, delta: 1 },
      { opId: d, productId: dosa, delta: -3 },
    ]);
    expect(result.statuses).toEqual([
      'applied',
      'product_not_found',
      'replayed',
      'applied',
      'product_not_found',
      'applied',
    ]);
    // Dosa +2 then −3 is gone; the answer is the order after every tap of the call.
    expect(result.lines!.map((line) => [line.name, line.quantity])).toEqual([['Filter Coffee', 1]]);
    expect(result.version).toBe(table.version + 3);
    const order = await orderOf(table.id);
    expect(order.version).toBe(table.version + 3);
    expect(order.lines).toMatchObject([{ name: 'Filter Coffee', quantity: 1 }]);
    const ops = await t.database.db.select().from(orderOps).where(eq(orderOps.opId, b));
    expect(ops).toEqual([]);

    // Sent again: nothing changes, and a call that reached no table row answers no order.
    const again = await call([
      { opId: a, productId: dosa, delta: 2 },
      { opId: c, productId: coffee, delta: 1 },
    ]);
    expect(again).toMatchObject({ statuses: ['replayed', 'replayed'], version: null, lines: null });
    expect((await orderOf(table.id)).version).toBe(table.version + 3);
  });

  it('a tap that breaks its call fails alone: the others of the call are applied one by one', async () => {
    const table = await newTable('O11');
    const poison = await addProduct(t.database.db, mine.branchId, 'Poison Pill', 100);
    const db = t.database.db;
    await db.execute(sql`create function tf_fail_line() returns trigger language plpgsql as
      $$ begin raise exception 'forced failure'; end $$`);
    await db.execute(
      sql.raw(`create trigger tf_fail_line before insert on order_lines
      for each row when (new.product_id = '${poison}') execute function tf_fail_line()`),
    );
    let answers: Awaited<ReturnType<typeof staff.line>>[];
    try {
      answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          staff.line(table.id, i % 4 === 2 ? poison : coffee, 1),
        ),
      );
    } finally {
      await db.execute(sql`drop trigger tf_fail_line on order_lines`);
      await db.execute(sql`drop function tf_fail_line`);
    }
    expect(answers.map((a) => a.statusCode)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i % 4 === 2 ? 500 : 200)),
    );
    const order = await orderOf(table.id);
    expect(order.lines).toMatchObject([{ name: 'Filter Coffee', quantity: 9 }]);
    expect(order.version).toBe(table.version + 9);
  });

  it("two writers on one table never lose each other's lines", async () => {
    const table = await newTable('O7');
    await Promise.all([
      ...Array.from({ length: 15 }, () => staff.line(table.id, dosa, 1)),
      ...Array.from({ length: 15 }, () => manager.line(table.id, coffee, 2)),
      ...Array.from({ length: 5 }, () => manager.line(table.id, dosa, 1)),
    ]);
    const order = await orderOf(table.id);
    expect(order.lines.map((line) => [line.name, line.quantity]).sort()).toEqual([
      ['Filter Coffee', 30],
      ['Masala Dosa', 20],
    ]);
    expect(order.version).toBe(table.version + 35);
  });

  it('parallel + and − on one line lose nothing, and every answer is the order at its version', async () => {
    const table = await newTable('O8');
    await staff.line(table.id, dosa, 40);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 3 === 0 ? manager : staff).line(table.id, dosa, i % 3 === 0 ? 1 : -1),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(200));
    const order = await orderOf(table.id);
    expect(order.lines).toMatchObject([{ name: 'Masala Dosa', quantity: 20 }]);
    expect(order.version).toBe(table.version + 61);
    // One quantity per version, and one tap (±1) between consecutive versions.
    const byVersion = new Map<number, number>();
    for (const answer of answers.map((a) => a.json() as TableOrder)) {
      const quantity = answer.lines[0]?.quantity ?? 0;
      expect(byVersion.get(answer.version) ?? quantity).toBe(quantity);
      byVersion.set(answer.version, quantity);
    }
    for (const [version, quantity] of byVersion) {
      const next = byVersion.get(version + 1);
      if (next !== undefined) expect(Math.abs(next - quantity)).toBe(1);
    }
  });

  it('refuses a tap that would take the order above ₹1,00,00,000, and the table can still be listed and paid', async () => {
    const table = await newTable('Big');
    const gold = await addProduct(t.database.db, mine.branchId, 'Gold Platter', MAX_PRICE_PAISE);
    const full = await staff.line(table.id, gold, MAX_ORDER_TOTAL_PAISE / MAX_PRICE_PAISE);
    expect(full.statusCode, full.body).toBe(200);
    const opId = uuidv7();
    for (const productId of [gold, coffee]) {
      const over = await staff.line(table.id, productId, 1, opId);
      expect(over.statusCode).toBe(409);
      expect(over.json().error).toEqual({
        code: 'tables.order_too_large',
        message:
          'This would take the order above ₹1,00,00,000.00. Check the price, or bill the table first.',
        fields: {
          delta:
            'This would take the order above ₹1,00,00,000.00. Check the price, or bill the table first.',
        },
      });
    }
    expect(await t.database.db.select().from(orderOps).where(eq(orderOps.opId, opId))).toEqual([]);
    // Taking off is always allowed, and makes room again.
    expect((await staff.line(table.id, gold, -1)).statusCode).toBe(200);
    expect((await staff.line(table.id, coffee, 2)).statusCode).toBe(200);
    const order = await orderOf(table.id);
    expect(order.totalPaise).toBe(MAX_ORDER_TOTAL_PAISE - MAX_PRICE_PAISE + 2 * 4000);
    expect(order.version).toBe(table.version + 3);
    const listed = (await staff.list()).json() as TableList;
    expect(listed.items.find((item) => item.id === table.id)?.totalPaise).toBe(order.totalPaise);
    const paid = await staff.call('POST', `/api/tables/${table.id}/payments`, {
      idempotencyKey: uuidv7(),
      expectedVersion: order.version,
      status: 'Settled',
      payments: [{ method: 'Card', amountPaise: order.totalPaise }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it("a branch call applies each table's taps as their own call would, and answers busy for a table gone or not the branch's", async () => {
    const [first, second, gone] = [
      await newTable('B1'),
      await newTable('B2'),
      await newTable('B3'),
    ];
    expect((await manager.call('DELETE', `/api/tables/${gone.id}`)).statusCode).toBe(200);
    const foreign = (await theirs.addTable('B4')).json() as TableSummary;
    const op = uuidv7();
    const rows = await repo.changeBranchLines(t.database.db, {
      branchId: mine.branchId,
      calls: [
        {
          tableId: second.id,
          taps: [
            { opId: op, productId: dosa, delta: 2 },
            { opId: op, productId: dosa, delta: 2 },
            { opId: uuidv7(), productId: theirTea, delta: 1 },
          ],
        },
        { tableId: gone.id, taps: [{ opId: uuidv7(), productId: dosa, delta: 1 }] },
        { tableId: first.id, taps: [{ opId: uuidv7(), productId: coffee, delta: 1 }] },
        { tableId: foreign.id, taps: [{ opId: uuidv7(), productId: dosa, delta: 1 }] },
      ],
      at: t.clock(),
    });
    expect(
      rows.map(({ lines, ...row }) => ({ ...row, lines: lines?.map((l) => l.name) ?? null })),
    ).toEqual([
      {
        table_id: second.id,
        busy: false,
        statuses: ['applied', 'replayed', 'product_not_found'],
        label: 'B2',
        version: second.version + 1,
        guests: null,
        lines: ['Masala Dosa'],
      },
      {
        table_id: gone.id,
        busy: true,
        statuses: null,
        label: null,
        version: null,
        guests: null,
        lines: null,
      },
      {
        table_id: first.id,
        busy: false,
        statuses: ['applied'],
        label: 'B1',
        version: first.version + 1,
        guests: null,
        lines: ['Filter Coffee'],
      },
      {
        table_id: foreign.id,
        busy: true,
        statuses: null,
        label: null,
        version: null,
        guests: null,
        lines: null,
      },
    ]);
    expect((await orderOf(second.id)).lines).toMatchObject([{ name: 'Masala Dosa', quantity: 2 }]);
    expect((await theirs.order(foreign.id)).json()).toMatchObject({ lines: [] });
  });

  it('taps on many tables at once are each applied once, whatever call they go in', async () => {
    const tables = await Promise.all(Array.from({ length: 12 }, (_, i) => newTable(`M${i + 1}`)));
    await Promise.all(
      tables.map(async (table, n) => {
        const device = n % 2 ? staff : manager;
        const answers = await Promise.all(
          Array.from({ length: 15 }, (_, i) => device.line(table.id, i % 3 ? dosa : coffee, 1)),
        );
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      }),
    );
    for (const table of tables) {
      const order = await orderOf(table.id);
      expect(order.lines.map((line) => [line.name, line.quantity]).sort()).toEqual([
        ['Filter Coffee', 5],
        ['Masala Dosa', 10],
      ]);
      expect(order.version).toBe(table.version + 15);
    }
  });

  it.runIf(onPostgres)(
    'while a payment holds one table, taps on the others go through and its own wait for it',
    async () => {
      const [held, free] = [await newTable('H1'), await newTable('H2')];
      const db = t.database.db;
      let heldSettled = 0;
      let heldTaps: Promise<Awaited<ReturnType<typeof staff.line>>>[] = [];
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from tables where id = ${held.id} for update`);
        heldTaps = Array.from({ length: 5 }, (_, i) =>
          staff.line(held.id, i % 2 ? coffee : dosa, 1).finally(() => (heldSettled += 1)),
        );
        const freeAnswers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => manager.line(free.id, i % 2 ? coffee : dosa, 1)),
        );
        expect(freeAnswers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
        // The held table's taps cannot have been applied: its row is still locked here.
        expect(heldSettled).toBe(0);
      });
      const heldAnswers = await Promise.all(heldTaps);
      expect(heldAnswers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
      const order = await orderOf(held.id);
      expect(order.lines.map((line) => [line.name, line.quantity]).sort()).toEqual([
        ['Filter Coffee', 2],
        ['Masala Dosa', 3],
      ]);
      expect(order.version).toBe(held.version + 5);
      expect((await orderOf(free.id)).version).toBe(free.version + 10);
    },
  );

  it.runIf(onPostgres)(
    '20 concurrent clients each adding 250 items to one table make exactly 5,000',
    async () => {
      const table = await newTable('Rush');
      // Twenty request streams (the devices), each with its own op ids, over two sessions.
      await Promise.all(
        Array.from({ length: 20 }, async (_, client) => {
          const device = client % 2 ? staff : manager;
          for (let i = 0; i < 250; i += 1) {
            const response = await device.line(table.id, i % 2 ? dosa : coffee, 1);
            if (response.statusCode !== 200) throw new Error(response.body);
          }
        }),
      );
      const order = await orderOf(table.id);
      expect(order.lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(5000);
      expect(order.version).toBe(table.version + 5000);
    },
    120_000,
  );
});

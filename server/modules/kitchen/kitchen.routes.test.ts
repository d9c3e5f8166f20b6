import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VOID_REASONS } from '../../../shared/kitchen';
import { billTotals } from '../../../shared/money';
import type {
  KitchenFloor,
  KitchenSettings,
  Kot,
  KotTicket,
  SendKotAnswer,
  StationsAnswer,
  TableKots,
  TicketsAnswer,
} from '../../../shared/schemas/kitchen.schemas';
import type { BranchEvent } from '../../../shared/schemas/events.schemas';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { auditLog, kotItems, kots, products, tables } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { tablesAs } from '../tables/tables.test-support';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let staff: ReturnType<typeof kitchenAs>;
let manager: ReturnType<typeof kitchenAs>;
let kitchen: ReturnType<typeof kitchenAs>;
let theirs: ReturnType<typeof kitchenAs>;
let staffCookie: string;
let dosa: string;
let coffee: string;
let soda: string;
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Calls of one signed-in user to the tables and kitchen APIs. */
function kitchenAs(cookie: string) {
  const tablesApi = tablesAs(t.app, cookie);
  const { call } = tablesApi;
  return {
    ...tablesApi,
    send: (tableId: string, opId: string = uuidv7(), auto = false) =>
      call('POST', `/api/tables/${tableId}/kots`, { opId, auto }),
    kots: (tableId: string) => call('GET', `/api/tables/${tableId}/kots`),
    reprint: (kotId: string) => call('POST', `/api/kots/${kotId}/reprint`),
    tickets: (station?: string) =>
      call('GET', `/api/kitchen/tickets${station ? `?station=${station}` : ''}`),
    state: (itemId: string, state: string) =>
      call('POST', `/api/kitchen/items/${itemId}/state`, { state }),
    bump: (ticketId: string) => call('POST', `/api/kitchen/tickets/${ticketId}/bump`),
    recall: (ticketId: string) => call('POST', `/api/kitchen/tickets/${ticketId}/recall`),
    floor: () => call('GET', '/api/kitchen/floor'),
  };
}

async function addProduct(branchId: string, name: string, pricePaise: number, subcategory: string) {
  const [row] = await t.database.db
    .insert(products)
    .values({ branchId, name, pricePaise, subcategory })
    .returning({ id: products.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  staffCookie = await loginAs(t.app, mine.staff.email);
  staff = kitchenAs(staffCookie);
  manager = kitchenAs(await loginAs(t.app, mine.manager.email));
  kitchen = kitchenAs(await loginAs(t.app, mine.kitchen.email));
  theirs = kitchenAs(await loginAs(t.app, other.manager.email));
  dosa = await addProduct(mine.branchId, 'Masala Dosa', 12000, 'Mains');
  coffee = await addProduct(mine.branchId, 'Filter Coffee', 4000, 'Hot drinks');
  soda = await addProduct(mine.branchId, 'Lime Soda', 6000, 'Cold drinks');
});
afterAll(() => t.close());

let tableCount = 0;
async function newTable(as = staff): Promise<TableSummary> {
  tableCount += 1;
  const response = await as.addTable(`K${tableCount}`);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TableSummary;
}

async function tap(tableId: string, productId: string, delta: number, as = staff) {
  const response = await as.line(tableId, productId, delta);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TableOrder;
}

async function send(tableId: string, opId?: string, as = staff): Promise<SendKotAnswer> {
  const response = await as.send(tableId, opId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SendKotAnswer;
}

const itemsOf = (kot: Kot) =>
  kot.tickets.flatMap((ticket) => ticket.items.map((item) => [item.name, item.quantity]));

async function order(tableId: string) {
  return (await staff.order(tableId)).json() as TableOrder;
}

async function tickets(as = kitchen, station?: string): Promise<TicketsAnswer> {
  const response = await as.tickets(station);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TicketsAnswer;
}

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;

describe('sending to the kitchen', () => {
  it('sends the new lines as one KOT, marks them sent, bumps the version, and audits', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 1);
    await tap(table.id, dosa, 1);
    const before = await tap(table.id, coffee, 1);
    expect(before.lines.map((line) => line.sentQuantity)).toEqual([0, 0]);
    const answer = await send(table.id);
    expect(answer.kot).toMatchObject({
      tableId: table.id,
      tableLabel: table.label,
      reason: 'send',
      reprints: 0,
      sentByName: expect.any(String),
    });
    expect(answer.kot!.number).toBeGreaterThan(0);
    expect(itemsOf(answer.kot!)).toEqual([
      ['Masala Dosa', 2],
      ['Filter Coffee', 1],
    ]);
    expect(answer.version).toBe(before.version + 1);
    const after = await order(table.id);
    expect(after.version).toBe(answer.version);
    expect(after.lines.map((line) => [line.quantity, line.sentQuantity])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, answer.kot!.id), eq(auditLog.action, 'kot.send')))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBe(mine.staff.id);
  });

  it('sends only the difference: an increased line, then nothing, then what a take-off of unsent left', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 2);
    const first = await send(table.id);
    expect(itemsOf(first.kot!)).toEqual([['Masala Dosa', 2]]);

    await tap(table.id, dosa, 3);
    await tap(table.id, coffee, 1);
    const second = await send(table.id);
    expect(second.kot!.number).toBe(first.kot!.number + 1);
    expect(itemsOf(second.kot!)).toEqual([
      ['Masala Dosa', 3],
      ['Filter Coffee', 1],
    ]);

    const kotsBefore = await t.database.db.$count(kots, eq(kots.tableId, table.id));
    const nothing = await send(table.id);
    expect(nothing).toEqual({ kot: null, version: second.version });
    expect(await t.database.db.$count(kots, eq(kots.tableId, table.id))).toBe(kotsBefore);

    // 5 sent; 2 more, then one of the unsent taken off: 1 left to send.
    await tap(table.id, dosa, 2);
    await tap(table.id, dosa, -1);
    const third = await send(table.id);
    expect(itemsOf(third.kot!)).toEqual([['Masala Dosa', 1]]);
    // An unsent line removed whole never reaches the kitchen.
    await tap(table.id, soda, 2);
    await tap(table.id, soda, -2);
    expect((await send(table.id)).kot).toBeNull();
  });

  it('refuses a tap that takes a line below what was sent (409 tables.void_required, naming the item), on every path', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 2);
    await send(table.id);
    const before = await order(table.id);
    for (const delta of [-1, -2, -5]) {
      const refused = await staff.line(table.id, dosa, delta);
      expect(refused.statusCode, refused.body).toBe(409);
      const error = errorOf(refused);
      expect(error.code).toBe('tables.void_required');
      expect(error.message).toContain('Masala Dosa');
      expect(Object.keys(error.fields ?? {})).toEqual(['delta']);
    }
    expect(await order(table.id)).toEqual(before);
    // Adding then taking off down to the sent quantity is allowed.
    await tap(table.id, dosa, 1);
    expect((await tap(table.id, dosa, -1)).lines[0]).toMatchObject({
      quantity: 2,
      sentQuantity: 2,
    });
    // The one-table path (a busy table's) and the branch path answer the same.
    const taps = (delta: number) =>
      JSON.stringify([
        { op: uuidv7(), product: dosa, delta, line: uuidv7(), key: before.lines[0]!.key },
      ]);
    const at = t.clock().toISOString();
    const one = await t.database.db.execute(sql`select statuses from change_order_lines(
      ${mine.branchId}::uuid, ${table.id}::uuid, ${taps(-1)}::json, ${at}::timestamptz, 1000000, 300)`);
    expect(rowsOf(one)).toEqual([{ statuses: ['void_required'] }]);
    const calls = JSON.stringify([{ table: table.id, taps: JSON.parse(taps(-2)) as unknown }]);
    const branchCall = await t.database.db.execute(sql`select statuses from change_branch_lines(
      ${mine.branchId}::uuid, ${calls}::json, ${at}::timestamptz, 1000000, 300)`);
    expect(rowsOf(branchCall)).toEqual([{ statuses: ['void_required'] }]);
    expect((await order(table.id)).lines[0]).toMatchObject({ quantity: 2, sentQuantity: 2 });
  });

  it('answers the same KOT to a retried send, and sends nothing twice', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 1);
    const opId = uuidv7();
    const first = await send(table.id, opId);
    await tap(table.id, coffee, 1);
    const retry = await send(table.id, opId);
    expect(retry.kot).toEqual(first.kot);
    expect(await t.database.db.$count(kots, eq(kots.opId, opId))).toBe(1);
    // The coffee still waits for its own send.
    expect(itemsOf((await send(table.id)).kot!)).toEqual([['Filter Coffee', 1]]);
  });

  it('sends with auto: the KOT says so', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 1);
    const response = await staff.send(table.id, uuidv7(), true);
    expect((response.json() as SendKotAnswer).kot!.reason).toBe('auto');
  });

  it('sets who opened the order at its first tap, and lists only the current order’s KOTs', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 1);
    const [row] = await t.database.db
      .select({ openedBy: tables.openedBy, openedAt: tables.openedAt })
      .from(tables)
      .where(eq(tables.id, table.id));
    expect(row).toEqual({ openedBy: mine.staff.id, openedAt: t.clock() });
    // A later tap by someone else does not change it.
    t.clock.advance(60_000);
    await tap(table.id, dosa, 1, manager);
    const [again] = await t.database.db
      .select({ openedBy: tables.openedBy })
      .from(tables)
      .where(eq(tables.id, table.id));
    expect(again!.openedBy).toBe(mine.staff.id);

    const first = await send(table.id);
    t.clock.advance(60_000);
    await tap(table.id, coffee, 1);
    const second = await send(table.id);
    const listed = (await staff.kots(table.id)).json() as TableKots;
    expect(listed.items.map((kot) => kot.id)).toEqual([first.kot!.id, second.kot!.id]);
    expect(listed.items[0]!.tickets[0]!.items[0]).toMatchObject({
      name: 'Masala Dosa',
      quantity: 2,
      state: 'new',
      cancelled: false,
    });
    // A new order (the payment clears opened_at; the next first tap sets it): older KOTs drop off.
    t.clock.advance(60_000);
    await t.database.db.update(tables).set({ openedAt: t.clock() }).where(eq(tables.id, table.id));
    expect(((await staff.kots(table.id)).json() as TableKots).items).toEqual([]);
    // An empty table: none.
    const empty = await newTable();
    expect(((await staff.kots(empty.id)).json() as TableKots).items).toEqual([]);
  });

  it('after the payment the table has no current KOTs; the next order lists its own', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 1);
    const { kot, version } = await send(table.id);
    const { totalPaise } = billTotals((await order(table.id)).lines, 0);
    const paid = await staff.call('POST', `/api/tables/${table.id}/payments`, {
      idempotencyKey: uuidv7(),
      expectedVersion: version,
      discountPercent: 0,
      status: 'Settled',
      payments: [{ method: 'Cash', amountPaise: totalPaise }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(((await staff.kots(table.id)).json() as TableKots).items).toEqual([]);
    const floor = (await staff.floor()).json() as KitchenFloor;
    expect(floor.tables.some((row) => row.tableId === table.id)).toBe(false);
    t.clock.advance(1000);
    await tap(table.id, coffee, 1);
    const next = await send(table.id);
    const listed = ((await staff.kots(table.id)).json() as TableKots).items;
    expect(listed.map((one) => one.id)).toEqual([next.kot!.id]);
    expect(listed[0]!.id).not.toBe(kot!.id);
  });

  it('numbers KOTs per business day of the branch (Asia/Kolkata)', async () => {
    const branch = await createBranchFixture(t.database.db);
    const idli = await addProduct(branch.branchId, 'Idli', 5000, 'Mains');
    const saved = t.clock();
    try {
      t.clock.set('2026-11-22T18:00:00Z'); // 23:30 IST on the 22nd
      let as = kitchenAs(await loginAs(t.app, branch.staff.email));
      const table = (await as.addTable('N1')).json() as TableSummary;
      const numbers: [number, string][] = [];
      for (let i = 0; i < 2; i += 1) {
        await tap(table.id, idli, 1, as);
        const { kot } = await send(table.id, undefined, as);
        numbers.push([kot!.number, kot!.businessDate]);
      }
      t.clock.set('2026-11-22T18:31:00Z'); // 00:01 IST on the 23rd
      as = kitchenAs(await loginAs(t.app, branch.staff.email));
      await tap(table.id, idli, 1, as);
      const { kot } = await send(table.id, undefined, as);
      numbers.push([kot!.number, kot!.businessDate]);
      expect(numbers).toEqual([
        [1, '2026-11-22'],
        [2, '2026-11-22'],
        [1, '2026-11-23'],
      ]);
    } finally {
      t.clock.set(saved);
    }
  });

  it('reprints a KOT: counted, the same items, nothing sent again; audited', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 1);
    const { kot } = await send(table.id);
    const ticketsBefore = (await tickets()).tickets.length;
    const first = await staff.reprint(kot!.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ...kot, reprints: 1 });
    expect(((await staff.reprint(kot!.id)).json() as Kot).reprints).toBe(2);
    expect((await tickets()).tickets.length).toBe(ticketsBefore);
    expect((await order(table.id)).lines[0]).toMatchObject({ quantity: 1, sentQuantity: 1 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, kot!.id), eq(auditLog.action, 'kot.reprint')))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audit).toHaveLength(2);
  });
});

describe('stations and routes', () => {
  it('without stations: one ticket "Kitchen"; with them: a ticket per station by the routes, the rest to the first', async () => {
    const branch = await createBranchFixture(t.database.db);
    const as = kitchenAs(await loginAs(t.app, branch.manager.email));
    const rice = await addProduct(branch.branchId, 'Curd Rice', 9000, 'Mains');
    const tea = await addProduct(branch.branchId, 'Masala Tea', 2000, 'Hot drinks');
    const shake = await addProduct(branch.branchId, 'Mango Shake', 8000, 'Cold drinks');
    const table = (await as.addTable('S1')).json() as TableSummary;
    await tap(table.id, rice, 1, as);
    await tap(table.id, tea, 1, as);
    const plain = (await send(table.id, undefined, as)).kot!;
    expect(plain.tickets.map((ticket) => [ticket.stationId, ticket.stationName])).toEqual([
      [null, 'Kitchen'],
    ]);

    const add = async (name: string, position: number) => {
      const response = await as.call('POST', '/api/kitchen/stations', { name, position });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: string }).id;
    };
    const bar = await add('Bar', 2);
    const hot = await add('Kitchen', 1);
    expect((await as.call('POST', '/api/kitchen/stations', { name: ' bar ' })).statusCode).toBe(
      409,
    );
    const routed = await as.call('PUT', '/api/kitchen/routes', {
      routes: [
        { subcategory: 'Cold drinks', stationId: bar },
        { subcategory: 'Hot drinks', stationId: bar },
      ],
    });
    expect(routed.statusCode, routed.body).toBe(200);
    expect(routed.json()).toMatchObject({
      stations: [
        { id: hot, name: 'Kitchen', position: 1 },
        { id: bar, name: 'Bar', position: 2 },
      ],
      routes: [
        { subcategory: 'Cold drinks', stationId: bar },
        { subcategory: 'Hot drinks', stationId: bar },
      ],
      subcategories: ['Cold drinks', 'Hot drinks', 'Mains'],
    } satisfies StationsAnswer);

    await tap(table.id, rice, 1, as);
    await tap(table.id, tea, 2, as);
    await tap(table.id, shake, 1, as);
    const split = (await send(table.id, undefined, as)).kot!;
    expect(
      split.tickets.map((ticket) => [
        ticket.stationName,
        ticket.items.map((item) => [item.name, item.quantity]),
      ]),
    ).toEqual([
      ['Kitchen', [['Curd Rice', 1]]],
      [
        'Bar',
        [
          ['Masala Tea', 2],
          ['Mango Shake', 1],
        ],
      ],
    ]);
    // The display of one station shows its tickets only.
    const barView = await tickets(as, bar);
    expect(barView.tickets.map((ticket) => ticket.stationId)).toEqual([bar]);
    expect(barView.stations.map((station) => station.name)).toEqual(['Kitchen', 'Bar']);

    // A route to a station that is not the branch's: refused, naming the route.
    const foreign = await as.call('PUT', '/api/kitchen/routes', {
      routes: [{ subcategory: 'Mains', stationId: uuidv7() }],
    });
    expect(foreign.statusCode).toBe(409);
    expect(Object.keys(errorOf(foreign).fields ?? {})).toEqual(['routes.0.stationId']);
    const twice = await as.call('PUT', '/api/kitchen/routes', {
      routes: [
        { subcategory: 'Mains', stationId: bar },
        { subcategory: 'mains', stationId: hot },
      ],
    });
    expect(twice.statusCode).toBe(400);

    // Bar archived: its routes go, its subcategories to the first station; old tickets keep its name.
    expect((await as.call('DELETE', `/api/kitchen/stations/${bar}`)).statusCode).toBe(200);
    expect((await as.call('DELETE', `/api/kitchen/stations/${bar}`)).statusCode).toBe(404);
    await tap(table.id, shake, 1, as);
    const after = (await send(table.id, undefined, as)).kot!;
    expect(after.tickets.map((ticket) => ticket.stationName)).toEqual(['Kitchen']);
    const renamed = await as.call('PUT', `/api/kitchen/stations/${hot}`, {
      name: 'Main kitchen',
      position: 0,
    });
    expect(renamed.json()).toEqual({ id: hot, name: 'Main kitchen', position: 0 });
    const listed = (await as.call('GET', '/api/kitchen/stations')).json() as StationsAnswer;
    expect(listed.stations.map((station) => station.name)).toEqual(['Main kitchen']);
    expect(listed.routes).toEqual([]);
  });
});

describe('the kitchen display', () => {
  it('moves items, bumps a ticket when all are ready, bumps and recalls whole tickets', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 2);
    await tap(table.id, coffee, 1);
    const { kot } = await send(table.id);
    const ticketId = kot!.tickets[0]!.id;
    const [dosaItem, coffeeItem] = kot!.tickets[0]!.items;
    const view = await tickets();
    const mineOnDisplay = view.tickets.find((ticket) => ticket.id === ticketId)!;
    expect(mineOnDisplay).toMatchObject({
      kotId: kot!.id,
      kotNumber: kot!.number,
      tableId: table.id,
      tableLabel: table.label,
      bumpedAt: null,
    });
    expect(view).toMatchObject({ amberAfterMinutes: 10, redAfterMinutes: 20 });
    expect(view.serverTime).toBe(t.clock().toISOString());

    const preparing = await kitchen.state(dosaItem!.id, 'preparing');
    expect(preparing.statusCode, preparing.body).toBe(200);
    expect((preparing.json() as KotTicket).items[0]).toMatchObject({
      state: 'preparing',
      stateAt: t.clock().toISOString(),
    });
    expect((await kitchen.state(dosaItem!.id, 'ready')).json()).toMatchObject({ bumpedAt: null });
    // The last item ready: the ticket is bumped, and is the one to recall.
    const done = (await kitchen.state(coffeeItem!.id, 'ready')).json() as KotTicket;
    expect(done.bumpedAt).toBe(t.clock().toISOString());
    const afterBump = await tickets();
    expect(afterBump.tickets.map((ticket) => ticket.id)).not.toContain(ticketId);
    expect(afterBump.lastBumped?.id).toBe(ticketId);

    const recalled = await kitchen.recall(ticketId);
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json()).toMatchObject({
      bumpedAt: null,
      items: [{ state: 'preparing' }, { state: 'preparing' }],
    });
    expect((await tickets()).tickets.map((ticket) => ticket.id)).toContain(ticketId);

    const bumped = await kitchen.bump(ticketId);
    expect(bumped.json()).toMatchObject({
      bumpedAt: expect.any(String),
      items: [{ state: 'ready' }, { state: 'ready' }],
    });
    // Bumping again changes nothing; the order screen sees the states.
    expect((await kitchen.bump(ticketId)).statusCode).toBe(200);
    const onOrder = ((await staff.kots(table.id)).json() as TableKots).items[0]!;
    expect(onOrder.tickets[0]!.items.map((item) => item.state)).toEqual(['ready', 'ready']);
    // An item moved back takes its ticket back on the display.
    expect((await kitchen.state(dosaItem!.id, 'preparing')).json()).toMatchObject({
      bumpedAt: null,
    });
    for (const action of ['kot.item_state', 'kot.bump', 'kot.recall']) {
      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.branchId, mine.branchId), eq(auditLog.action, action)))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
      expect(rows.length, action).toBeGreaterThan(0);
    }
  });

  it('refuses an unknown state naming the field', async () => {
    const response = await kitchen.state(uuidv7(), 'burnt');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['state']);
  });

  it('counts each table’s items cooking and ready for the billing screen', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 3);
    await tap(table.id, coffee, 1);
    const { kot } = await send(table.id);
    await kitchen.state(kot!.tickets[0]!.items[1]!.id, 'ready');
    const floor = (await staff.floor()).json() as KitchenFloor;
    expect(floor.tables.find((row) => row.tableId === table.id)).toEqual({
      tableId: table.id,
      cooking: 3,
      ready: 1,
    });
  });
});

describe('kitchen settings', () => {
  it('answers the defaults until saved, then what was saved; the display uses its minutes', async () => {
    const branch = await createBranchFixture(t.database.db);
    const as = kitchenAs(await loginAs(t.app, branch.manager.email));
    const defaults = (await as.call('GET', '/api/kitchen/settings')).json() as KitchenSettings;
    expect(defaults).toEqual({
      autoSendOnLeave: false,
      amberAfterMinutes: 10,
      redAfterMinutes: 20,
      voidReasons: [...DEFAULT_VOID_REASONS],
    });
    const settings = {
      autoSendOnLeave: true,
      amberAfterMinutes: 5,
      redAfterMinutes: 12,
      voidReasons: [' Guest left ', 'Wrong table'],
    };
    const saved = await as.call('PUT', '/api/kitchen/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...settings, voidReasons: ['Guest left', 'Wrong table'] });
    const staffOfBranch = kitchenAs(await loginAs(t.app, branch.staff.email));
    expect((await staffOfBranch.call('GET', '/api/kitchen/settings')).json()).toEqual(saved.json());
    expect(await tickets(as)).toMatchObject({ amberAfterMinutes: 5, redAfterMinutes: 12 });
  });

  it('refuses bad settings naming the field', async () => {
    const good = {
      autoSendOnLeave: false,
      amberAfterMinutes: 10,
      redAfterMinutes: 20,
      voidReasons: ['Wrong item'],
    };
    const cases: [object, string][] = [
      [{ ...good, redAfterMinutes: 5 }, 'redAfterMinutes'],
      [{ ...good, amberAfterMinutes: 0 }, 'amberAfterMinutes'],
      [{ ...good, amberAfterMinutes: 1.5 }, 'amberAfterMinutes'],
      [{ ...good, redAfterMinutes: 241 }, 'redAfterMinutes'],
      [{ ...good, voidReasons: [] }, 'voidReasons'],
      [{ ...good, voidReasons: ['Late', ' late'] }, 'voidReasons.1'],
      [{ ...good, voidReasons: ['  '] }, 'voidReasons.0'],
      [{ ...good, autoSendOnLeave: 'yes' }, 'autoSendOnLeave'],
    ];
    for (const [payload, field] of cases) {
      const response = await manager.call('PUT', '/api/kitchen/settings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
  });
});

describe('isolation', () => {
  it("answers 404 for another branch's table, KOT, ticket, item and station", async () => {
    const table = await newTable(theirs);
    const theirDish = await addProduct(other.branchId, 'Their Dish', 1000, 'Mains');
    await tap(table.id, theirDish, 1, theirs);
    const { kot } = await send(table.id, undefined, theirs);
    const ticket = kot!.tickets[0]!;
    const station = (
      await theirs.call('POST', '/api/kitchen/stations', { name: 'Their bar' })
    ).json() as { id: string };
    const answers = await Promise.all([
      manager.send(table.id),
      manager.kots(table.id),
      manager.reprint(kot!.id),
      manager.state(ticket.items[0]!.id, 'ready'),
      manager.bump(ticket.id),
      manager.recall(ticket.id),
      manager.tickets(station.id),
      manager.call('PUT', `/api/kitchen/stations/${station.id}`, { name: 'Mine now' }),
      manager.call('DELETE', `/api/kitchen/stations/${station.id}`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(answers.length).fill(404));
    const routed = await manager.call('PUT', '/api/kitchen/routes', {
      routes: [{ subcategory: 'Mains', stationId: station.id }],
    });
    expect(routed.statusCode).toBe(409);
    // Nothing of theirs on our display, nor in our floor.
    const ours = await tickets(manager);
    expect(ours.tickets.some((one) => one.tableId === table.id)).toBe(false);
    const floor = (await manager.floor()).json() as KitchenFloor;
    expect(floor.tables.some((row) => row.tableId === table.id)).toBe(false);
    const [item] = await t.database.db
      .select({ state: kotItems.state })
      .from(kotItems)
      .where(eq(kotItems.id, ticket.items[0]!.id));
    expect(item!.state).toBe('new');
  });

  it('lets the kitchen account reach the display only, and keeps stations and settings the manager’s', async () => {
    const table = await newTable();
    expect((await kitchen.tickets()).statusCode).toBe(200);
    for (const response of [
      await kitchen.send(table.id),
      await kitchen.kots(table.id),
      await kitchen.list(),
      await kitchen.floor(),
      await kitchen.call('GET', '/api/kitchen/settings'),
      await kitchen.call('GET', '/api/kitchen/stations'),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    for (const response of [
      await staff.tickets(),
      await staff.call('GET', '/api/kitchen/stations'),
      await staff.call('POST', '/api/kitchen/stations', { name: 'Tandoor' }),
      await staff.call('PUT', '/api/kitchen/routes', { routes: [] }),
      await staff.call('PUT', '/api/kitchen/settings', {
        autoSendOnLeave: true,
        amberAfterMinutes: 1,
        redAfterMinutes: 2,
        voidReasons: ['x'],
      }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await staff.call('GET', '/api/kitchen/settings')).statusCode).toBe(200);
  });
});

/** An open event stream of the branch (as the events tests open it). */
async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
      }
    } catch {
      // aborted
    }
  })();
  const events = () =>
    text
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as BranchEvent);
  return { text: () => text, events, close: () => controller.abort() };
}

describe('live events', () => {
  it("publishes kitchen.changed on a send and a bump, and kitchen.ready when a ticket's last item is ready", async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(baseUrl, staffCookie);
    await expect.poll(stream.text).toContain('retry: 2000');
    const table = await newTable();
    await tap(table.id, dosa, 1);
    await tap(table.id, coffee, 1);
    const { kot } = await send(table.id);
    const changed = () =>
      stream
        .events()
        .filter((event) => event.type === 'kitchen.changed' && event.tableIds.includes(table.id))
        .length;
    const ready = () =>
      stream
        .events()
        .filter((event) => event.type === 'kitchen.ready' && event.tableId === table.id);
    await expect.poll(changed).toBe(1);
    const [first, second] = kot!.tickets[0]!.items;
    // One of the ticket's two items ready: the waiter is not told yet (the other is not).
    await kitchen.state(first!.id, 'ready');
    await expect.poll(changed).toBe(2);
    await kitchen.state(second!.id, 'ready');
    await expect.poll(changed).toBe(3);
    await expect.poll(() => ready().length).toBe(1);
    expect(ready()[0]).toMatchObject({
      tableLabel: table.label,
      kotNumber: kot!.number,
      stationName: 'Kitchen',
      sentBy: mine.staff.id,
    });
    // A bump makes the whole ticket ready at once: told.
    await tap(table.id, soda, 1);
    const { kot: next } = await send(table.id);
    await expect.poll(changed).toBe(4);
    await kitchen.bump(next!.tickets[0]!.id);
    await expect.poll(changed).toBe(5);
    await expect.poll(() => ready().length).toBe(2);
    // Nothing to send: nothing published.
    await send(table.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changed()).toBe(5);
    stream.close();
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it('the same send from two connections at once makes one KOT, answered to both', async () => {
    const table = await newTable();
    await tap(table.id, dosa, 2);
    const opId = uuidv7();
    const answers = await Promise.all([staff.send(table.id, opId), manager.send(table.id, opId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [one, two] = answers.map((answer) => answer.json() as SendKotAnswer);
    expect(one!.kot).not.toBeNull();
    expect(two!.kot).toEqual(one!.kot);
    expect(await t.database.db.$count(kots, eq(kots.opId, opId))).toBe(1);
  });

  it('two devices sending at once while taps go on: every item is in exactly one KOT', async () => {
    const table = await newTable();
    const other = kitchenAs(await loginAs(t.app, mine.manager.email));
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 10; round += 1) {
      work.push(staff.line(table.id, round % 2 ? dosa : coffee, 1));
      work.push(staff.send(table.id));
      work.push(other.send(table.id));
    }
    const answers = await Promise.all(work);
    for (const answer of answers as { statusCode: number; body: string }[]) {
      expect(answer.statusCode, answer.body).toBe(200);
    }
    await send(table.id);
    const final = await order(table.id);
    const sentPerLine = await t.database.db
      .select({
        lineKey: kotItems.lineKey,
        quantity: sql<number>`sum(${kotItems.quantity})::int`,
      })
      .from(kotItems)
      .innerJoin(
        kots,
        eq(kots.id, sql`(select kot_id from kot_tickets where id = ${kotItems.ticketId})`),
      )
      .where(eq(kots.tableId, table.id))
      .groupBy(kotItems.lineKey);
    expect(Object.fromEntries(sentPerLine.map((row) => [row.lineKey, row.quantity]))).toEqual(
      Object.fromEntries(final.lines.map((line) => [line.key, line.quantity])),
    );
    const numbers = await t.database.db
      .select({ number: kots.number })
      .from(kots)
      .where(eq(kots.branchId, mine.branchId));
    expect(new Set(numbers.map((row) => row.number)).size).toBe(numbers.length);
  });
});

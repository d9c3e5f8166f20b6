// The KOT difference after the floor's changes (issue 21): a move, a merge and a split by items
// carry what the kitchen was sent along with the lines, so the next send holds only what is
// new, and the current order's KOTs follow the table the lines went to.
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kot, SendKotAnswer, TableKots } from '../../../shared/schemas/kitchen.schemas';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { products } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { tablesAs } from '../tables/tables.test-support';

let t: TestApp;
let mine: BranchFixture;
let staff: ReturnType<typeof tablesAs>;
let dosa: string;
let coffee: string;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  staff = tablesAs(t.app, await loginAs(t.app, mine.staff.email));
  const rows = await t.database.db
    .insert(products)
    .values([
      { branchId: mine.branchId, name: 'Masala Dosa', pricePaise: 12_000, subcategory: 'Mains' },
      { branchId: mine.branchId, name: 'Filter Coffee', pricePaise: 4_000, subcategory: 'Drinks' },
    ])
    .returning({ id: products.id });
  [dosa, coffee] = rows.map((row) => row.id) as [string, string];
});
afterAll(() => t.close());

let count = 0;
async function newTable(): Promise<string> {
  count += 1;
  const response = await staff.addTable(`F${count}`);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as TableSummary).id;
}

async function tap(tableId: string, productId: string, delta: number) {
  const response = await staff.line(tableId, productId, delta);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TableOrder;
}

async function send(tableId: string): Promise<Kot | null> {
  const response = await staff.call('POST', `/api/tables/${tableId}/kots`, { opId: uuidv7() });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SendKotAnswer).kot;
}

async function order(tableId: string) {
  return (await staff.order(tableId)).json() as TableOrder;
}

async function kotsOf(tableId: string) {
  const response = await staff.call('GET', `/api/tables/${tableId}/kots`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TableKots).items;
}

const itemsOf = (kot: Kot | null) =>
  (kot?.tickets ?? []).flatMap((ticket) => ticket.items.map((item) => [item.name, item.quantity]));

const sentOf = (o: TableOrder) =>
  o.lines.map((line) => [line.name, line.quantity, line.sentQuantity]);

describe('the KOT difference after the floor changes', () => {
  it('after a move: the sent items stay sent, only the new ones go, and the KOTs follow', async () => {
    const from = await newTable();
    const to = await newTable();
    await tap(from, dosa, 2);
    const first = await send(from);
    expect(itemsOf(first)).toEqual([['Masala Dosa', 2]]);
    const moved = await staff.call('POST', `/api/tables/${from}/move`, {
      opId: uuidv7(),
      toTableId: to,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await send(to)).toBeNull();
    await tap(to, dosa, 1);
    await tap(to, coffee, 1);
    expect(itemsOf(await send(to))).toEqual([
      ['Masala Dosa', 1],
      ['Filter Coffee', 1],
    ]);
    expect(sentOf(await order(to))).toEqual([
      ['Masala Dosa', 3, 3],
      ['Filter Coffee', 1, 1],
    ]);
    expect((await kotsOf(to)).map((kot) => kot.id)[0]).toBe(first!.id);
    expect(await kotsOf(from)).toEqual([]);
    // What was sent still needs a void to come off.
    const refused = await staff.line(to, dosa, -1);
    expect(refused.statusCode).toBe(409);
  });

  it('after a merge: sent quantities add up, so only the unsent part of either table goes', async () => {
    const source = await newTable();
    const target = await newTable();
    await tap(source, dosa, 1);
    await send(source);
    await tap(source, coffee, 2);
    await tap(target, dosa, 2);
    await send(target);
    const merged = await staff.call('POST', `/api/tables/${source}/merge`, {
      opId: uuidv7(),
      intoTableId: target,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    // Lines keep the order they were first added in (the source's coffee came before).
    expect(sentOf(await order(target))).toEqual([
      ['Filter Coffee', 2, 0],
      ['Masala Dosa', 3, 3],
    ]);
    expect(itemsOf(await send(target))).toEqual([['Filter Coffee', 2]]);
    expect(await kotsOf(target)).toHaveLength(3);
  });

  it('after a split by items: the part paid takes its items, the rest keeps what was sent of it', async () => {
    const table = await newTable();
    await tap(table, dosa, 3);
    await send(table);
    const before = await tap(table, coffee, 1);
    const dosaKey = before.lines.find((line) => line.productId === dosa)!.key;
    const paid = await staff.call('POST', `/api/tables/${table}/payments`, {
      idempotencyKey: uuidv7(),
      expectedVersion: before.version,
      status: 'Settled',
      payments: [{ method: 'Cash', amountPaise: 24_000 }],
      lines: [{ key: dosaKey, quantity: 2 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(sentOf(await order(table))).toEqual([
      ['Masala Dosa', 1, 1],
      ['Filter Coffee', 1, 0],
    ]);
    expect(itemsOf(await send(table))).toEqual([['Filter Coffee', 1]]);
    expect(await send(table)).toBeNull();
  });
});

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GUESTS } from '../../../shared/constants';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { FloorChange } from '../../../shared/schemas/floor.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { equalSplit } from '../../../shared/split';
import { computeOrderBill } from '../../../shared/tax';
import {
  auditLog,
  billLines,
  bills,
  dailyItemSales,
  dailyTaxSales,
  ingredients,
  kots,
  orderLines,
  productIngredients,
  tables,
} from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addProduct, tablesAs } from '../tables/tables.test-support';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let staff: ReturnType<typeof tablesAs>;
let theirs: ReturnType<typeof tablesAs>;
let kitchen: ReturnType<typeof tablesAs>;
let dosa: string;
let coffee: string;
let vada: string;
const onPostgres = Boolean(process.env.DATABASE_URL);
const profile = {
  regime: 'regular' as const,
  pricesIncludeTax: false,
  roundOff: true,
  serviceChargeBps: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db, {
    taxProfile: { ...profile, gstin: '29AAGCB7383J1Z4' },
  });
  other = await createBranchFixture(t.database.db);
  staff = tablesAs(t.app, await loginAs(t.app, mine.staff.email));
  theirs = tablesAs(t.app, await loginAs(t.app, other.manager.email));
  kitchen = tablesAs(t.app, await loginAs(t.app, mine.kitchen.email));
  dosa = await addProduct(t.database.db, mine.branchId, 'Masala Dosa', 12_345);
  coffee = await addProduct(t.database.db, mine.branchId, 'Filter Coffee', 4_050);
  vada = await addProduct(t.database.db, mine.branchId, 'Medu Vada', 6_999);
});
afterAll(() => t.close());

let tableCount = 0;
async function newTable(as = staff): Promise<string> {
  const response = await as.addTable(`F${++tableCount}-${uuidv7().slice(-6)}`);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

async function tap(tableId: string, productId: string, delta: number): Promise<TableOrder> {
  const response = await staff.line(tableId, productId, delta);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TableOrder;
}

async function orderOf(tableId: string): Promise<TableOrder> {
  const response = await staff.order(tableId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TableOrder;
}

/** What the kitchen was sent of each line (as a send would leave it), straight in the database. */
async function markSent(tableId: string, productId: string, sent: number) {
  await t.database.db
    .update(orderLines)
    .set({ sentQuantity: sent })
    .where(
      and(
        eq(orderLines.branchId, mine.branchId),
        eq(orderLines.tableId, tableId),
        eq(orderLines.productId, productId),
      ),
    );
}

async function tableRow(tableId: string) {
  const [row] = await t.database.db
    .select()
    .from(tables)
    .where(and(eq(tables.branchId, mine.branchId), eq(tables.id, tableId)));
  return row!;
}

async function linesOf(tableId: string) {
  return t.database.db
    .select({
      key: orderLines.lineKey,
      productId: orderLines.productId,
      name: orderLines.name,
      unitPricePaise: orderLines.unitPricePaise,
      quantity: orderLines.quantity,
      sent: orderLines.sentQuantity,
    })
    .from(orderLines)
    .where(and(eq(orderLines.branchId, mine.branchId), eq(orderLines.tableId, tableId)))
    .orderBy(asc(orderLines.productId));
}

async function addKot(tableId: string, at: Date) {
  const [row] = await t.database.db
    .insert(kots)
    .values({
      branchId: mine.branchId,
      businessDate: '2026-11-26',
      number: Math.floor(Math.random() * 1e9) + 1,
      opId: uuidv7(),
      tableId,
      tableLabel: 'T',
      sentByName: 'Asha',
      createdAt: at,
    })
    .returning({ id: kots.id });
  return row!.id;
}

async function kotTable(id: string) {
  const [row] = await t.database.db
    .select({ tableId: kots.tableId })
    .from(kots)
    .where(and(eq(kots.branchId, mine.branchId), eq(kots.id, id)));
  return row!.tableId;
}

const move = (from: string, toTableId: string, opId = uuidv7(), as = staff) =>
  as.call('POST', `/api/tables/${from}/move`, { opId, toTableId });
const merge = (from: string, intoTableId: string, opId = uuidv7(), as = staff) =>
  as.call('POST', `/api/tables/${from}/merge`, { opId, intoTableId });

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: object } }).error;

async function auditOf(tableId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, tableId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

describe('move', () => {
  it('moves lines with their sent quantities, guests, who opened it and the current KOTs; both versions go up; audited; a retry changes nothing more', async () => {
    const from = await newTable();
    const to = await newTable();
    const oldKot = await addKot(from, new Date(Date.now() - 3_600_000));
    await tap(from, dosa, 2);
    await tap(from, coffee, 3);
    await markSent(from, dosa, 2);
    await markSent(from, coffee, 1);
    const openedAt = new Date(Date.now() - 60_000);
    await t.database.db
      .update(tables)
      .set({ guests: 4, openedBy: mine.staff.id, openedAt })
      .where(and(eq(tables.branchId, mine.branchId), eq(tables.id, from)));
    const currentKot = await addKot(from, new Date(openedAt.getTime() + 1000));
    const [fromBefore, toBefore] = [await tableRow(from), await tableRow(to)];
    const linesBefore = await linesOf(from);

    const opId = uuidv7();
    const response = await move(from, to, opId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as FloorChange;
    expect(answer.from.lines).toEqual([]);
    expect(answer.to.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [dosa, 2],
      [coffee, 3],
    ]);
    expect(answer.to.guests).toBe(4);
    expect(await linesOf(from)).toEqual([]);
    expect(await linesOf(to)).toEqual(linesBefore);
    const [fromAfter, toAfter] = [await tableRow(from), await tableRow(to)];
    expect(fromAfter).toMatchObject({ guests: null, openedBy: null, openedAt: null });
    expect(toAfter).toMatchObject({ guests: 4, openedBy: mine.staff.id, openedAt });
    expect(fromAfter.version).toBe(fromBefore.version + 1);
    expect(toAfter.version).toBe(toBefore.version + 1);
    expect(await kotTable(currentKot)).toBe(to);
    expect(await kotTable(oldKot)).toBe(from);
    const audit = await auditOf(from, 'table.move');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).toMatchObject({ toTableId: to, lines: 2, kots: 1 });

    const again = await move(from, to, opId);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as FloorChange).to.lines).toHaveLength(2);
    expect(await tableRow(to)).toMatchObject({ version: toAfter.version });
    expect(await auditOf(from, 'table.move')).toHaveLength(1);
  });

  it('refuses a target with an order, an empty source and the same table (409 in words); another branch or no table is 404', async () => {
    const from = await newTable();
    const busy = await newTable();
    const free = await newTable();
    await tap(from, dosa, 1);
    await tap(busy, coffee, 1);
    const notEmpty = await move(from, busy);
    expect(notEmpty.statusCode).toBe(409);
    expect(errorOf(notEmpty).code).toBe('floor.target_not_empty');
    expect(errorOf(notEmpty).fields).toHaveProperty('toTableId');
    const empty = await move(free, busy);
    expect(empty.statusCode).toBe(409);
    expect(errorOf(empty).code).toBe('floor.source_empty');
    const same = await move(from, from);
    expect(same.statusCode).toBe(409);
    expect(errorOf(same).fields).toHaveProperty('toTableId');

    const theirTable = await newTable(theirs);
    expect((await move(from, theirTable)).statusCode).toBe(404);
    expect((await move(theirTable, free)).statusCode).toBe(404);
    expect((await move(from, uuidv7())).statusCode).toBe(404);
    // Their manager cannot move my table either way.
    expect((await move(from, free, uuidv7(), theirs)).statusCode).toBe(404);
    expect((await merge(from, free, uuidv7(), theirs)).statusCode).toBe(404);
    // Nothing moved.
    expect((await linesOf(from)).map((line) => line.quantity)).toEqual([1]);
    expect(await linesOf(free)).toEqual([]);
  });

  it('refuses the kitchen account (403) and a bad body naming the field (400)', async () => {
    const from = await newTable();
    const to = await newTable();
    await tap(from, dosa, 1);
    expect((await move(from, to, uuidv7(), kitchen)).statusCode).toBe(403);
    expect((await merge(from, to, uuidv7(), kitchen)).statusCode).toBe(403);
    const bad = await staff.call('POST', `/api/tables/${from}/move`, { opId: uuidv7() });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {})).toEqual(['toTableId']);
    const badMerge = await staff.call('POST', `/api/tables/${from}/merge`, { intoTableId: to });
    expect(badMerge.statusCode).toBe(400);
    expect(Object.keys(errorOf(badMerge).fields ?? {})).toEqual(['opId']);
  });
});

describe('merge', () => {
  it('joins lines by key (quantities and sent quantities add, the target snapshot kept), adds guests (capped), moves the current KOTs, empties the source', async () => {
    const from = await newTable();
    const into = await newTable();
    await tap(into, dosa, 1);
    await tap(into, coffee, 2);
    await tap(from, coffee, 3);
    await tap(from, vada, 2);
    await markSent(into, coffee, 2);
    await markSent(from, coffee, 1);
    await markSent(from, vada, 2);
    // The target's snapshot differs from the source's (the price changed between the taps).
    await t.database.db
      .update(orderLines)
      .set({ unitPricePaise: 4_100, name: 'Filter Coffee (old)' })
      .where(and(eq(orderLines.tableId, into), eq(orderLines.productId, coffee)));
    const now = Date.now();
    await t.database.db
      .update(tables)
      .set({ guests: MAX_GUESTS - 1, openedAt: new Date(now - 50_000), openedBy: mine.staff.id })
      .where(and(eq(tables.branchId, mine.branchId), eq(tables.id, into)));
    await t.database.db
      .update(tables)
      .set({ guests: 3, openedAt: new Date(now - 30_000), openedBy: mine.manager.id })
      .where(and(eq(tables.branchId, mine.branchId), eq(tables.id, from)));
    const kot = await addKot(from, new Date(now - 20_000));
    const before = [...(await linesOf(from)), ...(await linesOf(into))];

    const opId = uuidv7();
    const response = await merge(from, into, opId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as FloorChange;
    expect(answer.from.lines).toEqual([]);
    const after = await linesOf(into);
    expect(await linesOf(from)).toEqual([]);
    const byProduct = Object.fromEntries(after.map((line) => [line.productId, line]));
    expect(byProduct[coffee]).toMatchObject({
      quantity: 5,
      sent: 3,
      unitPricePaise: 4_100,
      name: 'Filter Coffee (old)',
    });
    expect(byProduct[vada]).toMatchObject({ quantity: 2, sent: 2 });
    expect(byProduct[dosa]).toMatchObject({ quantity: 1, sent: 0 });
    // Conserved: every product's quantity and sent quantity.
    for (const product of [dosa, coffee, vada]) {
      const sum = (rows: typeof before, field: 'quantity' | 'sent') =>
        rows.filter((row) => row.productId === product).reduce((s, row) => s + row[field], 0);
      expect(sum(after, 'quantity')).toBe(sum(before, 'quantity'));
      expect(sum(after, 'sent')).toBe(sum(before, 'sent'));
    }
    expect(await tableRow(into)).toMatchObject({
      guests: MAX_GUESTS,
      openedBy: mine.staff.id,
      openedAt: new Date(now - 50_000),
    });
    expect(await tableRow(from)).toMatchObject({ guests: null, openedBy: null, openedAt: null });
    expect(await kotTable(kot)).toBe(into);
    expect(await auditOf(from, 'table.merge')).toHaveLength(1);

    const again = await merge(from, into, opId);
    expect(again.statusCode, again.body).toBe(200);
    expect(await linesOf(into)).toEqual(after);
    expect(await auditOf(from, 'table.merge')).toHaveLength(1);
  });

  it('merges into an empty table, and refuses an empty source', async () => {
    const from = await newTable();
    const into = await newTable();
    await tap(from, dosa, 2);
    expect((await merge(into, from)).statusCode).toBe(409);
    const response = await merge(from, into);
    expect(response.statusCode, response.body).toBe(200);
    expect((await linesOf(into)).map((line) => line.quantity)).toEqual([2]);
  });
});

describe('split by items', () => {
  it('pays the chosen lines and quantities (tax by shared/tax.ts on them), leaves the rest with its sent quantities, and the last part empties the table with its guests', async () => {
    const table = await newTable();
    await tap(table, dosa, 3);
    await tap(table, coffee, 2);
    await tap(table, vada, 1);
    await markSent(table, dosa, 3);
    await markSent(table, coffee, 1);
    await t.database.db
      .update(tables)
      .set({ guests: 3, openedBy: mine.staff.id, openedAt: new Date() })
      .where(and(eq(tables.branchId, mine.branchId), eq(tables.id, table)));
    const order = await orderOf(table);
    const keyOf = (product: string) => order.lines.find((line) => line.productId === product)!.key;
    const chosen = [
      { key: keyOf(dosa), quantity: 2 },
      { key: keyOf(coffee), quantity: 2 },
    ];
    const expected = computeOrderBill(
      [
        { unitPricePaise: 12_345, quantity: 2 },
        { unitPricePaise: 4_050, quantity: 2 },
      ],
      0,
      profile,
    );
    const pay = (lines: typeof chosen | undefined, version: number, totalPaise: number) =>
      staff.call('POST', `/api/tables/${table}/payments`, {
        idempotencyKey: uuidv7(),
        expectedVersion: version,
        status: 'Settled',
        payments: [{ method: 'Cash', amountPaise: totalPaise }],
        ...(lines ? { lines } : {}),
      });
    // More than the order has: 409 naming lines; a key not on the order: 409.
    const tooMany = await pay([{ key: keyOf(vada), quantity: 2 }], order.version, 1);
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).fields).toHaveProperty('lines');
    expect((await pay([{ key: 'nope', quantity: 1 }], order.version, 1)).statusCode).toBe(409);
    const twice = await pay([chosen[0]!, chosen[0]!], order.version, 1);
    expect(twice.statusCode).toBe(400);

    const first = await pay(chosen, order.version, expected.totalPaise);
    expect(first.statusCode, first.body).toBe(201);
    const part1 = first.json() as Bill;
    expect(part1.totalPaise).toBe(expected.totalPaise);
    expect(part1.tax!.taxPaise).toBe(expected.taxPaise);
    expect(part1.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [dosa, 2],
      [coffee, 2],
    ]);
    expect(part1.guests).toBeNull();
    const left = await linesOf(table);
    expect(left.map((line) => [line.productId, line.quantity, line.sent])).toEqual(
      [
        [dosa, 1, 1],
        [vada, 1, 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(await tableRow(table)).toMatchObject({ guests: 3 });

    const rest = await orderOf(table);
    const restBill = computeOrderBill(rest.lines, 0, profile);
    const second = await pay(undefined, rest.version, restBill.totalPaise);
    expect(second.statusCode, second.body).toBe(201);
    const part2 = second.json() as Bill;
    expect(part2.guests).toBe(3);
    expect(part2.number).not.toBe(part1.number);
    expect(await linesOf(table)).toEqual([]);
    expect(await tableRow(table)).toMatchObject({ guests: null, openedBy: null, openedAt: null });
    // Every item billed once over the two bills.
    const billed = await t.database.db
      .select({ productId: billLines.productId, quantity: billLines.quantity })
      .from(billLines)
      .where(inArray(billLines.billId, [part1.id, part2.id]));
    const count = (product: string) =>
      billed.filter((line) => line.productId === product).reduce((s, l) => s + l.quantity, 0);
    expect([count(dosa), count(coffee), count(vada)]).toEqual([3, 2, 1]);
    const [stored] = await t.database.db
      .select({ guests: bills.guests })
      .from(bills)
      .where(eq(bills.id, part2.id));
    expect(stored!.guests).toBe(3);
    const sales = await t.database.db
      .select()
      .from(dailyItemSales)
      .where(eq(dailyItemSales.branchId, mine.branchId));
    expect(sales.find((row) => row.name === 'Medu Vada')?.quantity).toBeGreaterThanOrEqual(1);
  });

  it('choosing every line in full pays the whole order and clears the table', async () => {
    const table = await newTable();
    const order = await tap(table, dosa, 1);
    const total = computeOrderBill(order.lines, 0, profile).totalPaise;
    const response = await staff.call('POST', `/api/tables/${table}/payments`, {
      idempotencyKey: uuidv7(),
      expectedVersion: order.version,
      status: 'Settled',
      payments: [{ method: 'UPI', amountPaise: total }],
      lines: [{ key: order.lines[0]!.key, quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await linesOf(table)).toEqual([]);
  });
});

describe('equal split', () => {
  it('pays the whole order as 3 parts, each its own bill number and tax; money, tax, items and stock conserved to the paisa', async () => {
    const [rice] = await t.database.db
      .insert(ingredients)
      .values({
        branchId: mine.branchId,
        name: `Rice ${uuidv7()}`,
        category: 'Grains',
        unit: 'g',
        quantity: 10_000,
      })
      .returning({ id: ingredients.id });
    await t.database.db.insert(productIngredients).values({
      branchId: mine.branchId,
      productId: dosa,
      ingredientId: rice!.id,
      quantityUsed: 150,
    });
    const table = await newTable();
    await tap(table, dosa, 2);
    await tap(table, coffee, 3);
    const order = await tap(table, vada, 1);
    await t.database.db
      .update(tables)
      .set({ guests: 5 })
      .where(and(eq(tables.branchId, mine.branchId), eq(tables.id, table)));
    const { whole, parts: shares } = equalSplit(order.lines, 0, profile, 3);
    const body = {
      idempotencyKey: uuidv7(),
      expectedVersion: order.version,
      parts: shares.map((share, k) => ({
        payments: [
          { method: (['Cash', 'Card', 'UPI'] as const)[k]!, amountPaise: share.totalPaise },
        ],
      })),
    };
    const url = `/api/tables/${table}/payments/equal-split`;
    // A part whose payments do not add up to it: 400 naming that part.
    const wrong = await staff.call('POST', url, {
      ...body,
      idempotencyKey: uuidv7(),
      parts: [{ payments: [{ method: 'Cash', amountPaise: 1 }] }, ...body.parts.slice(1)],
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(errorOf(wrong).fields).toHaveProperty(['parts.0.payments']);
    expect(
      (await staff.call('POST', url, { ...body, parts: body.parts.slice(0, 1) })).statusCode,
    ).toBe(400);

    const response = await staff.call('POST', url, body);
    expect(response.statusCode, response.body).toBe(201);
    const parts = (response.json() as { bills: Bill[] }).bills;
    expect(parts).toHaveLength(3);
    expect(new Set(parts.map((bill) => bill.number)).size).toBe(3);
    // Every part says the whole it is part of; the last carries the stated difference.
    expect(parts.map((bill) => bill.split)).toEqual(
      shares.map((share, k) => ({
        part: k + 1,
        parts: 3,
        totalPaise: whole.totalPaise,
        differencePaise: share.differencePaise,
      })),
    );
    expect(parts.map((bill) => bill.guests)).toEqual([5, null, null]);
    const sum = (pick: (bill: Bill) => number) => parts.reduce((acc, bill) => acc + pick(bill), 0);
    expect(sum((bill) => bill.totalPaise)).toBe(whole.totalPaise);
    expect(sum((bill) => bill.subtotalPaise)).toBe(whole.subtotalPaise);
    for (const [k, bill] of parts.entries()) {
      // Each part is its own bill by the one rule: its tax from its own lines, its total.
      const own = computeOrderBill(
        bill.lines.map((line) => ({
          unitPricePaise: line.lineTotalPaise,
          quantity: 1,
          gstRateBps: line.gstRateBps ?? 0,
        })),
        0,
        profile,
      );
      expect(bill.tax!.taxPaise).toBe(own.taxPaise);
      expect(bill.tax!.roundOffPaise).toBe(own.roundOffPaise);
      expect(bill.totalPaise).toBe(own.totalPaise + (bill.split!.differencePaise ?? 0));
      expect(bill.totalPaise).toBe(shares[k]!.totalPaise);
      expect(bill.tax!.cgstPaise).toBe(bill.tax!.sgstPaise);
      expect(bill.paidPaise).toBe(bill.totalPaise);
      expect(bill.lines.every((line) => line.wholeQuantity !== undefined)).toBe(true);
    }
    // Each item once over the parts: lines' quantities and money.
    for (const line of order.lines) {
      const shareLines = parts.flatMap((bill) =>
        bill.lines.filter((l) => l.productId === line.productId),
      );
      expect(shareLines).toHaveLength(3);
      expect(shareLines.reduce((acc, l) => acc + l.quantity, 0)).toBe(line.quantity);
      expect(shareLines.reduce((acc, l) => acc + l.lineTotalPaise, 0)).toBe(line.lineTotalPaise);
    }
    // Stock: 2 dosas × 150 g, once.
    const [stock] = await t.database.db
      .select({ quantity: ingredients.quantity })
      .from(ingredients)
      .where(eq(ingredients.id, rice!.id));
    expect(stock!.quantity).toBe(10_000 - 300);
    // The day's item sales: each item once, its money once, one line per order line.
    const sales = await t.database.db
      .select()
      .from(dailyItemSales)
      .where(
        and(eq(dailyItemSales.branchId, mine.branchId), eq(dailyItemSales.name, 'Filter Coffee')),
      );
    const billedCoffee = await t.database.db
      .select({ quantity: billLines.quantity, total: billLines.lineTotalPaise })
      .from(billLines)
      .where(and(eq(billLines.branchId, mine.branchId), eq(billLines.name, 'Filter Coffee')));
    expect(sales.reduce((acc, row) => acc + row.quantity, 0)).toBe(
      billedCoffee.reduce((acc, row) => acc + row.quantity, 0),
    );
    expect(sales.reduce((acc, row) => acc + Number(row.revenuePaise), 0)).toBe(
      billedCoffee.reduce((acc, row) => acc + row.total, 0),
    );
    // The tax report's figures: the parts' tax, once.
    const taxRows = await t.database.db
      .select()
      .from(dailyTaxSales)
      .where(eq(dailyTaxSales.branchId, mine.branchId));
    const allBills = await t.database.db
      .select({ cgst: bills.cgstPaise })
      .from(bills)
      .where(eq(bills.branchId, mine.branchId));
    expect(taxRows.reduce((acc, row) => acc + Number(row.cgstPaise), 0)).toBe(
      allBills.reduce((acc, row) => acc + (row.cgst ?? 0), 0),
    );
    // The table is empty; a retry answers the same bills and writes nothing.
    expect(await linesOf(table)).toEqual([]);
    const again = await staff.call('POST', url, body);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { bills: Bill[] }).bills.map((bill) => bill.id)).toEqual(
      parts.map((bill) => bill.id),
    );
    const [after] = await t.database.db
      .select({ quantity: ingredients.quantity })
      .from(ingredients)
      .where(eq(ingredients.id, rice!.id));
    expect(after!.quantity).toBe(10_000 - 300);
    // The kitchen account cannot; another branch's table is 404.
    expect(
      (await kitchen.call('POST', url, { ...body, idempotencyKey: uuidv7() })).statusCode,
    ).toBe(403);
    const theirTable = await newTable(theirs);
    expect(
      (await staff.call('POST', `/api/tables/${theirTable}/payments/equal-split`, body)).statusCode,
    ).toBe(404);
  });
});

describe.runIf(onPostgres)('concurrency (PostgreSQL)', () => {
  it('a tap on the source during a merge is merged or stays on the source, never lost', async () => {
    for (let round = 0; round < 5; round += 1) {
      const from = await newTable();
      const into = await newTable();
      await tap(from, dosa, 2);
      await tap(into, dosa, 1);
      const [merged, tapped] = await Promise.all([merge(from, into), staff.line(from, dosa, 1)]);
      expect(merged.statusCode, merged.body).toBe(200);
      expect(tapped.statusCode, tapped.body).toBe(200);
      const total = [...(await linesOf(from)), ...(await linesOf(into))].reduce(
        (sum, line) => sum + line.quantity,
        0,
      );
      expect(total).toBe(4);
    }
  });

  it('two merges at once (A into B, B into A) never lose or double a line', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await newTable();
      const b = await newTable();
      await tap(a, dosa, 2);
      await tap(b, coffee, 3);
      const answers = await Promise.all([merge(a, b), merge(b, a)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      // One after the other: the second finds its source empty, or (when the first had
      // finished before it began) merges everything back.
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(codes);
      const all = [...(await linesOf(a)), ...(await linesOf(b))];
      expect(all.map((line) => line.quantity).sort()).toEqual([2, 3]);
      expect((await linesOf(a)).length === 0 || (await linesOf(b)).length === 0).toBe(true);
    }
  });

  it('the same merge sent twice at once is applied once', async () => {
    const from = await newTable();
    const into = await newTable();
    await tap(from, vada, 2);
    await tap(into, vada, 1);
    const opId = uuidv7();
    const answers = await Promise.all([merge(from, into, opId), merge(from, into, opId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await linesOf(into)).map((line) => line.quantity)).toEqual([3]);
    const ops = await t.database.db.execute(
      sql`select count(*)::int as n from audit_log where entity_id = ${from} and action = 'table.merge'`,
    );
    expect((ops as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

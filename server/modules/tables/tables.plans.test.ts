import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineKeyOf } from '../../../shared/menu';
import type { Database } from '../../db/client';
import { orderLines, tables } from '../../db/schema';
import { createBranchFixture } from '../../test/fixtures';
import { createTestDatabase } from '../../test/test-database';
import { lockTableOrder } from './tables.usecases';
import * as repo from './tables.repository';
import { menuOf } from './menu.test-support';
import { addProduct } from './tables.test-support';

// The counter's statements reach their rows by key whatever the planner's statistics say
// (tables.functions.sql): on a branch of 3,000 tables made after the last ANALYZE (PGlite runs no
// autovacuum; here it is off on PostgreSQL too), or on tables the planner has no statistics of at
// all (never analysed: a new database, or a PostgreSQL server without autovacuum), taps and the
// payment's reads of the table and its lines scan none of the counter's tables from end to end,
// and read a few rows of `tables` per table they touch, not the branch's every live table (an
// index led by the branch once did that: docs/performance-notes.md, "Branch size"). Counted by
// PostgreSQL for the transaction (pg_stat_xact_user_tables), so the plans chosen inside the
// functions count too, generic ones included (each statement runs more than five times).
const COUNTER_TABLES = [
  'tables',
  'order_lines',
  'order_ops',
  'products',
  'product_variants',
  'addon_groups',
  'addon_options',
  'product_addon_groups',
];
/** Rows of `tables` read per table a call touches, at most (its own row, by key). */
const TABLE_ROWS_PER_TOUCH = 5;

describe.each([
  { statistics: 'stale statistics (of a branch of 100 tables)', analyse: true },
  { statistics: 'no statistics at all (never analysed)', analyse: false },
])('the counter at any branch size, on $statistics', ({ analyse }) => {
  let database: Database;
  let branchId: string;
  let productId: string;
  let pizza: { productId: string; variantId: string; addonIds: string[] };
  let newest: string[];
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    for (const table of COUNTER_TABLES) {
      if (database.kind === 'postgres') {
        await db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = false)`));
      }
    }
    branchId = (await createBranchFixture(db)).branchId;
    productId = await addProduct(db, branchId, 'Masala Dosa', 12_000);
    // A product with choices: a variant and an add-on of a required group.
    const menu = menuOf(db, branchId);
    const pizzaId = await addProduct(db, branchId, 'Pizza', 30_000);
    const { Large } = await menu.variants(pizzaId, [{ name: 'Large', pricePaise: 30_000 }]);
    const spice = await menu.group(
      'Spice',
      { min: 1, max: 1 },
      [{ name: 'Mild', pricePaise: 0 }],
      [pizzaId],
    );
    pizza = { productId: pizzaId, variantId: Large, addonIds: [spice.options.Mild] };
    const make = async (from: number, count: number) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 500) {
        const rows = await db
          .insert(tables)
          .values(
            Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
              branchId,
              label: `T${from + i + k}`,
            })),
          )
          .returning({ id: tables.id });
        ids.push(...rows.map((row) => row.id));
      }
      return ids;
    };
    const first = await make(1, 100);
    await db.insert(orderLines).values(
      first.slice(0, 20).map((tableId) => ({
        branchId,
        tableId,
        productId,
        name: 'Masala Dosa',
        lineKey: lineKeyOf({ productId, variantId: null, addonIds: [], note: '' }),
        unitPricePaise: 12_000,
        quantity: 1,
      })),
    );
    if (analyse) await db.execute(sql`analyze`);
    newest = (await make(101, 2900)).slice(-20);
  });
  afterAll(async () => database?.close());

  it('taps and the payment reads use indexes only, each reading its own table row', async () => {
    const CALLS = 8;
    const scans = await database.db.transaction(async (tx) => {
      const at = new Date();
      for (let call = 0; call < CALLS; call += 1) {
        const rows = await repo.changeBranchLines(tx, {
          branchId,
          calls: newest.slice(0, 9).map((tableId) => ({
            tableId,
            taps: [
              { opId: uuidv7(), productId, delta: 1 },
              { opId: uuidv7(), ...pizza, delta: 1 },
            ],
          })),
          at,
        });
        expect(rows.every((row) => !row.busy && row.statuses!.join() === 'applied,applied')).toBe(
          true,
        );
        const one = await repo.changeLines(tx, {
          branchId,
          tableId: newest[10 + (call % 10)]!,
          taps: [{ opId: uuidv7(), productId, delta: 1 }],
          at,
        });
        expect(one.statuses).toEqual(['applied']);
        const order = await lockTableOrder(tx, branchId, newest[call]!);
        expect(order.lines).toHaveLength(2);
      }
      const result = await tx.execute(
        sql.raw(
          `select relname, seq_scan, idx_tup_fetch from pg_stat_xact_user_tables
           where relname in (${COUNTER_TABLES.map((name) => `'${name}'`).join(', ')})`,
        ),
      );
      return (
        result as unknown as {
          rows: { relname: string; seq_scan: number; idx_tup_fetch: number }[];
        }
      ).rows;
    });
    expect(Object.fromEntries(scans.map((row) => [row.relname, Number(row.seq_scan)]))).toEqual(
      Object.fromEntries(COUNTER_TABLES.map((name) => [name, 0])),
    );
    // Per call: 9 tables of a branch call, one table alone, one table's order locked and read.
    const touches = CALLS * (9 + 1 + 1);
    const tableRows = Number(scans.find((row) => row.relname === 'tables')!.idx_tup_fetch);
    expect(tableRows).toBeLessThanOrEqual(touches * TABLE_ROWS_PER_TOUCH);
  });
});

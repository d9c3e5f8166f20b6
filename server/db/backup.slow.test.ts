import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBranchFixture } from '../test/fixtures';
import { runScript } from '../test/run-script';
import { dailyTotalsMismatches } from '../test/daily-totals';
import { createPostgresDatabase, createTestDatabase } from '../test/test-database';
import {
  backupToFile,
  BackupError,
  dropSchema,
  migrateTo,
  openServerDatabase,
  restoreFromFile,
} from './backup';
import {
  MIGRATIONS_FOLDER,
  migrateDatabase,
  openDatabase,
  type Database,
  type DbOrTx,
} from './client';
import { seedDemo } from '../demo/seed';
import { reverseStockEntry } from '../modules/inventory/inventory.stock.usecases';

const databaseUrl = process.env.DATABASE_URL;
const onPostgres = databaseUrl !== undefined;
const NOW = new Date('2026-11-22T06:30:00Z');
const knownMigrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) =>
  String(m.folderMillis),
);

mkdirSync('.tmp/test', { recursive: true });
const dir = mkdtempSync('.tmp/test/backup-');
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The run's migrated PGlite, when the run is on PGlite (opening it skips initdb). */
function migratedPglite(dataDir?: string): Promise<Database> {
  const dump = inject('pgliteDumpPath');
  return openDatabase({ dataDir, loadDataDir: dump ? new Blob([readFileSync(dump)]) : undefined });
}

/** An in-memory PGlite with nothing in it, not even the schema. */
async function emptyPglite(): Promise<Database> {
  const database = await migratedPglite();
  opened.push(database);
  await dropSchema(database.db);
  return database;
}

/** A database with nothing in it, not even the schema, on the engine of this run. */
async function emptyDatabase(): Promise<Database> {
  if (!onPostgres) return emptyPglite();
  const created = await createPostgresDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
  const withDrop = {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
  opened.push(withDrop);
  return withDrop;
}

/**
 * Every table of the schema (found in the catalog, not listed here), each row as PostgreSQL's
 * record text (not the backup's JSON), sorted; and the applied migrations.
 */
async function contents(database: Database): Promise<Record<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
    const tables = await rows<{ name: string }>(
      tx,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      const table = sql.identifier(name);
      result[name] = (await rows<{ row: string }>(tx, sql`select t::text as row from ${table} t`))
        .map((r) => r.row)
        .sort();
    }
    result['drizzle.__drizzle_migrations'] = (
      await rows<{ row: string }>(
        tx,
        sql`select hash || ' ' || created_at as row from drizzle.__drizzle_migrations order by id`,
      )
    ).map((r) => r.row);
    return result;
  });
}

const isEmpty = (tables: Record<string, string[]>) =>
  Object.entries(tables).every(([name, list]) => name.startsWith('drizzle.') || list.length === 0);

/** A stock entry of the demo reversed: its reversal row points at it (a table referencing itself). */
async function reverseOneStockEntry(database: Database) {
  const [entry] = await rows<{
    branchId: string;
    ingredientId: string;
    id: string;
    userId: string;
  }>(
    database.db,
    sql`select m.branch_id as "branchId", m.ingredient_id as "ingredientId", m.id,
          (select u.id from users u where u.branch_id = m.branch_id and u.role = 'branch_manager'
           limit 1) as "userId"
        from inventory_movements m
        where m.action = 'add_stock' and m.stock_purchase_id is not null
        order by m.id limit 1`,
  );
  await reverseStockEntry({
    db: database.db,
    clock: () => new Date(NOW),
    branchId: entry!.branchId,
    userId: entry!.userId,
    id: entry!.ingredientId,
    movementId: entry!.id,
    input: { reason: 'entered twice' },
  });
}

let source: Database;
let sourceContents: Record<string, string[]>;
const demoFile = join(dir, 'demo.jsonl.gz');

beforeAll(async () => {
  source = await createTestDatabase();
  opened.push(source);
  await seedDemo({ db: source.db, clock: () => new Date(NOW) });
  await reverseOneStockEntry(source);
  sourceContents = await contents(source);
  await backupToFile(source, demoFile);
});

describe('backup and restore', () => {
  it('restores the demo into an empty database: every table, row for row', async () => {
    const target = await emptyDatabase();
    const summary = await restoreFromFile(target, demoFile);
    expect(await contents(target)).toEqual(sourceContents);
    // The demo has real history, so the comparison is not one of empty tables.
    const filled = Object.values(sourceContents).filter((list) => list.length > 0);
    expect(filled.length).toBeGreaterThan(10);
    expect(summary.tables).toBe(Object.keys(sourceContents).length - 1);
    expect(summary.rows).toBe(
      Object.entries(sourceContents)
        .filter(([name]) => !name.startsWith('drizzle.'))
        .reduce((sum, [, list]) => sum + list.length, 0),
    );
    expect(summary.migratedForward).toBe(0);
  });

  it.skipIf(!onPostgres)(
    "restores either engine's backup into the other (PostgreSQL → PGlite → PostgreSQL)",
    async () => {
      const pglite = await emptyPglite();
      await restoreFromFile(pglite, demoFile);
      expect(await contents(pglite)).toEqual(sourceContents);

      const fromPglite = join(dir, 'from-pglite.jsonl.gz');
      expect((await backupToFile(pglite, fromPglite)).engine).toBe('pglite');
      const postgres = await emptyDatabase();
      await restoreFromFile(postgres, fromPglite);
      expect(await contents(postgres)).toEqual(sourceContents);
    },
    60_000,
  );

  it('refuses a database that holds rows, and replaces everything in it with force', async () => {
    await expect(restoreFromFile(source, demoFile)).rejects.toThrow(
      /The database is not empty .* add --force/,
    );
    await source.db.execute(sql`delete from bill_payments`);
    await source.db
      .execute(sql`insert into demo_requests (id, name, business_name, contact_number, email)
      values (gen_random_uuid(), 'Later', 'Later Cafe', '9876543210', 'later@example.com')`);
    await restoreFromFile(source, demoFile, { force: true });
    expect(await contents(source)).toEqual(sourceContents);
  });

  it('brings an older backup forward with the migrations written since', async () => {
    const old = await emptyDatabase();
    await migrateTo(old, 1);
    await old.db
      .execute(sql`insert into demo_requests (id, name, business_name, contact_number, email)
      values ('0190b1a8-0000-7000-8000-000000000001', 'Ravi', 'Ravi Cafe', '9876543210', 'ravi@example.com')`);
    const file = join(dir, 'old.jsonl.gz');
    expect((await backupToFile(old, file)).migrations).toBe(1);

    const target = await emptyDatabase();
    const summary = await restoreFromFile(target, file);
    expect(summary.migratedForward).toBe(knownMigrations.length - 1);
    const restored = await contents(target);
    expect(restored['drizzle.__drizzle_migrations']).toEqual(
      sourceContents['drizzle.__drizzle_migrations'],
    );
    expect(restored.demo_requests).toHaveLength(1);
    expect(restored.demo_requests![0]).toContain('0190b1a8-0000-7000-8000-000000000001');
  });

  it('writes nothing from a file cut short: the database stays empty', async () => {
    const lines = gunzipSync(readFileSync(demoFile)).toString().split('\n');
    const withoutTrailer = join(dir, 'no-trailer.jsonl.gz');
    writeFileSync(withoutTrailer, gzipSync(lines.slice(0, -2).join('\n') + '\n'));
    const halfGzip = join(dir, 'half.jsonl.gz');
    const whole = readFileSync(demoFile);
    writeFileSync(halfGzip, whole.subarray(0, Math.floor(whole.length / 2)));

    const target = await emptyDatabase();
    for (const file of [withoutTrailer, halfGzip]) {
      await expect(restoreFromFile(target, file)).rejects.toThrow(/incomplete/);
      expect(isEmpty(await contents(target))).toBe(true);
    }
  });

  it('refuses a newer backup, another migration history and a file that is not a backup, before touching the database', async () => {
    const header = JSON.parse(gunzipSync(readFileSync(demoFile)).toString().split('\n')[0]!);
    const files = {
      newer: { ...header, migrations: [...knownMigrations, String(Date.now())] },
      other: { ...header, migrations: ['1700000000000', ...knownMigrations.slice(1)] },
    };
    const target = await emptyDatabase();
    const cases: [string, Buffer, RegExp][] = [
      ['newer', gzipSync(JSON.stringify(files.newer) + '\n'), /comes from a newer TableFlow/],
      ['other', gzipSync(JSON.stringify(files.other) + '\n'), /Migration 1 of the backup/],
      ['text', Buffer.from('not a backup\n'), /not a TableFlow backup/],
      ['gzipped text', gzipSync('hello\n'), /not a TableFlow backup/],
    ];
    for (const [name, content, message] of cases) {
      const file = join(dir, `${name}.jsonl.gz`);
      writeFileSync(file, content);
      const refusal = restoreFromFile(target, file);
      await expect(refusal).rejects.toThrow(BackupError);
      await expect(refusal).rejects.toThrow(message);
    }
    const [schema] = await rows<{ tables: number }>(
      target.db,
      sql`select count(*)::int as tables from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    expect(schema!.tables).toBe(0);
  });

  it('carries no sequence positions because the schema has no sequences', async () => {
    // Ids are UUIDs and counters are rows. A serial or identity column would need its
    // sequence set after a restore (server/db/backup.ts): this test says when that day comes.
    const [found] = await rows<{ sequences: number }>(
      source.db,
      sql`select count(*)::int as sequences from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'S'`,
    );
    expect(found!.sequences).toBe(0);
  });

  it.skipIf(!onPostgres)('takes one snapshot while the server goes on writing', async () => {
    // Writers add a demo request and a password reset request in one transaction each, all
    // through the backup: both tables must come out with the same number of new rows.
    const writes = await createTestDatabase();
    opened.push(writes);
    let writing = true;
    const writer = async () => {
      while (writing) {
        await writes.db.transaction(async (tx) => {
          await tx.execute(sql`insert into demo_requests (id, name, business_name, contact_number, email)
              values (gen_random_uuid(), 'Busy', 'Busy Cafe', '9876543210', 'busy@example.com')`);
          await tx.execute(sql`insert into password_reset_requests (id, email)
              values (gen_random_uuid(), 'busy@example.com')`);
        });
      }
    };
    const writers = [writer(), writer(), writer()];
    const file = join(dir, 'busy.jsonl.gz');
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await backupToFile(writes, file);
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    const counts = Object.fromEntries(
      gunzipSync(readFileSync(file))
        .toString()
        .split('\n')
        .filter((line) => line.startsWith('{"table"'))
        .map((line) => JSON.parse(line) as { table: string; rows: number })
        .map(({ table, rows: count }) => [table, count]),
    );
    expect(counts.demo_requests).toBeGreaterThan(0);
    expect(counts.demo_requests).toBe(counts.password_reset_requests);
  });
});

describe('migrations 0010 and 0012 (totals per day)', () => {
  it('add up the bills, lines and payments written before them into the totals per day', async () => {
    const old = await emptyDatabase();
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const before = journal.entries.findIndex((entry) => entry.tag === '0010_daily_item_sales');
    expect(before).toBeGreaterThan(0);
    await migrateTo(old, before);
    // A branch of then: tax profiles came later (migration 0019 gives it one).
    const branch = await createBranchFixture(old.db, { taxProfile: false, kitchen: false });
    const b = sql`${branch.branchId}::uuid`;
    await old.db.execute(sql`insert into tables (branch_id, id, label)
      values (${b}, '0190b1a8-0000-7000-8000-0000000000aa', 'T1')`);
    for (const [n, day] of ['2026-11-20', '2026-11-20', '2026-11-21'].entries()) {
      const bill = sql`${`0190b1a8-0000-7000-8000-00000000010${n}`}::uuid`;
      // The last one is Due with 4000 paid by UPI at the table; the others paid in cash.
      const due = n === 2;
      await old.db.execute(sql`insert into bills (branch_id, id, table_id, table_label, number,
          financial_year, business_date, subtotal_paise, total_paise, method, status, responsible,
          idempotency_key)
        values (${b}, ${bill}, '0190b1a8-0000-7000-8000-0000000000aa', 'T1', ${`X/${n}`},
          '2026-27', ${day}::date, 9000, 9000, ${due ? 'Due' : 'Cash'}, ${due ? 'Due' : 'Settled'},
          ${due ? 'Asha' : null}, ${`key-${n}`})`);
      await old.db
        .execute(sql`insert into bill_payments (branch_id, id, bill_id, method, amount_paise)
        values (${b}, gen_random_uuid(), ${bill}, ${due ? 'UPI' : 'Cash'}, ${due ? 4000 : 9000})`);
      await old.db.execute(sql`insert into bill_lines (branch_id, id, bill_id, name,
          unit_price_paise, quantity, line_total_paise)
        values (${b}, gen_random_uuid(), ${bill}, 'Chai', 3000, 2, 6000),
          (${b}, gen_random_uuid(), ${bill}, 'Toast', 1500, 2, 3000)`);
    }
    await migrateDatabase(old);
    expect(await dailyTotalsMismatches(old.db, branch.branchId)).toEqual([]);
    const kept = await rows<{ name: string; day: string; quantity: string; lines: number }>(
      old.db,
      sql`select name, business_date::text as day, quantity::text, lines from daily_item_sales
        where branch_id = ${b} order by day, name`,
    );
    expect(kept).toEqual([
      { name: 'Chai', day: '2026-11-20', quantity: '4', lines: 2 },
      { name: 'Toast', day: '2026-11-20', quantity: '4', lines: 2 },
      { name: 'Chai', day: '2026-11-21', quantity: '2', lines: 1 },
      { name: 'Toast', day: '2026-11-21', quantity: '2', lines: 1 },
    ]);
    const days = await rows<{ day: string; v: string }>(
      old.db,
      sql`select business_date::text as day,
          concat_ws('/', bills, total_paise, due_total_paise, due_paid_paise) as v
        from daily_bill_totals where branch_id = ${b} order by day`,
    );
    expect(days).toEqual([
      { day: '2026-11-20', v: '2/18000/0/0' },
      { day: '2026-11-21', v: '1/9000/9000/4000' },
    ]);
    // Migration 0019: the branch got a tax profile as it billed (not registered, no round-off),
    // and its bills stay untaxed.
    expect(
      await rows(
        old.db,
        sql`select regime::text, round_off, invoice_prefix from tax_profiles where branch_id = ${b}`,
      ),
    ).toEqual([
      { regime: 'unregistered', round_off: false, invoice_prefix: branch.code.slice(0, 4) },
    ]);
    expect(
      await rows(old.db, sql`select count(*)::int as n from bills where tax_regime is not null`),
    ).toEqual([{ n: 0 }]);
  });
});

describe.skipIf(onPostgres)('the backup and restore commands on PGlite', () => {
  it('refuse a folder a server holds, then back up and restore it once it is stopped', async () => {
    const dataDir = join(dir, 'data');
    const restoredDir = join(dir, 'restored');
    const file = join(dir, 'cli.jsonl.gz');
    const server = await migratedPglite(dataDir);
    const branch = await createBranchFixture(server.db);

    await expect(openServerDatabase({ DATA_DIR: dataDir }, { create: false })).rejects.toThrow(
      /is in use by a TableFlow server/,
    );
    await server.close();

    const backup = await runScript('scripts/backup.ts', [file], { DATA_DIR: dataDir });
    // The branch, its tax profile and its three users.
    expect(backup.output).toMatch(/Backup written to .*cli\.jsonl\.gz: \d+ tables, 5 rows/);
    const restore = await runScript('scripts/restore.ts', [file], { DATA_DIR: restoredDir });
    expect(restore.output).toMatch(/Restored .* into PGlite in .*restored: \d+ tables, 5 rows/);
    expect(restore.code).toBe(0);

    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const users = await rows<{ email: string }>(
        restored.db,
        sql`select email from users order by role`,
      );
      expect(users.map((u) => u.email)).toEqual([
        branch.manager.email,
        branch.staff.email,
        branch.kitchen.email,
      ]);
    } finally {
      await restored.close();
    }
  }, 60_000);
});

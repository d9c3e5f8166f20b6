/**
 * Backups (`npm run backup`, `npm run restore`) in one logical format for both engines, so a
 * PGlite backup restores into PostgreSQL (moving a branch off the embedded database) and back.
 *
 * The file is gzipped JSON lines: a header (format, engine, the migrations applied),
 * then each table of the `public` schema as a line `{ table, columns, rows }` followed by
 * `rows` lines, one row each as PostgreSQL's own `to_jsonb(row)` text (never parsed here, so
 * numbers, times and text come back exactly), then a trailer with the totals: a file cut short
 * is refused. Tables come parents first (foreign keys), so a restore inserts in file order.
 *
 * Consistency: everything is read in one REPEATABLE READ, read-only transaction, one snapshot
 * of the whole database while the server goes on writing (PostgreSQL). PGlite belongs to the
 * one process that opened its folder: it is backed up with the server stopped.
 *
 * A restore never mixes data: the database must hold no rows (else `force`), its schema is
 * rebuilt by the migrations the backup was taken at, the rows go in in one transaction, then
 * the later migrations of this version run (an older backup comes forward like a database).
 * The schema has no sequences (ids are UUIDs, counters are rows), so no position to restore:
 * backup.slow.test.ts fails if one appears.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Config } from '../config';
import {
  MIGRATIONS_FOLDER,
  migrateDatabase,
  openDatabase,
  type Database,
  type DatabaseKind,
  type Db,
  type DbOrTx,
} from './client';
import { BackupError, parentsFirst, publicTables, rowOrder } from './backup-schema';
import { selectRows } from '../lib/sql';

export { BackupError };

const FORMAT = 'tableflow-backup';
const FORMAT_VERSION = 1;
/** Rows per cursor fetch and per INSERT: a few hundred KB of JSON at most. */
const BATCH_ROWS = 1000;

const headerSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number(),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /**
   * Each applied migration by its journal time (drizzle's `created_at`, what drizzle itself
   * compares), oldest first: unlike its hash, the same on a checkout with CRLF line ends.
   */
  migrations: z.array(z.string()),
});
const tableHeaderSchema = z.object({
  table: z.string(),
  columns: z.array(z.string()),
  rows: z.number().int().min(0),
});
const trailerSchema = z.object({
  end: z.literal(true),
  tables: z.number(),
  rows: z.number(),
});
const sectionSchema = z.union([tableHeaderSchema, trailerSchema]);
type Header = z.infer<typeof headerSchema>;

export interface BackupSummary {
  engine: DatabaseKind;
  tables: number;
  rows: number;
  migrations: number;
}
export interface RestoreSummary extends BackupSummary {
  /** Migrations of this version newer than the backup, applied after its rows. */
  migratedForward: number;
}

async function* backupLines(
  tx: DbOrTx,
  engine: DatabaseKind,
  summary: BackupSummary,
): AsyncGenerator<string> {
  const migrations = await appliedMigrations(tx);
  if (migrations.length === 0) {
    throw new BackupError('This database has no TableFlow schema: nothing to back up.');
  }
  const header: Header = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    engine,
    migrations,
  };
  yield JSON.stringify(header) + '\n';
  Object.assign(summary, { engine, migrations: migrations.length });

  for (const { table, columns } of await parentsFirst(tx, await publicTables(tx))) {
    const [counted] = await selectRows<{ rows: string }>(
      tx,
      sql`select count(*)::text as rows from ${sql.identifier(table)}`,
    );
    const rows = Number(counted!.rows);
    yield (
      JSON.stringify({ table, columns, rows } satisfies z.infer<typeof tableHeaderSchema>) + '\n'
    );
    await tx.execute(sql`declare backup_rows no scroll cursor for
      select to_jsonb(t)::text as row from ${sql.identifier(table)} t ${await rowOrder(tx, table)}`);
    let written = 0;
    for (;;) {
      const batch = await selectRows<{ row: string }>(
        tx,
        sql`fetch ${sql.raw(String(BATCH_ROWS))} from backup_rows`,
      );
      if (batch.length === 0) break;
      written += batch.length;
      yield batch.map((r) => r.row).join('\n') + '\n';
    }
    await tx.execute(sql`close backup_rows`);
    // The snapshot guarantees it; a difference would mean the file is not what it claims.
    if (written !== rows) throw new Error(`${table}: counted ${rows} rows, read ${written}`);
    summary.tables += 1;
    summary.rows += rows;
  }
  yield (
    JSON.stringify({
      end: true,
      tables: summary.tables,
      rows: summary.rows,
    } satisfies z.infer<typeof trailerSchema>) + '\n'
  );
}

async function appliedMigrations(db: DbOrTx): Promise<string[]> {
  const [schema] = await selectRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!schema!.present) return [];
  const rows = await selectRows<{ when: string }>(
    db,
    sql`select created_at::text as when from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => r.when);
}

/** Writes a backup of the whole database to `path` (gzipped; written aside, then renamed). */
export async function backupToFile(database: Database, path: string): Promise<BackupSummary> {
  if (existsSync(path)) throw new BackupError(`${path} exists already: choose another name.`);
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  const summary: BackupSummary = { engine: database.kind, tables: 0, rows: 0, migrations: 0 };
  try {
    await database.db.transaction(
      (tx) =>
        pipeline(
          Readable.from(backupLines(tx, database.kind, summary)),
          createGzip(),
          createWriteStream(partial),
        ),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const file = await open(partial, 'r+');
    await file.sync();
    await file.close();
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return summary;
}

/** The lines of a gunzipped stream, without their '\n'. */
async function* linesOf(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of source) {
    const lines = (rest + decoder.write(chunk)).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

const notABackup = () => new BackupError('This file is not a TableFlow backup.');
const cutShort = () => new BackupError('The backup file is incomplete: it ends too early.');

function parseLine<T>(line: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw notABackup();
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw notABackup();
  return parsed.data;
}

/** The backup's migrations must be this version's first ones (an older backup is fine). */
function checkMigrations(header: Header, known: string[]) {
  if (header.version !== FORMAT_VERSION) {
    throw new BackupError(`The backup has format ${header.version}: this version reads only 1.`);
  }
  if (header.migrations.length > known.length) {
    throw new BackupError(
      `The backup comes from a newer TableFlow (${header.migrations.length} migrations, this ` +
        `version has ${known.length}): restore it with that version.`,
    );
  }
  const differs = header.migrations.findIndex((when, i) => when !== known[i]);
  if (differs !== -1) {
    throw new BackupError(
      `Migration ${differs + 1} of the backup is not this version's: it comes from another TableFlow.`,
    );
  }
}

/**
 * Refuses a database with rows unless `force`; then drops what earlier migrations made (an
 * empty but migrated database too), so the backup's own migrations rebuild the schema.
 */
async function prepareTarget(database: Database, force: boolean) {
  const { db } = database;
  const tables = await publicTables(db);
  const filled: string[] = [];
  for (const { table } of tables) {
    const [row] = await selectRows<{ filled: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(table)}) as filled`,
    );
    if (row!.filled) filled.push(table);
  }
  if (filled.length > 0 && !force) {
    throw new BackupError(
      `The database is not empty (${filled.length} tables hold rows, e.g. ${filled[0]}): ` +
        'restore into an empty database, or add --force to replace everything in it.',
    );
  }
  if (tables.length > 0 || (await appliedMigrations(db)).length > 0) await dropSchema(db);
}

/** Drops everything the migrations made (tables, types, functions, their own record). */
export async function dropSchema(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`drop schema if exists drizzle cascade`);
    await tx.execute(sql`drop schema public cascade`);
    await tx.execute(sql`create schema public`);
  });
}

/** Applies this version's first `count` migrations only (a copy of the folder, cut). */
export async function migrateTo(database: Database, count: number) {
  const folder = await mkdtemp(join(tmpdir(), 'tableflow-migrations-'));
  try {
    const journal = JSON.parse(
      await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, count);
    await mkdir(join(folder, 'meta'));
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries) {
      await copyFile(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(folder, `${tag}.sql`));
    }
    await migrateDatabase(database, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function restoreLines(
  database: Database,
  lines: AsyncGenerator<string>,
  force: boolean,
): Promise<RestoreSummary> {
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw cutShort();
    return line.value;
  };
  const header = parseLine(await next(), headerSchema);
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) =>
    String(m.folderMillis),
  );
  checkMigrations(header, known);
  await prepareTarget(database, force);
  await migrateTo(database, header.migrations.length);

  // All rows in one transaction: a damaged file leaves the database as empty as it was.
  const loaded = await database.db.transaction(async (tx) => {
    // The rows go back as they were: the day-close and cash-drawer triggers
    // (server/modules/cash/cash.functions.sql) let this transaction write closed days' rows.
    await tx.execute(sql`select set_config('tf.restoring', 'on', true)`);
    let tables = 0;
    let rows = 0;
    for (;;) {
      const section = parseLine(await next(), sectionSchema);
      if ('end' in section) {
        if (section.tables !== tables || section.rows !== rows) throw cutShort();
        return { tables, rows };
      }
      const table = sql.identifier(section.table);
      const columns = sql.join(
        section.columns.map((column) => sql.identifier(column)),
        sql`, `,
      );
      for (let done = 0; done < section.rows;) {
        const batch: string[] = [];
        while (batch.length < BATCH_ROWS && done + batch.length < section.rows) {
          batch.push(await next());
        }
        await tx.execute(sql`insert into ${table} (${columns})
          select ${columns} from jsonb_populate_recordset(null::${table}, ${`[${batch.join(',')}]`}::jsonb)`);
        done += batch.length;
      }
      tables += 1;
      rows += section.rows;
    }
  });
  await migrateDatabase(database);
  return {
    engine: header.engine,
    migrations: header.migrations.length,
    migratedForward: known.length - header.migrations.length,
    ...loaded,
  };
}

/**
 * Restores a backup file into `database`, which must hold no rows unless `force` (then
 * everything in it is replaced). Ends migrated to this version.
 */
export async function restoreFromFile(
  database: Database,
  path: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreSummary> {
  if (!existsSync(path)) throw new BackupError(`${path}: no such file.`);
  let summary: RestoreSummary | undefined;
  try {
    await pipeline(createReadStream(path), createGunzip(), async (source) => {
      summary = await restoreLines(database, linesOf(source), force);
    });
  } catch (error) {
    // zlib: not gzip at all, or a file cut short inside its compressed stream.
    const code = (error as { code?: string }).code;
    if (code === 'Z_BUF_ERROR') throw cutShort();
    if (code === 'Z_DATA_ERROR') throw notABackup();
    throw error;
  }
  return summary!;
}

/** `backups/tableflow-20261122-233005.jsonl.gz` (UTC): the backup command's default file. */
export function defaultBackupPath(now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return join('backups', `tableflow-${stamp}.jsonl.gz`);
}

/**
 * The database the server of this environment uses, opened for `npm run backup` / `restore`:
 * PostgreSQL (DATABASE_URL), or PGlite in DATA_DIR when no server holds that folder.
 */
export async function openServerDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  { create }: { create: boolean },
): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 1 });
  const dir = config.DATA_DIR;
  if (existsSync(join(dir, 'postmaster.pid'))) {
    throw new BackupError(
      `${dir} is in use by a TableFlow server (its postmaster.pid is there): stop the server ` +
        'first. A server that was killed leaves the file behind: start it and stop it once.',
    );
  }
  if (!create && !existsSync(join(dir, 'PG_VERSION'))) {
    throw new BackupError(`${dir} holds no database: set DATA_DIR, or DATABASE_URL.`);
  }
  await mkdir(dir, { recursive: true });
  return openDatabase({ dataDir: dir });
}

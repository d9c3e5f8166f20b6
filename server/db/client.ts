import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

/** Either driver: PGlite (embedded) and node-postgres share the PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a use case receives inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** The raw PGlite instance, present only for the embedded database (tests dump it). */
  pglite?: PGlite;
  /** The PostgreSQL server's URL (a dedicated LISTEN connection uses it). */
  url?: string;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** PostgreSQL server; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string;
  /** PGlite data folder; `undefined` keeps it in memory (tests). */
  dataDir?: string;
  /** Start PGlite from a dump made by `dumpDataDir` (tests: migrated once per run). */
  loadDataDir?: Blob;
  /** node-postgres pool size. */
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // No JIT compilation: a report over a few years of a busy branch passes jit_above_cost and
      // would spend hundreds of milliseconds compiling before it runs (docs/performance.md);
      // the server's statements are short, and those over ranges are answered by indexes and
      // per-day totals.
      options: '-c jit=off',
    });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', url: options.databaseUrl, close: () => pool.end() };
  }
  if (options.dataDir && !options.loadDataDir) {
    await createDataDir(options.dataDir);
    compileWebAssemblyLean();
  }
  const pglite = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    postgresqlconf: PGLITE_SETTINGS,
  });
  await pglite.waitReady;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

/**
 * The embedded PostgreSQL's settings where PGlite's defaults cost memory the server does not
 * use: its shared buffers live in the WebAssembly heap, which PGlite fills at start, so the
 * default 128 MB are resident from the first second (docs/performance.md, "PGlite's memory").
 * 32 MB hold the demo's and a small restaurant's hot data; what does not fit is read from the
 * operating system's file cache.
 */
const PGLITE_SETTINGS = ['shared_buffers = 32MB'];

/**
 * How V8 compiles PGlite's WebAssembly (PostgreSQL, 9 MB of code) in a process that serves a
 * database folder (the server's): each function when it is first called (lazy compilation), by
 * the optimising compiler alone (no Liftoff). V8's default compiles every function at once with
 * its baseline compiler Liftoff, then the hot ones again with TurboFan, and keeps both with the
 * compilers' working memory: 30–50 MB more resident, for code that runs no faster
 * (docs/performance-notes.md, "PGlite's memory"). The price: the first call of a PostgreSQL
 * function compiles it, about 1 s more per start, which a server pays once but a test's
 * throwaway in-memory database (no folder) would pay in every test file: those keep V8's
 * default. The flags hold for the rest of the process, and must be set before PGlite's module
 * is compiled.
 */
function compileWebAssemblyLean() {
  setFlagsFromString('--wasm-lazy-compilation');
  setFlagsFromString('--no-liftoff');
}

/**
 * Makes a new PGlite data folder (initdb) in a Node process of its own that ends once it is
 * done: PGlite runs initdb in a WebAssembly instance of its own, and in the server's process
 * the memory it took (about 440 MB at its peak) stays resident for as long as the server runs
 * (a worker thread's is kept by the allocator too). A folder that already holds a database is
 * left alone.
 */
async function createDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const script = `
    const { PGlite } = await import(process.env.TF_PGLITE);
    const pglite = new PGlite({ dataDir: process.env.TF_DATA_DIR });
    await pglite.waitReady;
    await pglite.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', script], {
      env: {
        ...process.env,
        TF_PGLITE: import.meta.resolve('@electric-sql/pglite'),
        TF_DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the PGlite data folder failed (exit ${code}): ${errors}`)),
    );
  });
}

const dialect = new PgDialect();

/**
 * A statement of a hot path, built once with `sql.placeholder('name')` for its values and run by
 * name: drizzle does not build it again for each call, and PostgreSQL parses it once per
 * connection (a named prepared statement) and can keep its plan. Runs on the database or inside
 * a transaction and answers the rows. `name` must be unique in the server.
 */
export function preparedStatement<Row>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(built, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/**
 * `preparedStatement` for a query builder (a select keeps its result mapping): `build` makes it
 * once per database handle, with `sql.placeholder('name')` for its values; answers the prepared
 * query to `execute({ name: value })`.
 */
export function preparedQuery<Prepared>(
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): Prepared },
) {
  const prepared = new WeakMap<DbOrTx, Prepared>();
  return (db: DbOrTx): Prepared => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db).prepare(name);
      prepared.set(db, query);
    }
    return query;
  };
}

/**
 * Applies the migrations of `migrationsFolder` (the committed ones by default) not yet applied.
 * On PostgreSQL several processes may start at once: each takes an advisory lock first, on a
 * connection of its own that also runs the migrations, so the second waits and then finds them
 * applied. Ending that connection releases the lock, whatever happened.
 */
export async function migrateDatabase(
  database: Database,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  const config = { migrationsFolder };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], config);
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('tableflow:migrations'))`);
    await migratePg(drizzlePg({ client }), config);
  } finally {
    await client.end();
  }
}

interface Journal {
  entries: { tag: string }[];
}

/** Migrations committed in the repository versus applied to this database. */
/** The migrations this code carries: read from the journal once, not on every health check. */
let journalEntries: number | undefined;
function availableMigrations(): number {
  journalEntries ??= (
    JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as Journal
  ).entries.length;
  return journalEntries;
}

export async function migrationState(
  database: Database,
): Promise<{ applied: number; available: number; upToDate: boolean }> {
  const available = availableMigrations();
  let applied: number;
  try {
    const result = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    applied = Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
  } catch {
    // No migrations table yet: nothing applied.
    applied = 0;
  }
  return { applied, available, upToDate: applied === available };
}

// The billing scenario's shared parts (bench/billing.scenario.ts): its database and menu, the
// tables and open orders it writes straight to the database, the CPU per operation of a
// measurement, and the figures' formats. The kitchen and printing scenarios use them too.
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import {
  ingredients,
  orderLines,
  productIngredients,
  products,
  tables,
  type NewOrderLine,
  type NewTable,
} from '../server/db/schema';
import { systemClock } from '../server/lib/clock';
import { createBranchFixture } from '../server/test/fixtures';
import { lineKeyOf } from '../shared/menu';
import { startLoadClient } from './load-client';
import {
  cpuMsBetween,
  cpuMsByPid,
  signIn,
  tempDir,
  type Measured,
  withThrowawayDatabase,
} from './support';

export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
/** Length of each measurement. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const LINES_PER_BILL = 10;
export const INGREDIENTS_PER_LINE = 3;
/** The PostgreSQL server; a database `tf_bench_<time>` is made on it for the run and dropped. */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/';
/** The counter's tables: on PostgreSQL, autovacuum (and its ANALYZE) is off for them in a run. */
export const COUNTER_TABLES = ['tables', 'order_lines', 'order_ops', 'products'];

export type Backend = 'PGlite' | 'PostgreSQL';

/** CPU time per operation (ms): of the process that sends the requests to the database (the
 *  server for the API, the bench's raw clients for the raw UPDATE; PGlite runs in it too), of the
 *  PostgreSQL backends of the bench's database, and of the HTTP clients' process. */
export interface CpuPerOp {
  node: number;
  database: number | null;
  clients: number | null;
}

export type Run = Measured & { cpu: CpuPerOp };

/** Taps and payments on one branch of the table-count cases. */
export interface SizeResult {
  taps: Run;
  pay: Run;
}

/** Raw statements straight to the database the server uses. */
export interface RawDatabase {
  query(text: string, params: unknown[]): Promise<unknown>;
  version(): Promise<string>;
  /** The PostgreSQL backends serving this database (none for PGlite: it runs in this process). */
  backendPids(): Promise<number[] | null>;
  close(): Promise<void>;
}

export function rawDatabase(database: Database, url: string | undefined): RawDatabase {
  if (database.pglite) {
    const pglite = database.pglite;
    return {
      query: (text, params) => pglite.query(text, params),
      version: async () =>
        `PGlite (${(await pglite.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v})`,
      backendPids: async () => null,
      close: async () => undefined,
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
  // An idle connection closed by the server must not end the run.
  pool.on('error', () => undefined);
  return {
    query: (text, params) => pool.query(text, params),
    version: async () =>
      `PostgreSQL ${(await pool.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v}`,
    backendPids: async () =>
      (
        await pool.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database()',
        )
      ).rows.map((row) => row.pid),
    close: () => pool.end(),
  };
}

/** Items on all the branch's open orders. */
export async function sumQuantity(database: Database, branchId: string): Promise<number> {
  const [row] = await database.db
    .select({ total: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.branchId, branchId));
  return Number(row!.total);
}

/**
 * Runs `body` (one measurement) and adds the CPU time per operation of this process, of the
 * database's PostgreSQL backends (those open at the end: a pool opens its connections as the
 * measurement starts) and of the HTTP clients' process `clientsPid`.
 */
export async function withCpu(
  raw: RawDatabase,
  clientsPid: number | null,
  body: () => Promise<Measured>,
): Promise<Run> {
  const before = cpuMsByPid();
  const self = process.cpuUsage();
  const measured = await body();
  const selfMs = process.cpuUsage(self);
  const after = cpuMsByPid();
  const backends = await raw.backendPids();
  const perOp = (ms: number) => ms / Math.max(1, measured.count);
  return {
    ...measured,
    cpu: {
      node: perOp((selfMs.user + selfMs.system) / 1000),
      database: backends && perOp(cpuMsBetween(before, after, backends)),
      clients: clientsPid ? perOp(cpuMsBetween(before, after, [clientsPid])) : null,
    },
  };
}

/**
 * A branch of the scenario's own, on a plan that covers any date, with room for its users (a
 * manager, a staff member whose email signs the load in, a kitchen account).
 */
export function benchBranch(
  database: Database,
  options: Pick<Parameters<typeof createBranchFixture>[1] & object, 'taxProfile'> = {},
) {
  return createBranchFixture(database.db, {
    activeDate: '2020-01-01',
    deactiveDate: '2099-12-31',
    numberOfUsers: 50,
    staff: { activeDate: '2020-01-01', deactiveDate: '2099-12-31' },
    ...options,
  });
}

export type Dish = { id: string; name: string; pricePaise: number };

/**
 * The menu of a branch: 10 products of 3 ingredients each; every bill has all 10, so each
 * payment deducts from the same 10 ingredients (a café where every bill uses milk and sugar).
 */
export async function createMenu(database: Database, branchId: string): Promise<Dish[]> {
  const db = database.db;
  const stock = await db
    .insert(ingredients)
    .values(
      Array.from({ length: LINES_PER_BILL }, (_, i) => ({
        branchId,
        name: `Ingredient ${i + 1}`,
        category: 'Bench',
        unit: 'g' as const,
        quantity: 1_000_000_000,
      })),
    )
    .returning({ id: ingredients.id });
  const menu = await db
    .insert(products)
    .values(
      Array.from({ length: LINES_PER_BILL }, (_, i) => ({
        branchId,
        name: `Dish ${i + 1}`,
        pricePaise: 10_000 + i * 500,
        subcategory: 'Mains',
      })),
    )
    .returning({ id: products.id, name: products.name, pricePaise: products.pricePaise });
  await db.insert(productIngredients).values(
    menu.flatMap((product, i) =>
      Array.from({ length: INGREDIENTS_PER_LINE }, (_, k) => ({
        branchId,
        productId: product.id,
        ingredientId: stock[(i + k) % stock.length]!.id,
        quantityUsed: 5,
      })),
    ),
  );
  return menu;
}

/** Tables of the branch, made straight in the database; answers their ids in order. */
export async function createTables(database: Database, branchId: string, labels: string[]) {
  const rows: { id: string }[] = [];
  for (let i = 0; i < labels.length; i += 500) {
    const batch: NewTable[] = labels.slice(i, i + 500).map((label) => ({ branchId, label }));
    rows.push(...(await database.db.insert(tables).values(batch).returning({ id: tables.id })));
  }
  return rows.map((row) => row.id);
}

/**
 * An open order of every dish × 2 on each of `tableIds` (written straight to the database, at
 * version 0 as the payments expect); answers a bill's total.
 */
export async function fillOrders(
  database: Database,
  branchId: string,
  menu: Dish[],
  tableIds: string[],
) {
  const lines: NewOrderLine[] = tableIds.flatMap((tableId) =>
    menu.map((dish) => ({
      branchId,
      tableId,
      productId: dish.id,
      name: dish.name,
      lineKey: lineKeyOf({ productId: dish.id, variantId: null, addonIds: [], note: '' }),
      unitPricePaise: dish.pricePaise,
      quantity: 2,
    })),
  );
  for (let i = 0; i < lines.length; i += 1000) {
    await database.db.insert(orderLines).values(lines.slice(i, i + 1000));
  }
  await database.db
    .update(tables)
    .set({ version: 0 })
    .where(and(eq(tables.branchId, branchId), inArray(tables.id, tableIds)));
  return menu.reduce((sum, dish) => sum + dish.pricePaise * 2, 0);
}

/** Server and database CPU of one operation (ms). */
export const serverCpu = (run: Run) => run.cpu.node + (run.cpu.database ?? 0);

/**
 * Rounds of one measurement as one: their operations and time added up, the CPU per operation
 * over all of them; p50 the median of the rounds' medians, p99 the highest of their p99s.
 */
export function combined(rounds: Run[]): Run {
  const count = rounds.reduce((sum, r) => sum + r.count, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const weighted = (pick: (cpu: CpuPerOp) => number | null) => {
    if (rounds.some((r) => pick(r.cpu) === null)) return null;
    return rounds.reduce((sum, r) => sum + pick(r.cpu)! * r.count, 0) / Math.max(1, count);
  };
  const p50s = rounds.map((r) => r.p50Ms).sort((a, b) => a - b);
  return {
    count,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError,
    seconds,
    perSecond: count / seconds,
    p50Ms: p50s[Math.floor(p50s.length / 2)]!,
    p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
    cpu: {
      node: weighted((cpu) => cpu.node)!,
      database: weighted((cpu) => cpu.database),
      clients: weighted((cpu) => cpu.clients),
    },
  };
}

/** Runs `body` with a fresh database on the PostgreSQL server, dropped afterwards. */
export const withPostgresDatabase = <T>(body: (url: string) => Promise<T>) =>
  withThrowawayDatabase(new URL('postgres', POSTGRES_URL).href, body, { prefix: 'tf_bench' });

export const rate = (m: Measured) => m.perSecond.toFixed(0);
export const ms = (value: number) => value.toFixed(1);
export const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
export const count = (n: number) => n.toLocaleString('en');

type LoadClient = ReturnType<typeof startLoadClient>;

/** What a measurement of the billing scenario runs against. */
export interface BenchServer {
  backend: Backend;
  database: Database;
  raw: RawDatabase;
  /** The server's address: http://127.0.0.1:<port>. */
  url: string;
  /** A load process (bench/load-client.ts) of `connections` clients signed in as `email`. */
  loadClient(email: string, connections: number): Promise<LoadClient>;
}

/**
 * Runs `body` against a fresh database behind the real server (`buildApp`, LOG_LEVEL=warn,
 * listening on 127.0.0.1): PGlite in a temporary folder, in this process, or the PostgreSQL
 * database `databaseUrl`, migrated, with autovacuum off for the counter's tables (so their
 * planner statistics are only those the scenario gathers). Everything is closed after `body`,
 * whatever happens: the load processes, the server, the connections, the folder.
 */
export async function withBenchServer<T>(
  backend: Backend,
  databaseUrl: string | undefined,
  body: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const data = databaseUrl ? undefined : tempDir('bench-billing');
  const database = await openDatabase({ databaseUrl, dataDir: data?.path });
  const raw = rawDatabase(database, databaseUrl);
  const loads: LoadClient[] = [];
  let app: FastifyInstance | undefined;
  try {
    await migrateDatabase(database);
    if (backend === 'PostgreSQL') {
      for (const table of COUNTER_TABLES) {
        await raw.query(`alter table ${table} set (autovacuum_enabled = false)`, []);
      }
    }
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST: '.tmp/bench-no-web',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    app = await buildApp({ database, config, clock: systemClock });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return await body({
      backend,
      database,
      raw,
      url,
      loadClient: async (email, connections) => {
        const load = startLoadClient({ url, cookie: await signIn(url, email), connections });
        loads.push(load);
        return load;
      },
    });
  } finally {
    // Each step runs even when one before it fails, so nothing is left connected to a database
    // that is dropped next.
    for (const step of [
      ...loads.map((load) => () => load.stop()),
      () => app?.close(),
      () => raw.close(),
      () => database.close(),
    ]) {
      await Promise.resolve()
        .then(step)
        .catch((error: unknown) => console.error(`  ${backend}: closing failed:`, error));
    }
    data?.remove();
  }
}

/** A row of the scenario's tables: the measurement, its rate, latency, ratio, errors and CPU. */
export function rowOf(backend: Backend, label: string, m: Run, ratio?: number): string[] {
  const cpu = (value: number | null) => (value === null ? '–' : value.toFixed(2));
  return [
    `${backend}: ${label}`,
    rate(m),
    ms(m.p50Ms),
    ms(m.p99Ms),
    ratio === undefined ? '' : percent(ratio),
    String(m.errors),
    `${cpu(m.cpu.node)} / ${cpu(m.cpu.database)} / ${cpu(m.cpu.clients)}`,
  ];
}

// Scenario 'billing': the counter's hot paths through the real HTTP server, on PGlite and on
// PostgreSQL: order-line taps (each client on its own table, then all on one table) next to the
// same UPDATE sent straight to the database, and payments of 10-line bills with 3-ingredient
// recipes; then taps and payments on a branch of 100 tables against one of 3,000 whose
// statistics are those of 100. The figures go to docs/performance.md.
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import {
  addonGroups,
  addonOptions,
  ingredients,
  orderLines,
  productAddonGroups,
  productVariants,
  productIngredients,
  products,
  tables,
  type NewOrderLine,
  type NewTable,
} from '../server/db/schema';
import { systemClock } from '../server/lib/clock';
import { lineKeyOf } from '../shared/menu';
import { computeBill } from '../shared/tax';
import { createBranchFixture, PASSWORD } from '../server/test/fixtures';
import { startLoadClient } from './load-client';
import {
  cpuMsBetween,
  cpuMsByPid,
  keepAliveClient,
  loadAverage,
  machineInfo,
  measure,
  printTable,
  signIn,
  tempDir,
  writePerformanceSection,
  type Measured,
  type Scenario,
  withThrowawayDatabase,
} from './support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
/** Length of each measurement. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Tables prepared for the payment measurement (each paid once). */
const PAY_TABLES = Number(process.env.BENCH_PAY_TABLES ?? 2500);
const LINES_PER_BILL = 10;
/** The table-count case: a branch of SMALL_BRANCH tables, then of LARGE_BRANCH. */
const SMALL_BRANCH = 100;
const LARGE_BRANCH = Number(process.env.BENCH_LARGE_BRANCH ?? 3000);
/**
 * Devices of the table-count case: a floor's few, whose taps mostly reach the database alone
 * (with 20 clients a call carries about 10 taps, and what a call costs once is shared by them).
 */
const SIZE_CLIENTS = 4;
/** Turns of each size: the taps' SECONDS split in turns, and a round of payments per turn. */
const SIZE_TURNS = 4;
/** Taps and payments on the large branch within this share of the small one's rate. */
const SIZE_TARGET = 0.2;
const INGREDIENTS_PER_LINE = 3;
/** The PostgreSQL server; a database `tf_bench_<time>` is made on it for the run and dropped. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/';

const TARGETS = { apiShareOfRaw: 0.6, p99Ms: 25 };
/** A payment with GST costs at most this much more CPU than one without (issue 19). */
const TAX_TARGET = 0.1;
/** Rounds of the GST case per branch, alternating; each pays TAX_TABLES tables. */
const TAX_TURNS = 4;
const TAX_TABLES = Number(process.env.BENCH_TAX_TABLES ?? 150);
/** The registered branch of the GST case: a tax invoice, exclusive prices, round-off. */
const REGULAR_PROFILE = {
  regime: 'regular' as const,
  gstin: '27AAPFU0939F1ZV',
  pricesIncludeTax: false,
  roundOff: true,
  serviceChargeBps: 0,
  invoicePrefix: 'GST',
};
const PEER = { ownOrders: 542, oneOrder: 152 };
/**
 * The choices case (issue 20): a tap on a line with a variant and two add-ons against a plain
 * tap, CHOICE_CLIENTS clients on their own tables, CHOICE_TURNS turns of each, alternating.
 * BENCH_BILLING_ONLY=choices runs only this case (both engines) and writes only its section.
 */
const CHOICE_CLIENTS = 4;
const CHOICE_TURNS = 4;
/** A tap with choices costs at most this much more server + database CPU than a plain one. */
const CHOICE_TARGET = 0.2;
const ONLY_CHOICES = process.env.BENCH_BILLING_ONLY === 'choices';

const RAW_INCREMENT =
  'update order_lines set quantity = quantity + 1 where branch_id = $1 and table_id = $2 and product_id = $3';

type Backend = 'PGlite' | 'PostgreSQL';

/** CPU time per operation (ms): of the process that sends the requests to the database (the
 *  server for the API, the bench's raw clients for the raw UPDATE; PGlite runs in it too), of the
 *  PostgreSQL backends of the bench's database, and of the HTTP clients' process. */
interface CpuPerOp {
  node: number;
  database: number | null;
  clients: number | null;
}

export type Run = Measured & { cpu: CpuPerOp };

interface SizeResult {
  taps: Run;
  pay: Run;
}

/** Plain taps and taps with choices: +1 on the line, and +1 / −1 in turn (a new line each +1). */
interface ChoiceResult {
  add: { plain: Run; chosen: Run };
  newLine: { plain: Run; chosen: Run };
}

interface BackendResult {
  backend: Backend;
  version: string;
  choices: ChoiceResult;
  own: { api: Run; raw: Run };
  one: { api: Run; raw: Run };
  pay: Run;
  /** The same taps and payments on a branch of SMALL_BRANCH tables and of LARGE_BRANCH. */
  sizes: { small: SizeResult; large: SizeResult };
  /** The same payment for a branch not registered (no tax) and for a registered one (GST). */
  tax: { untaxed: Run; taxed: Run };
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
async function sumQuantity(database: Database, branchId: string): Promise<number> {
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

/**
 * The table-count case, on two branches of their own: one of SMALL_BRANCH tables, analysed,
 * and one of LARGE_BRANCH tables made after that ANALYZE, so the planner has never seen them
 * (PGlite runs no autovacuum; on PostgreSQL it is turned off for the counter's tables
 * meanwhile). The two are measured in turns, SIZE_TURNS each (taps, then rounds of payments),
 * so both meet the same load from other work on the machine.
 */
async function sizeRun(
  backend: Backend,
  database: Database,
  raw: RawDatabase,
  url: string,
  started: (load: ReturnType<typeof startLoadClient>) => void,
): Promise<BackendResult['sizes']> {
  const counterTables = ['tables', 'order_lines', 'order_ops', 'products'];
  const sized = async (size: number) => {
    const branch = await createBranchFixture(database.db, {
      activeDate: '2020-01-01',
      deactiveDate: '2099-12-31',
      numberOfUsers: 50,
      staff: { activeDate: '2020-01-01', deactiveDate: '2099-12-31' },
    });
    const branchId = branch.branchId;
    const menu = await createMenu(database, branchId);
    const ids = await createTables(
      database,
      branchId,
      Array.from({ length: size }, (_, i) => `Size ${i + 1}`),
    );
    const load = startLoadClient({
      url,
      cookie: await signIn(url, branch.staff.email),
      connections: SIZE_CLIENTS,
    });
    started(load);
    // The newest tables of the branch: the taps' and the payments'.
    const newest = ids.slice(-SMALL_BRANCH);
    return {
      label: `${count(size)} tables`,
      branchId,
      menu,
      load,
      tableOfClient: newest.slice(0, SIZE_CLIENTS),
      payTables: newest.slice(SIZE_CLIENTS),
      taps: [] as Run[],
      pay: [] as Run[],
    };
  };
  const small = await sized(SMALL_BRANCH);
  await raw.query('analyze', []);
  if (backend === 'PostgreSQL') {
    for (const table of counterTables) {
      await raw.query(`alter table ${table} set (autovacuum_enabled = false)`, []);
    }
  }
  const large = await sized(LARGE_BRANCH);

  type Sized = typeof small;
  const taps = async (branch: Sized, seconds: number) => {
    const productId = branch.menu[0]!.id;
    const request = {
      kind: 'lines' as const,
      clients: SIZE_CLIENTS,
      tableOfClient: branch.tableOfClient,
      productId,
    };
    const before = await sumQuantity(database, branch.branchId);
    console.log(`  ${backend}: taps on a branch of ${branch.label} …`);
    const run = await withCpu(raw, branch.load.pid, () => branch.load.run({ ...request, seconds }));
    const grown = (await sumQuantity(database, branch.branchId)) - before;
    if (grown !== run.count) {
      throw new Error(`${branch.label}: ${run.count} taps answered 200 but lines grew by ${grown}`);
    }
    return run;
  };
  const pay = async (branch: Sized) => {
    const amountPaise = await fillOrders(database, branch.branchId, branch.menu, branch.payTables);
    console.log(`  ${backend}: payments on a branch of ${branch.label} …`);
    return withCpu(raw, branch.load.pid, () =>
      branch.load.run({
        kind: 'payments',
        clients: SIZE_CLIENTS,
        seconds: 60,
        tableIds: branch.payTables,
        amountPaise,
      }),
    );
  };
  for (const branch of [small, large]) await taps(branch, 1); // warm-up: each line made once
  for (let turn = 0; turn < SIZE_TURNS; turn += 1) {
    for (const branch of [small, large]) branch.taps.push(await taps(branch, SECONDS / SIZE_TURNS));
  }
  for (let turn = 0; turn < SIZE_TURNS; turn += 1) {
    for (const branch of [small, large]) branch.pay.push(await pay(branch));
  }
  if (backend === 'PostgreSQL') {
    for (const table of counterTables) {
      await raw.query(`alter table ${table} reset (autovacuum_enabled)`, []);
    }
  }
  return {
    small: { taps: combined(small.taps), pay: combined(small.pay) },
    large: { taps: combined(large.taps), pay: combined(large.pay) },
  };
}

/**
 * The GST case: the same 10-line payments on two branches of their own, one not registered (no
 * tax: its total is the subtotal) and one registered (a tax invoice at 5 %, exclusive prices,
 * round-off: its total from shared/tax.ts, as the server works it out), in TAX_TURNS rounds
 * each, alternating, so both meet the same load; each round pays TAX_TABLES tables.
 */
async function taxRun(
  backend: Backend,
  database: Database,
  raw: RawDatabase,
  url: string,
  started: (load: ReturnType<typeof startLoadClient>) => void,
): Promise<BackendResult['tax']> {
  const branchOf = async (label: string, taxProfile?: typeof REGULAR_PROFILE) => {
    const branch = await createBranchFixture(database.db, {
      activeDate: '2020-01-01',
      deactiveDate: '2099-12-31',
      numberOfUsers: 50,
      staff: { activeDate: '2020-01-01', deactiveDate: '2099-12-31' },
      ...(taxProfile ? { taxProfile } : {}),
    });
    const menu = await createMenu(database, branch.branchId);
    const tableIds = await createTables(
      database,
      branch.branchId,
      Array.from({ length: TAX_TABLES }, (_, i) => `${label} ${i + 1}`),
    );
    const load = startLoadClient({
      url,
      cookie: await signIn(url, branch.staff.email),
      connections: SIZE_CLIENTS,
    });
    started(load);
    return {
      label,
      branchId: branch.branchId,
      menu,
      tableIds,
      load,
      taxProfile,
      runs: [] as Run[],
    };
  };
  const untaxed = await branchOf('Untaxed');
  const taxed = await branchOf('Taxed', REGULAR_PROFILE);
  const pay = async (branch: typeof untaxed) => {
    const subtotal = await fillOrders(database, branch.branchId, branch.menu, branch.tableIds);
    const amountPaise = branch.taxProfile
      ? computeBill(
          branch.menu.map((dish) => ({
            unitPricePaise: dish.pricePaise,
            quantity: 2,
            gstRateBps: 500,
            outsideGst: false,
          })),
          0,
          branch.taxProfile,
        ).totalPaise
      : subtotal;
    console.log(`  ${backend}: payments, ${branch.label} …`);
    const run = await withCpu(raw, branch.load.pid, () =>
      branch.load.run({
        kind: 'payments',
        clients: SIZE_CLIENTS,
        seconds: 60,
        tableIds: branch.tableIds,
        amountPaise,
      }),
    );
    if (run.errors) throw new Error(`${branch.label} payments: ${run.firstError}`);
    return run;
  };
  for (let turn = 0; turn < TAX_TURNS; turn += 1) {
    for (const branch of [untaxed, taxed]) branch.runs.push(await pay(branch));
  }
  return { untaxed: combined(untaxed.runs), taxed: combined(taxed.runs) };
}

/** Server and database CPU of one operation (ms). */
const serverCpu = (run: Run) => run.cpu.node + (run.cpu.database ?? 0);

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

/**
 * The choices case on a branch of its own: a plain product, and a pizza with two variants
 * (Regular, Large) and two add-on groups (Extras: 0–2 of 3; Spice: exactly 1 of 2), tapped as
 * Large + Cheese + Mild. CHOICE_CLIENTS clients, each on a table of its own, in this process
 * (keep-alive connections to the server: the load process sends plain taps only), measured in
 * CHOICE_TURNS turns of each kind, alternating, so both meet the same load. "+1": every tap
 * adds to the client's line (the steady state of an order); "new line": +1 and −1 in turn, so
 * every +1 makes the line afresh with all its checks (product, variant, groups' min and max,
 * the add-ons' snapshot) and every −1 deletes it.
 */
async function choiceRun(
  backend: Backend,
  database: Database,
  raw: RawDatabase,
  url: string,
  cookie: string,
  branchId: string,
): Promise<ChoiceResult> {
  const db = database.db;
  const [plain, pizza] = await db
    .insert(products)
    .values([
      { branchId, name: 'Plain Dosa', pricePaise: 10_000, subcategory: 'Mains' },
      { branchId, name: 'Pizza', pricePaise: 30_000, subcategory: 'Mains' },
    ])
    .returning({ id: products.id });
  const [, large] = await db
    .insert(productVariants)
    .values([
      { branchId, productId: pizza!.id, name: 'Regular', pricePaise: 20_000, position: 0 },
      {
        branchId,
        productId: pizza!.id,
        name: 'Large',
        pricePaise: 30_000,
        position: 1,
        isDefault: true,
      },
    ])
    .returning({ id: productVariants.id });
  const [extras, spice] = await db
    .insert(addonGroups)
    .values([
      { branchId, name: 'Extras', minChoices: 0, maxChoices: 2 },
      { branchId, name: 'Spice', minChoices: 1, maxChoices: 1 },
    ])
    .returning({ id: addonGroups.id });
  const [cheese, , , mild] = await db
    .insert(addonOptions)
    .values([
      { branchId, groupId: extras!.id, name: 'Cheese', pricePaise: 3000, position: 0 },
      { branchId, groupId: extras!.id, name: 'Olives', pricePaise: 2000, position: 1 },
      { branchId, groupId: extras!.id, name: 'Jalapeno', pricePaise: 2000, position: 2 },
      { branchId, groupId: spice!.id, name: 'Mild', pricePaise: 0, position: 0 },
      { branchId, groupId: spice!.id, name: 'Hot', pricePaise: 0, position: 1 },
    ])
    .returning({ id: addonOptions.id });
  await db.insert(productAddonGroups).values([
    { branchId, productId: pizza!.id, groupId: extras!.id, position: 0 },
    { branchId, productId: pizza!.id, groupId: spice!.id, position: 1 },
  ]);
  const bodies = {
    plain: { productId: plain!.id },
    chosen: { productId: pizza!.id, variantId: large!.id, addonIds: [cheese!.id, mild!.id] },
  };
  const http = keepAliveClient(url, CHOICE_CLIENTS, { cookie });
  try {
    const result = {} as ChoiceResult;
    for (const mode of ['add', 'newLine'] as const) {
      const tableOf = {
        plain: await createTables(
          database,
          branchId,
          Array.from({ length: CHOICE_CLIENTS }, (_, i) => `Plain ${mode} ${i + 1}`),
        ),
        chosen: await createTables(
          database,
          branchId,
          Array.from({ length: CHOICE_CLIENTS }, (_, i) => `Chosen ${mode} ${i + 1}`),
        ),
      };
      const taps = (kind: 'plain' | 'chosen', seconds: number) => {
        const sent = Array.from({ length: CHOICE_CLIENTS }, () => 0);
        return withCpu(raw, null, () =>
          measure(CHOICE_CLIENTS, seconds, async (client) => {
            // New line: +1 then −1, so each +1 finds no line and makes it.
            const delta = mode === 'newLine' && sent[client]! % 2 === 1 ? -1 : 1;
            const answer = await http.post(`/api/tables/${tableOf[kind][client]}/lines`, {
              opId: uuidv7(),
              delta,
              ...bodies[kind],
            });
            if (answer.status !== 200) {
              throw new Error(`${kind} tap: ${answer.status} ${JSON.stringify(answer.body)}`);
            }
            sent[client]! += 1;
          }),
        );
      };
      // Warm-up: each kind's statements prepared and, for +1, each line made once.
      for (const kind of ['plain', 'chosen'] as const) {
        const warm = await taps(kind, 0.5);
        if (warm.errors) throw new Error(`warm-up: ${warm.firstError}`);
      }
      const rounds = { plain: [] as Run[], chosen: [] as Run[] };
      for (let turn = 0; turn < CHOICE_TURNS; turn += 1) {
        for (const kind of ['plain', 'chosen'] as const) {
          console.log(`  ${backend}: taps, ${kind}, ${mode === 'add' ? '+1' : 'new line'} …`);
          const run = await taps(kind, SECONDS / CHOICE_TURNS);
          if (run.errors) throw new Error(`${kind} taps: ${run.firstError}`);
          rounds[kind].push(run);
        }
      }
      result[mode] = { plain: combined(rounds.plain), chosen: combined(rounds.chosen) };
    }
    return result;
  } finally {
    http.close();
  }
}

/** Runs every measurement against one database behind a real HTTP server. */
async function runBackend(backend: Backend, databaseUrl?: string): Promise<BackendResult> {
  const data = databaseUrl ? undefined : tempDir('bench-billing');
  const database = await openDatabase({ databaseUrl, dataDir: data?.path });
  let app: FastifyInstance | undefined;
  let loadProcess: ReturnType<typeof startLoadClient> | undefined;
  const sizeLoads: ReturnType<typeof startLoadClient>[] = [];
  const raw = rawDatabase(database, databaseUrl);
  try {
    await migrateDatabase(database);
    const db = database.db;
    const branch = await createBranchFixture(db, {
      activeDate: '2020-01-01',
      deactiveDate: '2099-12-31',
      numberOfUsers: 50,
      staff: { activeDate: '2020-01-01', deactiveDate: '2099-12-31' },
    });
    const branchId = branch.branchId;

    const menu = await createMenu(database, branchId);

    const makeTables = (labels: string[]) => createTables(database, branchId, labels);

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

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: branch.staff.email, password: PASSWORD, rememberMe: false }),
    });
    if (login.status !== 200)
      throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('tf_session='));
    if (!cookie) throw new Error('login set no session cookie');
    const choices = await choiceRun(backend, database, raw, url, cookie, branchId);
    if (ONLY_CHOICES) return { backend, version: await raw.version(), choices } as BackendResult;
    const clients = startLoadClient({ url, cookie, connections: CLIENTS });
    loadProcess = clients;

    const productId = menu[0]!.id;
    /** API taps (from the load process), then the raw UPDATE, on `tableOf(client)`; both
     *  checked by the line totals. */
    const lineRun = async (what: string, tableOf: (client: number) => string) => {
      const tableOfClient = Array.from({ length: CLIENTS }, (_, c) => tableOf(c));
      // The warm-up also makes every line, so the raw UPDATE finds each one.
      const warmUp = await clients.run({
        kind: 'lines',
        clients: CLIENTS,
        seconds: 1,
        tableOfClient,
        productId,
      });
      if (warmUp.errors) throw new Error(`warm-up: ${warmUp.firstError}`);
      let before = await sumQuantity(database, branchId);
      console.log(`  ${backend}: ${what}, API …`);
      const api = await withCpu(raw, clients.pid, () =>
        clients.run({
          kind: 'lines',
          clients: CLIENTS,
          seconds: SECONDS,
          tableOfClient,
          productId,
        }),
      );
      let after = await sumQuantity(database, branchId);
      if (after - before !== api.count) {
        throw new Error(
          `API: ${api.count} taps answered 200 but the lines grew by ${after - before}`,
        );
      }
      before = after;
      console.log(`  ${backend}: ${what}, raw UPDATE …`);
      const rawRun = await withCpu(raw, null, () =>
        measure(CLIENTS, SECONDS, async (c) => {
          await raw.query(RAW_INCREMENT, [branchId, tableOf(c), productId]);
        }),
      );
      after = await sumQuantity(database, branchId);
      if (after - before !== rawRun.count) {
        throw new Error(`raw: ${rawRun.count} UPDATEs but the lines grew by ${after - before}`);
      }
      return { api, raw: rawRun };
    };

    const own = await makeTables(Array.from({ length: CLIENTS }, (_, i) => `Own ${i + 1}`));
    const ownResult = await lineRun('each client on its own table', (c) => own[c]!);
    const [shared] = await makeTables(['Shared']);
    const oneResult = await lineRun(`all ${CLIENTS} clients on one table`, () => shared!);

    // Payments: tables with 10 lines each (written straight to the database, not measured),
    // each paid once, Settled in cash for the whole amount.
    console.log(`  ${backend}: preparing ${PAY_TABLES} tables of ${LINES_PER_BILL} lines …`);
    const toPay = await makeTables(Array.from({ length: PAY_TABLES }, (_, i) => `Bill ${i + 1}`));
    const billTotal = await fillOrders(database, branchId, menu, toPay);
    console.log(`  ${backend}: payments …`);
    const pay = await withCpu(raw, clients.pid, () =>
      clients.run({
        kind: 'payments',
        clients: CLIENTS,
        seconds: SECONDS,
        tableIds: toPay,
        amountPaise: billTotal,
      }),
    );
    if (pay.count + pay.errors >= toPay.length) {
      console.log(`  (all ${PAY_TABLES} prepared tables were paid before the time was up)`);
    }

    const sizes = await sizeRun(backend, database, raw, url, (load) => sizeLoads.push(load));
    const tax = await taxRun(backend, database, raw, url, (load) => sizeLoads.push(load));
    return {
      backend,
      version: await raw.version(),
      choices,
      own: ownResult,
      one: oneResult,
      pay,
      sizes,
      tax,
    };
  } finally {
    // Each step runs even when one before it fails, so nothing is left connected to a database
    // that is dropped next.
    for (const step of [
      () => loadProcess?.stop(),
      ...sizeLoads.map((load) => () => load.stop()),
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

/** Runs `body` with a fresh database on the PostgreSQL server, dropped afterwards. */
const withPostgresDatabase = <T>(body: (url: string) => Promise<T>) =>
  withThrowawayDatabase(new URL('postgres', POSTGRES_URL).href, body, { prefix: 'tf_bench' });

const rate = (m: Measured) => m.perSecond.toFixed(0);
const ms = (value: number) => value.toFixed(1);
const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
const count = (n: number) => n.toLocaleString('en');

function rows(result: BackendResult): string[][] {
  const { own, one, pay, sizes } = result;
  const cpu = (value: number | null) => (value === null ? '–' : value.toFixed(2));
  const line = (label: string, m: Run, ratio?: number) => [
    `${result.backend}: ${label}`,
    rate(m),
    ms(m.p50Ms),
    ms(m.p99Ms),
    ratio === undefined ? '' : percent(ratio),
    String(m.errors),
    `${cpu(m.cpu.node)} / ${cpu(m.cpu.database)} / ${cpu(m.cpu.clients)}`,
  ];
  return [
    line('line +1, own tables, API', own.api, own.api.perSecond / own.raw.perSecond),
    line('line +1, own tables, raw UPDATE', own.raw),
    line('line +1, one table, API', one.api, one.api.perSecond / one.raw.perSecond),
    line('line +1, one table, raw UPDATE', one.raw),
    line(`payment, ${LINES_PER_BILL} lines × ${INGREDIENTS_PER_LINE} ingredients`, pay),
    line(`line +1, own tables, API, branch of ${count(SMALL_BRANCH)} tables`, sizes.small.taps),
    line(
      `line +1, own tables, API, branch of ${count(LARGE_BRANCH)} tables`,
      sizes.large.taps,
      sizes.large.taps.perSecond / sizes.small.taps.perSecond,
    ),
    line(`payment, branch of ${count(SMALL_BRANCH)} tables`, sizes.small.pay),
    line(
      `payment, branch of ${count(LARGE_BRANCH)} tables`,
      sizes.large.pay,
      sizes.large.pay.perSecond / sizes.small.pay.perSecond,
    ),
    line('payment, branch not registered (no tax)', result.tax.untaxed),
    line(
      'payment, registered branch (GST 5 %, round-off)',
      result.tax.taxed,
      serverCpu(result.tax.taxed) / serverCpu(result.tax.untaxed),
    ),
  ];
}

const HEAD = [
  'measurement',
  'per s',
  'p50 ms',
  'p99 ms',
  'API / raw (sizes: / 100 tables; GST: CPU / no tax)',
  'errors',
  'CPU ms per op: Node / PostgreSQL / clients',
];

function verdicts(result: BackendResult): string[] {
  const out: string[] = [];
  // Issue 8's targets are PostgreSQL's.
  for (const [label, pair] of result.backend === 'PostgreSQL'
    ? ([
        ['own tables', result.own],
        ['one table', result.one],
      ] as const)
    : []) {
    const share = pair.api.perSecond / pair.raw.perSecond;
    out.push(
      `${label}: API at ${percent(share)} of the raw rate (target ≥ ${percent(TARGETS.apiShareOfRaw)}): ${share >= TARGETS.apiShareOfRaw ? 'met' : 'NOT MET'}; ` +
        `p99 ${ms(pair.api.p99Ms)} ms (target < ${TARGETS.p99Ms} ms): ${pair.api.p99Ms < TARGETS.p99Ms ? 'met' : 'NOT MET'}`,
    );
  }
  for (const [label, small, large] of [
    ['taps', result.sizes.small.taps, result.sizes.large.taps],
    ['payments', result.sizes.small.pay, result.sizes.large.pay],
  ] as const) {
    const share = large.perSecond / small.perSecond;
    out.push(
      `${label} on a branch of ${count(LARGE_BRANCH)} tables (made after the last ANALYZE): ${percent(share)} of the rate on ${count(SMALL_BRANCH)} tables (target: at least ${percent(1 - SIZE_TARGET)}): ${share >= 1 - SIZE_TARGET ? 'met' : 'NOT MET'}`,
    );
  }
  const taxShare = serverCpu(result.tax.taxed) / serverCpu(result.tax.untaxed);
  out.push(
    `a payment with GST costs ${ms(serverCpu(result.tax.taxed))} ms of server + database CPU against ${ms(serverCpu(result.tax.untaxed))} ms without tax: ${percent(taxShare)} (target: at most ${percent(1 + TAX_TARGET)}): ${taxShare <= 1 + TAX_TARGET ? 'met' : 'NOT MET'}`,
  );
  // The issue asks payments per second, and latency and the ratio of the line increments.
  out.push(
    `payments: ${Math.round(result.pay.perSecond)}/s, p99 ${ms(result.pay.p99Ms)} ms (no target: 20 clients paying at once in one branch take turns on its bill counter)`,
  );
  return out;
}

function markdown(results: BackendResult[], load: { before: string; after: string }): string {
  const machine = machineInfo();
  const versions = results.map((r) => r.version).join(', ');
  const table = [
    `| ${HEAD.join(' | ')} |`,
    `| ${HEAD.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...results.flatMap(rows).map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  return `
Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine.cpu},
${machine.cores} cores, ${machine.memory} memory, Node ${machine.node}, ${versions}. Load average
(1 / 5 / 15 min) ${load.before} before the run, ${load.after} after it: other work on the machine
shares its cores with the server, the database and the clients.

How: the real server (\`buildApp\`, listening on a port on 127.0.0.1, LOG_LEVEL=warn) in the
bench process, with a fresh database (PGlite in a temporary folder, in that process;
PostgreSQL: a database \`tf_bench_<time>\` made for the run and dropped after it), a staff
member's session cookie, and ${CLIENTS} concurrent HTTP clients on keep-alive connections in a
separate Node process (bench/load-client.ts, forked; it reports the latencies back), so the
server's event loop serves requests only; each measurement ${SECONDS} s after a 1 s warm-up. A line change is \`POST /api/tables/:tableId/lines\` with a fresh opId and delta +1: the session
checked (kept in the server's memory after its first request, the dates checked each time), then the tap goes to the database alone or with the others of its branch that are
waiting (one call of \`change_branch_lines\` per branch at a time: per table, its row locked,
op ids recorded, version bumped, lines upserted, the order read back; one commit), then the
live event (batched notify) before the answer; "raw UPDATE" is
\`${RAW_INCREMENT}\` sent by ${CLIENTS} concurrent clients in the bench process straight to the database (a pg
Pool of ${CLIENTS}; PGlite: its one instance, in the same process), while the server idles. The server keeps its own pool of 10 connections (its default: 20 was slower, with more backends waiting on the same locks). The line
totals are checked after each measurement (every 200 counted exactly once). A payment is
\`POST /api/tables/:tableId/payments\` (Settled, Cash, the whole amount) of a table with
${LINES_PER_BILL} lines of quantity 2, each product with a ${INGREDIENTS_PER_LINE}-ingredient
recipe (all bills use the same ${LINES_PER_BILL} ingredients), each table paid once. The
table-count rows run on two branches of their own, one of ${count(SMALL_BRANCH)} tables, analysed, and one of
${count(LARGE_BRANCH)} tables made after that ANALYZE, so the planner has never seen them (PGlite runs no autovacuum;
on PostgreSQL it is turned off for the counter's tables meanwhile): ${SIZE_CLIENTS} clients (a floor's few devices, whose taps mostly go to the database alone) tapping as above on the newest ${SIZE_CLIENTS}
tables of each, and paying its ${SMALL_BRANCH - SIZE_CLIENTS} tables before those (their orders written
again before each round), measured in ${SIZE_TURNS} turns per branch (the taps' ${SECONDS} s split in turns, a round of
payments per turn), alternating, so both meet the same load; p50 is the median of the turns' and
p99 the highest. Their ratio column is the rate on ${count(LARGE_BRANCH)} tables over the rate on ${count(SMALL_BRANCH)}. CPU per
operation (from /proc, per successful operation): "Node" is the process that sends the
statements (the server for the API and payments; the bench's raw clients for the raw UPDATE;
PGlite runs inside it), "PostgreSQL" the backends of the bench's database, "clients" the HTTP
clients' process. The GST rows pay the same ${LINES_PER_BILL}-line bills, ${SIZE_CLIENTS} clients, on two more branches: one not registered (no tax) and one
registered (5 % GST, exclusive prices, round-off: the bill's tax columns, its lines' tax, the per-day tax totals), ${TAX_TURNS} rounds of ${TAX_TABLES} tables each, alternating;
their ratio column is the registered branch's server + database CPU per payment over the other's.

${table}

Targets of issue 8 (line increments through the API ≥ ${percent(TARGETS.apiShareOfRaw)} of the raw database rate and p99 < ${TARGETS.p99Ms} ms, on PostgreSQL) and of issue 19 (a payment with GST within ${percent(TAX_TARGET)} of one without, both engines):

${results
  .map((result) =>
    verdicts(result)
      .map((v) => `- ${result.backend}: ${v}`)
      .join('\n'),
  )
  .join('\n')}

For scale, the peer app (Express + SQLite) answers ${PEER.ownOrders} add-item calls/s at 20
connections, and ${PEER.oneOrder}/s when all of them add to one order.
`;
}

const CHOICE_HEAD = [
  'measurement',
  'per s',
  'p50 ms',
  'p99 ms',
  'CPU: choices / plain',
  'errors',
  'CPU ms per tap: Node (server and clients) / PostgreSQL',
];

function choiceRows(result: BackendResult): string[][] {
  const cpu = (value: number | null) => (value === null ? '–' : value.toFixed(2));
  const line = (label: string, m: Run, ratio?: number) => [
    `${result.backend}: ${label}`,
    rate(m),
    ms(m.p50Ms),
    ms(m.p99Ms),
    ratio === undefined ? '' : percent(ratio),
    String(m.errors),
    `${cpu(m.cpu.node)} / ${cpu(m.cpu.database)}`,
  ];
  const { add, newLine } = result.choices;
  return [
    line('+1, plain product', add.plain),
    line('+1, a variant and two add-ons', add.chosen, serverCpu(add.chosen) / serverCpu(add.plain)),
    line('new line (+1 / −1), plain product', newLine.plain),
    line(
      'new line (+1 / −1), a variant and two add-ons',
      newLine.chosen,
      serverCpu(newLine.chosen) / serverCpu(newLine.plain),
    ),
  ];
}

function choiceVerdicts(result: BackendResult): string[] {
  const { add, newLine } = result.choices;
  return (
    [
      ['+1 on its line', add],
      ['a new line (+1 / −1)', newLine],
    ] as const
  ).map(([label, pair]) => {
    const share = serverCpu(pair.chosen) / serverCpu(pair.plain);
    return `a tap with a variant and two add-ons, ${label}: ${ms(serverCpu(pair.chosen))} ms of CPU against ${ms(serverCpu(pair.plain))} ms for a plain one: ${percent(share)} (target: at most ${percent(1 + CHOICE_TARGET)}): ${share <= 1 + CHOICE_TARGET ? 'met' : 'NOT MET'}`;
  });
}

function choiceMarkdown(results: BackendResult[], load: { before: string; after: string }) {
  const machine = machineInfo();
  const table = [
    `| ${CHOICE_HEAD.join(' | ')} |`,
    `| ${CHOICE_HEAD.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...results.flatMap(choiceRows).map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  return `
Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine.cpu},
${machine.cores} cores, ${machine.memory} memory, Node ${machine.node}, ${results.map((r) => r.version).join(', ')}.
Load average (1 / 5 / 15 min) ${load.before} before the run, ${load.after} after it.${ONLY_CHOICES ? ' This case alone (`BENCH_BILLING_ONLY=choices`' + `, BENCH_SECONDS=${SECONDS}).` : ''}

How: the billing scenario's server and database (issue 20's case, before its other
measurements). A tap with choices is \`POST /api/tables/:tableId/lines\` naming a pizza's
variant (Large, of two) and two add-ons (Cheese of Extras: 0–2 of 3 options; Mild of Spice:
exactly 1 of 2): the server keys the line (product, variant, sorted add-ons, note), the
database finds it by that key and, for a new line, checks the product, the variant and each
group's min and max and snapshots the add-ons; the answer carries them. A plain tap names a
product without choices. ${CHOICE_CLIENTS} clients, each on a table of its own, on keep-alive
connections from the bench process (so "Node" is the server and the clients), ${CHOICE_TURNS}
turns of each kind of ${SECONDS / CHOICE_TURNS} s, alternating, after a 0.5 s warm-up of each.
"+1": every tap adds to the client's line; "new line": +1 and −1 in turn, so every +1 makes
the line afresh with all its checks. The ratio is the server + database CPU per tap with
choices over the plain tap's; on a shared machine, short alternating turns differ by some
±15 % from noise alone (a ratio under 100 % does not make choices cheaper).

${table}

Target of issue 20: a tap with a variant and two add-ons costs at most ${percent(1 + CHOICE_TARGET)} of a plain tap:

${results
  .map((result) =>
    choiceVerdicts(result)
      .map((v) => `- ${result.backend}: ${v}`)
      .join('\n'),
  )
  .join('\n')}
`;
}

export const billingScenario: Scenario = {
  name: 'billing',
  description: `order-line taps and payments at ${CLIENTS} clients, API vs raw SQL (PGlite, PostgreSQL)`,
  async run() {
    const load = { before: loadAverage(), after: '' };
    console.log(`\nLoad average before: ${load.before}`);
    const results: BackendResult[] = [await runBackend('PGlite')];
    try {
      results.push(await withPostgresDatabase((url) => runBackend('PostgreSQL', url)));
    } catch (error) {
      console.error(`PostgreSQL at ${POSTGRES_URL} could not be measured:`, error);
      process.exitCode = 1;
    }
    load.after = loadAverage();
    console.log(`\nLoad average after: ${load.after}\n`);
    printTable(CHOICE_HEAD, results.flatMap(choiceRows));
    for (const result of results) {
      for (const verdict of choiceVerdicts(result)) console.log(`${result.backend}: ${verdict}`);
    }
    await writePerformanceSection(
      '## Billing: taps with choices (`npm run bench -- billing`)',
      choiceMarkdown(results, load),
    );
    if (ONLY_CHOICES) return;
    printTable(HEAD, results.flatMap(rows));
    for (const result of results) {
      console.log(`\n${result.backend}:`);
      for (const verdict of verdicts(result)) console.log(`  ${verdict}`);
      for (const m of [
        result.own.api,
        result.one.api,
        result.pay,
        result.own.raw,
        result.one.raw,
      ]) {
        if (m.firstError) console.log(`  first error: ${m.firstError}`);
      }
    }
    console.log(
      `\nPeer (Express + SQLite): ${PEER.ownOrders} add-item calls/s at 20 connections, ${PEER.oneOrder}/s on one order.`,
    );
    await writePerformanceSection(
      '## Billing: order lines and payments (`npm run bench -- billing`)',
      markdown(results, load),
    );
  },
};

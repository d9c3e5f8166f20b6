// Scenario 'capacity' (issue 31): how many branches one machine holds at a real floor's pace.
// Branches of 5 waiters' devices and a kitchen display each (every device its own session and
// live-updates stream) on two server processes and one PostgreSQL database, all on this machine
// with the load generator. Each device acts every 3–8 s: taps on its two tables, a KOT after
// each round of taps, the payment when a table's order is done; each display gets its tickets in
// its live events, reads them every 30 s anyway, and bumps each ticket (one request) 20–60 s
// after it arrived. Ramped 25 → 50 → 100 → 200 → 400 branches, each step measured for 60 s; a
// step holds when taps' p99 < 150 ms, KOT-to-display p99 < 1 s and nothing failed, and the ramp
// stops at the first step that does not. The figure is the most branches of a step that held.
//
// CAPACITY_STEPS=25,50 and CAPACITY_STEP_SECONDS=15 shorten a run (its figures then go to the
// notes, never docs/performance.md); CAPACITY_WORKERS sets the generator's processes (2).
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import {
  ingredients,
  kitchenStations,
  productIngredients,
  products,
  subcategoryStations,
  tables,
} from '../server/db/schema';
import { openSession } from '../server/modules/auth/auth.sessions.usecases';
import { findAccountByEmail } from '../server/modules/users/users.usecases';
import { createBranchFixture } from '../server/test/fixtures';
import { startCapacityWorker, type BranchPlan, type StepData } from './capacity-client';
import {
  cpuMsBetween,
  cpuMsByPid,
  createThrowawayDatabase,
  loadAverage,
  machineInfo,
  printTable,
  startServerProcess,
  writeNotesSection,
  writePerformanceSection,
  type Scenario,
} from './support';

const DEFAULT_STEPS = [25, 50, 100, 200, 400];
const DEFAULT_STEP_SECONDS = 60;
const STEPS = (process.env.CAPACITY_STEPS ?? DEFAULT_STEPS.join(','))
  .split(',')
  .map((step) => Number(step.trim()));
const STEP_SECONDS = Number(process.env.CAPACITY_STEP_SECONDS ?? DEFAULT_STEP_SECONDS);
/** Before each measurement: the new devices start acting within their first 8 s. */
const WARMUP_SECONDS = Number(process.env.CAPACITY_WARMUP_SECONDS ?? 10);
const WORKERS = Number(process.env.CAPACITY_WORKERS ?? 2);
const PROCESSES = 2;
const DEVICES = 5;
const TABLES_PER_DEVICE = 2;
const TAP_P99_MS = 150;
const DISPLAY_P99_MS = 1000;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const HEADING = '## Capacity: branches one 2-core machine holds (`npm run bench -- capacity`)';

interface BranchData {
  staffEmail: string;
  kitchenEmail: string;
  tableIds: string[];
  productIds: string[];
}

interface StepResult {
  branches: number;
  seconds: number;
  data: StepData;
  /** CPU time (ms) over the measurement. */
  cpu: { servers: number; database: number; generator: number };
  /** Why the step did not hold; empty when it held. */
  missed: string[];
}

/** A branch as a floor has it: 8 dishes (2 of them drinks, made at the bar), 10 tables. */
async function createBranch(database: Database): Promise<BranchData> {
  const db = database.db;
  const branch = await createBranchFixture(db, {
    activeDate: '2020-01-01',
    deactiveDate: '2099-12-31',
    numberOfUsers: 50,
    staff: { activeDate: '2020-01-01', deactiveDate: '2099-12-31' },
  });
  const branchId = branch.branchId;
  const [stock] = await db
    .insert(ingredients)
    .values({ branchId, name: 'Milk', category: 'Dairy', unit: 'ml', quantity: 1e9 })
    .returning({ id: ingredients.id });
  const [, bar] = await db
    .insert(kitchenStations)
    .values([
      { branchId, name: 'Kitchen', position: 0 },
      { branchId, name: 'Bar', position: 1 },
    ])
    .returning({ id: kitchenStations.id });
  await db
    .insert(subcategoryStations)
    .values({ branchId, subcategory: 'Drinks', stationId: bar!.id });
  const menu = await db
    .insert(products)
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        branchId,
        name: `Dish ${i + 1}`,
        pricePaise: 9_000 + i * 1_250,
        subcategory: i < 6 ? 'Mains' : 'Drinks',
      })),
    )
    .returning({ id: products.id });
  await db
    .insert(productIngredients)
    .values(
      menu.map((p) => ({ branchId, productId: p.id, ingredientId: stock!.id, quantityUsed: 50 })),
    );
  const tableRows = await db
    .insert(tables)
    .values(
      Array.from({ length: DEVICES * TABLES_PER_DEVICE }, (_, i) => ({
        branchId,
        label: `T${i + 1}`,
      })),
    )
    .returning({ id: tables.id });
  return {
    staffEmail: branch.staff.email,
    kitchenEmail: branch.kitchen.email,
    tableIds: tableRows.map((t) => t.id),
    productIds: menu.map((p) => p.id),
  };
}

/**
 * A session of `email` made in the database as a sign-in makes it (the devices were signed in
 * before the evening: thousands of password hashes would only measure argon2).
 */
async function sessionCookie(database: Database, email: string): Promise<string> {
  const account = await findAccountByEmail(database.db, email);
  const opened = await openSession(database.db, {
    account: account!,
    rememberMe: false,
    ip: '127.0.0.1',
    userAgent: 'tableflow-bench',
    deviceToken: undefined,
    now: new Date(),
    idleMs: 30 * 60_000,
  });
  return `tf_session=${opened.token}`;
}

/** Branch `b`'s plan: its devices spread over the server processes, its display on one. */
async function planOf(database: Database, b: number, branch: BranchData, urls: string[]) {
  const devices: BranchPlan['devices'] = [];
  for (let d = 0; d < DEVICES; d += 1) {
    devices.push({
      url: urls[(b * DEVICES + d) % urls.length]!,
      cookie: await sessionCookie(database, branch.staffEmail),
      tableIds: branch.tableIds.slice(d * TABLES_PER_DEVICE, (d + 1) * TABLES_PER_DEVICE),
    });
  }
  return {
    displayUrl: urls[b % urls.length]!,
    displayCookie: await sessionCookie(database, branch.kitchenEmail),
    devices,
    productIds: branch.productIds,
  } satisfies BranchPlan;
}

/** Runs `work` on every item, `concurrency` at a time, answers in order. */
async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, i: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

function merged(parts: StepData[]): StepData {
  const all = parts[0]!;
  for (const part of parts.slice(1)) {
    for (const key of ['taps', 'kots', 'payments', 'bumps', 'toDisplay'] as const) {
      all[key].push(...part[key]);
    }
    for (const key of [
      'errors',
      'unseen',
      'periodicReads',
      'eventReads',
      'events',
      'ticketEvents',
    ] as const) {
      all[key] += part[key];
    }
    all.firstError ??= part.firstError;
  }
  return all;
}

function quantile(values: number[], share: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
    : NaN;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(value < 10 ? 1 : 0));
/** CPU time over the measurement as a share of one core. */
const corePercent = (cpuMs: number, seconds: number) =>
  `${((cpuMs / (seconds * 1000)) * 100).toFixed(0)} %`;

function missedOf(data: StepData): string[] {
  const tapP99 = quantile(data.taps, 0.99);
  const displayP99 = quantile(data.toDisplay, 0.99);
  return [
    ...(!(tapP99 < TAP_P99_MS) ? [`tap p99 ${ms(tapP99)} ms`] : []),
    ...(!(displayP99 < DISPLAY_P99_MS) ? [`KOT-to-display p99 ${ms(displayP99)} ms`] : []),
    ...(data.errors ? [`${data.errors} requests failed`] : []),
    ...(data.unseen ? [`${data.unseen} KOTs never reached a display`] : []),
  ];
}

/**
 * CPU time (ms) of `pids` between two readings; a process gone by the second (an autovacuum
 * worker) counts nothing rather than less than nothing.
 */
function cpuMsOf(before: Map<number, number>, after: Map<number, number>, pids: number[]) {
  return cpuMsBetween(
    before,
    after,
    pids.filter((pid) => after.has(pid)),
  );
}

/** The PostgreSQL processes that work for the run: its database's backends and the server's own. */
async function databasePids(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() or backend_type <> 'client backend'",
  );
  return rows.map((row) => row.pid);
}

async function runSteps(databaseUrl: string, pool: pg.Pool): Promise<StepResult[]> {
  const database = await openDatabase({ databaseUrl });
  await migrateDatabase(database);
  const most = Math.max(...STEPS);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  console.log(`Creating ${most} branches…`);
  const branches = await inParallel(
    Array.from({ length: most }, (_, b) => b),
    4,
    () => createBranch(database),
  );
  const servers = [];
  const workers: ReturnType<typeof startCapacityWorker>[] = [];
  const results: StepResult[] = [];
  try {
    console.log(`(${elapsed()}) ${most} branches made; starting ${PROCESSES} server processes`);
    for (let i = 0; i < PROCESSES; i += 1) {
      servers.push(await startServerProcess({ DATABASE_URL: databaseUrl }));
    }
    const urls = servers.map((server) => server.url);
    for (let w = 0; w < WORKERS; w += 1) workers.push(startCapacityWorker());
    let running = 0;
    for (const step of STEPS) {
      // The step's new branches: sessions, then each worker opens its share's streams.
      const plans = await inParallel(
        Array.from({ length: step - running }, (_, i) => running + i),
        16,
        (b) => planOf(database, b, branches[b]!, urls),
      );
      console.log(`(${elapsed()}) ${step - running} more branches' sessions made`);
      await Promise.all(
        workers.map((worker, w) =>
          worker.add(plans.filter((_, i) => (running + i) % workers.length === w)),
        ),
      );
      running = step;
      console.log(`(${elapsed()}) ${step} branches signed in, their tables under way`);
      console.log(
        `${step} branches (${step * DEVICES} devices, ${step} displays): ${WARMUP_SECONDS} s warm-up, ${STEP_SECONDS} s measured`,
      );
      await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
      const pidsBefore = await databasePids(pool);
      const before = cpuMsByPid();
      for (const worker of workers) worker.measure();
      await new Promise((resolve) => setTimeout(resolve, STEP_SECONDS * 1000));
      const after = cpuMsByPid();
      const pids = [...new Set([...pidsBefore, ...(await databasePids(pool))])];
      const data = merged(await Promise.all(workers.map((worker) => worker.report())));
      const result: StepResult = {
        branches: step,
        seconds: STEP_SECONDS,
        data,
        cpu: {
          servers: cpuMsBetween(
            before,
            after,
            servers.map((server) => server.pid),
          ),
          database: cpuMsOf(before, after, pids),
          generator: cpuMsBetween(
            before,
            after,
            workers.map((worker) => worker.pid),
          ),
        },
        missed: missedOf(data),
      };
      results.push(result);
      printTable(...stepTable([result]));
      if (result.missed.length) {
        console.log(`Did not hold: ${result.missed.join(', ')}. The ramp stops here.`);
        break;
      }
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    for (const server of servers) await server.stop();
    await database.close();
  }
  return results;
}

const STEP_HEAD = [
  'branches',
  'taps/s',
  'tap p50',
  'tap p99',
  'KOTs/s',
  'KOT p50',
  'KOT p99',
  'payments/s',
  'pay p50',
  'pay p99',
  'to display p99',
  'bump p99',
  'servers CPU',
  'PostgreSQL CPU',
  'generator CPU',
  'errors',
  'held',
];

function stepTable(results: StepResult[]): [string[], string[][]] {
  const rows = results.map((r) => {
    const rate = (values: number[]) => (values.length / r.seconds).toFixed(1);
    const d = r.data;
    return [
      String(r.branches),
      rate(d.taps),
      ms(quantile(d.taps, 0.5)),
      ms(quantile(d.taps, 0.99)),
      rate(d.kots),
      ms(quantile(d.kots, 0.5)),
      ms(quantile(d.kots, 0.99)),
      rate(d.payments),
      ms(quantile(d.payments, 0.5)),
      ms(quantile(d.payments, 0.99)),
      ms(quantile(d.toDisplay, 0.99)),
      ms(quantile(d.bumps, 0.99)),
      corePercent(r.cpu.servers, r.seconds),
      corePercent(r.cpu.database, r.seconds),
      corePercent(r.cpu.generator, r.seconds),
      String(d.errors),
      r.missed.length ? 'no' : 'yes',
    ];
  });
  return [STEP_HEAD, rows];
}

/** The figure, in one sentence. */
function figureOf(results: StepResult[], cores: number): string {
  const held = results.filter((r) => r.missed.length === 0);
  const best = held.at(-1);
  const failed = results.find((r) => r.missed.length > 0);
  const where = `one machine of ${cores} cores running the two server processes, PostgreSQL and the load generator`;
  if (!best) {
    return `No step held: at ${failed?.branches} branches ${failed?.missed.join(', ')}. The figure is below ${failed?.branches} branches on ${where}.`;
  }
  const next = failed
    ? ` The next step, ${failed.branches} branches, did not hold: ${failed.missed.join(', ')}.`
    : best.branches === Math.max(...STEPS)
      ? ' That was the last step of the ramp: the machine may hold more.'
      : '';
  return `**${best.branches} branches** (${best.branches * DEVICES} devices and ${best.branches} kitchen displays) on ${where}, with tap p99 < ${TAP_P99_MS} ms and KOT-to-display p99 < ${DISPLAY_P99_MS} ms (target: at least 200: ${best.branches >= 200 ? 'met' : 'missed'}).${next}`;
}

async function run() {
  if (STEPS.some((step, i) => !(step > 0) || (i > 0 && step <= STEPS[i - 1]!))) {
    throw new Error(`CAPACITY_STEPS must be rising numbers of branches: ${STEPS.join(',')}`);
  }
  const loadBefore = loadAverage();
  const throwaway = await createThrowawayDatabase(`${POSTGRES_URL}postgres`, {
    prefix: 'tf_bench_capacity',
  });
  const pool = new pg.Pool({ connectionString: throwaway.url, max: 1 });
  // An idle connection closed when the database is dropped must not end the run.
  pool.on('error', () => undefined);
  let results: StepResult[];
  let version: string;
  try {
    version = (await pool.query<{ v: string }>("select current_setting('server_version') as v"))
      .rows[0]!.v;
    results = await runSteps(throwaway.url, pool);
  } finally {
    await pool.end();
    await throwaway.drop();
  }
  const machine = machineInfo();
  const [head, rows] = stepTable(results);
  console.log('');
  printTable(head, rows);
  const figure = figureOf(results, machine.cores);
  console.log(`\n${figure.replaceAll('**', '')}`);
  const checks = results.map((r) => {
    const d = r.data;
    return `- ${r.branches} branches: ${d.toDisplay.length} KOTs reached a display (${d.ticketEvents} kitchen events carried tickets), ${d.unseen} never did; the displays read their tickets ${d.periodicReads} times on their 30 s timer and ${d.eventReads} times after an event without tickets; ${d.bumps.length} bumps; ${d.events} live events reached the devices' streams; ${d.errors} requests failed${d.firstError ? ` (first: ${d.firstError})` : ''}.${r.missed.length ? ` Did not hold: ${r.missed.join(', ')}.` : ''}`;
  });
  const body = `Measured on ${new Date().toISOString().slice(0, 10)} by \`npx tsx bench/run.ts capacity\`: ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}, PostgreSQL ${version}; load average (1 / 5 / 15 min) ${loadBefore} before the run, ${loadAverage()} after it.

The figure: ${figure}

How: two server processes (\`server/main.ts\`) on one PostgreSQL database, the load generator (${WORKERS} worker processes, \`bench/capacity-client.ts\`) and PostgreSQL on the same machine. A branch has ${DEVICES} waiters' devices and a kitchen display, each with its own session and live-updates stream (\`GET /api/events\`), 10 tables and 8 dishes (2 drinks, sent to the Bar station; the rest to the Kitchen). A device acts every 3 to 8 s (start to start): on one of its 2 tables it taps a dish (\`POST /api/tables/:id/lines\`), or after a round of 2 to 5 taps (1 to 4 for later rounds) sends the KOT (\`POST /api/tables/:id/kots\`), or after the table's last round (1 to 3) pays it (Cash, Card or UPI). A display gets each KOT's tickets in its live event (no read per KOT), reads \`GET /api/kitchen/tickets\` every 30 s anyway (as the app does) and after an event without tickets, and bumps each ticket 20 to 60 s after it arrived, in one request. Devices alternate between the processes; a display is on its branch's first device's. A branch's tables are first brought, at once and unmeasured, to a random point of their guests' order, so the mix of taps, KOTs and payments is a floor's from the first minute. Steps of ${STEPS.join(' → ')} branches, each after a ${WARMUP_SECONDS} s warm-up measured for ${STEP_SECONDS} s (requests started in it); a step holds when taps' p99 < ${TAP_P99_MS} ms, KOT-to-display p99 < ${DISPLAY_P99_MS} ms (from the send's request to the display's event that holds the ticket), no request failed and every KOT reached its display; the ramp stops at the first step that does not. Latencies in ms; CPU is the processes' time over the measurement (from /proc) as a share of one core (the machine has ${machine.cores * 100} %): the two server processes, PostgreSQL (the database's backends and the server's own processes) and the generator's workers.

| ${head.join(' | ')} |
| ${head.map((_, i) => (i === 0 ? '---' : '--:')).join(' | ')} |
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

Checks:

${checks.join('\n')}
`;
  const shortened =
    STEPS.join(',') !== DEFAULT_STEPS.join(',') || STEP_SECONDS !== DEFAULT_STEP_SECONDS;
  if (shortened) {
    await writeNotesSection(
      HEADING,
      body,
      `a shortened run (CAPACITY_STEPS=${STEPS.join(',')}, CAPACITY_STEP_SECONDS=${STEP_SECONDS})`,
    );
  } else {
    await writePerformanceSection(HEADING, body);
  }
}

export const capacityScenario: Scenario = {
  name: 'capacity',
  description:
    'branches of 5 devices and a kitchen display at a floor’s pace, ramped 25 → 400 on PostgreSQL with 2 processes: the most one machine holds',
  run,
};

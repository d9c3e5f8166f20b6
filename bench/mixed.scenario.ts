// Scenario 'mixed' (issue 10): a busy evening on one PostgreSQL database. 50 branches with 5
// devices each (its own session, its own live-updates stream) take orders and payments for
// 60 s against one server process, then against two processes sharing the database (the
// devices split between them; live updates cross over by LISTEN/NOTIFY). Reports throughput,
// p50/p99 per kind of request, errors (must be zero) and the live events received, and checks
// the database against what the devices were told.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { ingredients, productIngredients, products, tables } from '../server/db/schema';
import { createBranchFixture } from '../server/test/fixtures';
import {
  createThrowawayDatabase,
  keepAliveClient,
  loadAverage,
  machineInfo,
  printTable,
  signIn,
  startServerProcess,
  writePerformanceSection,
  type Scenario,
} from './support';

const BRANCHES = Number(process.env.BENCH_MIXED_BRANCHES ?? 50);
const DEVICES = Number(process.env.BENCH_MIXED_DEVICES ?? 5);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
/** The paced runs: a device's pause between requests (a busy floor, not a load generator). */
const THINK_MS = Number(process.env.BENCH_MIXED_THINK_MS ?? 1000);
const PRODUCTS = 6;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const METHODS = ['Cash', 'Card', 'UPI'] as const;

interface Device {
  branch: number;
  tableId: string;
  productIds: string[];
  cookie: string;
}

interface Kind {
  latencies: number[];
  errors: number;
  firstError?: string;
}

interface RunResult {
  processes: number;
  /** 'flat out', or the pause a device takes between its requests. */
  pace: string;
  seconds: number;
  taps: Kind;
  payments: Kind;
  events: number;
  acknowledgedBills: number;
  billsInDatabase: number;
  gaps: number;
}

/** The live-updates stream of one device: counts the events it receives. */
function openStream(url: string, cookie: string, onEvent: () => void) {
  const req = httpRequest(`${url}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
  });
  req.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.startsWith('event: ')) onEvent();
    });
    res.on('error', () => undefined);
  });
  req.on('error', () => undefined);
  req.end();
  return () => req.destroy();
}

const kind = (): Kind => ({ latencies: [], errors: 0 });

async function timed(into: Kind, action: () => Promise<{ status: number; body: unknown }>) {
  const started = performance.now();
  try {
    const answer = await action();
    into.latencies.push(performance.now() - started);
    return answer;
  } catch (error) {
    into.errors += 1;
    into.firstError ??= error instanceof Error ? error.message : String(error);
    return undefined;
  }
}

/** Every device: a few taps on its own table, then pays it (now and then as a due). */
/** A device's pause between requests: around `thinkMs` (half to one and a half of it). */
const pause = (thinkMs: number) =>
  thinkMs > 0
    ? new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())))
    : undefined;

async function runLoad(
  urls: string[],
  devices: Device[],
  pool: pg.Pool,
  thinkMs: number,
): Promise<RunResult> {
  const taps = kind();
  const payments = kind();
  let events = 0;
  let acknowledgedBills = 0;
  const before = await pool.query<{ n: number }>('select count(*)::int as n from bills');
  const closeStreams = devices.map((device, i) =>
    openStream(urls[i % urls.length]!, device.cookie, () => (events += 1)),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const eventsBefore = events;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    devices.map(async (device, i) => {
      const http = keepAliveClient(urls[i % urls.length]!, 1, { cookie: device.cookie });
      let seq = i;
      while (performance.now() < end) {
        let order: { totalPaise: number; version: number } | undefined;
        const count = 1 + (seq++ % 4);
        for (let k = 0; k < count; k += 1) {
          const answer = await timed(taps, () =>
            http.post(`/api/tables/${device.tableId}/lines`, {
              opId: randomUUID(),
              productId: device.productIds[(seq + k) % device.productIds.length],
              delta: 1,
            }),
          );
          await pause(thinkMs);
          if (answer?.status === 200) order = answer.body as typeof order;
          else if (answer) {
            taps.errors += 1;
            taps.firstError ??= `tap ${answer.status} ${JSON.stringify(answer.body)}`;
          }
        }
        if (!order) continue;
        const due = seq % 10 === 0;
        const answer = await timed(payments, () =>
          http.post(`/api/tables/${device.tableId}/payments`, {
            idempotencyKey: randomUUID(),
            expectedVersion: order.version,
            status: due ? 'Due' : 'Settled',
            responsible: due ? `Guest ${seq}` : undefined,
            payments: due ? [] : [{ method: METHODS[seq % 3], amountPaise: order.totalPaise }],
          }),
        );
        await pause(thinkMs);
        if (answer?.status === 201) acknowledgedBills += 1;
        else if (answer) {
          payments.errors += 1;
          payments.firstError ??= `payment ${answer.status} ${JSON.stringify(answer.body)}`;
        }
      }
      http.close();
    }),
  );
  const seconds = SECONDS;
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const close of closeStreams) close();
  const after = await pool.query<{ n: number }>('select count(*)::int as n from bills');
  // Bill numbers of every branch: 1..N without a gap or a repeat.
  const gaps = await pool.query<{ n: number }>(`
    select count(*)::int as n from (
      select branch_id, financial_year, count(*) as c, count(distinct number) as d,
             max(split_part(number, '/', 3)::int) as m
      from bills group by branch_id, financial_year
    ) s where c <> d or m <> c`);
  return {
    processes: urls.length,
    pace: thinkMs > 0 ? `${thinkMs} ms apart` : 'flat out',
    seconds,
    taps,
    payments,
    events: events - eventsBefore,
    acknowledgedBills,
    billsInDatabase: after.rows[0]!.n - before.rows[0]!.n,
    gaps: gaps.rows[0]!.n,
  };
}

function quantile(values: number[], share: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
    : NaN;
}

const row = (label: string, r: RunResult, k: Kind) => [
  label,
  String(r.processes),
  r.pace,
  (k.latencies.length / r.seconds).toFixed(0),
  quantile(k.latencies, 0.5).toFixed(1),
  quantile(k.latencies, 0.99).toFixed(1),
  String(k.errors),
];

/** The reading under the table, from the figures: what a second process gave, and the checks. */
function reading(results: RunResult[], cores: number): string {
  const flatOut = (processes: number) => {
    const r = results.find((x) => x.processes === processes && x.pace === 'flat out');
    return r ? (r.taps.latencies.length + r.payments.latencies.length) / r.seconds : 0;
  };
  const gain = flatOut(1) > 0 ? flatOut(2) / flatOut(1) - 1 : 0;
  const second =
    gain > 0.05
      ? `a second server process gives ${(gain * 100).toFixed(0)} % more requests flat out`
      : 'a second server process adds no throughput here';
  const errors = results.reduce((n, r) => n + r.taps.errors + r.payments.errors, 0);
  const lost = results.reduce((n, r) => n + Math.abs(r.acknowledgedBills - r.billsInDatabase), 0);
  const gaps = results.reduce((n, r) => n + r.gaps, 0);
  return [
    `the server processes, PostgreSQL and the bench's ${BRANCHES * DEVICES} devices share the machine's ${cores} cores; ${second}. Two processes are there for a restart without downtime and for machines with more cores, and the live updates reach every device across the two.`,
    lost === 0
      ? 'Every payment a device was told about is in the database, and only those.'
      : `${lost} payments differ between the answers and the database.`,
    gaps === 0
      ? 'Bill numbers stay gapless per branch.'
      : `${gaps} branch runs have a gap or repeat in their bill numbers.`,
    errors === 0 ? 'No request failed.' : `${errors} requests failed (the first errors above).`,
  ].join(' ');
}

async function run() {
  const loadBefore = loadAverage();
  const database = await createThrowawayDatabase(`${POSTGRES_URL}postgres`, {
    prefix: 'tf_bench_mixed',
  });
  const databaseUrl = database.url;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle connection closed when the database is dropped must not end the run.
  pool.on('error', () => undefined);
  const results: RunResult[] = [];
  try {
    const database = await openDatabase({ databaseUrl });
    await migrateDatabase(database);
    const db = database.db;
    const branches: { email: string; tableIds: string[]; productIds: string[] }[] = [];
    for (let b = 0; b < BRANCHES; b += 1) {
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
      const menu = await db
        .insert(products)
        .values(
          Array.from({ length: PRODUCTS }, (_, i) => ({
            branchId,
            name: `Dish ${i + 1}`,
            pricePaise: 9_000 + i * 1_250,
            subcategory: 'Mains',
          })),
        )
        .returning({ id: products.id });
      await db.insert(productIngredients).values(
        menu.map((p) => ({
          branchId,
          productId: p.id,
          ingredientId: stock!.id,
          quantityUsed: 50,
        })),
      );
      const tableRows = await db
        .insert(tables)
        .values(Array.from({ length: DEVICES }, (_, i) => ({ branchId, label: `T${i + 1}` })))
        .returning({ id: tables.id });
      branches.push({
        email: branch.staff.email,
        tableIds: tableRows.map((t) => t.id),
        productIds: menu.map((p) => p.id),
      });
    }
    await database.close();

    for (const processes of [1, 2]) {
      const servers = [];
      for (let i = 0; i < processes; i += 1)
        servers.push(await startServerProcess({ DATABASE_URL: databaseUrl }));
      const urls = servers.map((s) => s.url);
      try {
        // Every device signs in (its own session) on the process it will use.
        const devices: Device[] = [];
        for (const [b, branch] of branches.entries()) {
          for (let d = 0; d < DEVICES; d += 1) {
            const index = b * DEVICES + d;
            devices.push({
              branch: b,
              tableId: branch.tableIds[d]!,
              productIds: branch.productIds,
              cookie: await signIn(urls[index % urls.length]!, branch.email),
            });
          }
        }
        for (const thinkMs of [0, THINK_MS]) {
          console.log(
            `${processes} process(es), ${devices.length} devices, pause ${thinkMs} ms: ${SECONDS} s`,
          );
          results.push(await runLoad(urls, devices, pool, thinkMs));
        }
      } finally {
        for (const server of servers) await server.stop();
      }
    }
  } finally {
    await pool.end();
    await database.drop();
  }

  const head = ['requests', 'processes', 'devices', 'per s', 'p50 ms', 'p99 ms', 'errors'];
  const rows = results.flatMap((r) => [
    row('order-line taps', r, r.taps),
    row('payments', r, r.payments),
  ]);
  printTable(head, rows);
  const machine = machineInfo();
  const checks = results.map(
    (r) =>
      `- ${r.processes} process(es), ${r.pace}: ${r.acknowledgedBills} payments acknowledged, ${r.billsInDatabase} bills written, ${r.gaps} branches with a gap or repeat in their bill numbers; ${r.events} live events received by the ${BRANCHES * DEVICES} streams.${r.taps.firstError || r.payments.firstError ? ` First error: ${r.taps.firstError ?? r.payments.firstError}.` : ''}`,
  );
  await writePerformanceSection(
    '## Mixed load: 50 branches × 5 devices on PostgreSQL',
    `Measured on ${new Date().toISOString().slice(0, 10)} by \`npx tsx bench/run.ts mixed\`: ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}; load average before the run ${loadBefore}.

${BRANCHES} branches with ${DEVICES} devices each (${BRANCHES * DEVICES} devices): every device has its own session and its own live-updates stream (\`GET /api/events\`) and works its own table for ${SECONDS} s: 1 to 4 order-line taps, then pays the table (Cash, Card or UPI; every tenth bill a due). The server processes run \`server/main.ts\` on one PostgreSQL database; with two, the devices alternate between them and the live updates cross over by LISTEN/NOTIFY. Each device waits for each answer before its next request. Flat out, the devices send the next request at once: throughput is the most the server gives, and the latency is mostly the queue of 250 devices (a device waits about 250 ÷ throughput). Paced, each device pauses about ${THINK_MS} ms (0.5 to 1.5 times) after each answer, a very busy floor: the latency is what a person at the counter waits.

| requests | processes | devices | per second | p50 ms | p99 ms | errors |
| --- | --: | --- | --: | --: | --: | --: |
${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

Checks after each run:

${checks.join('\n')}

Reading: ${reading(results, machine.cores)}
`,
  );
}

export const mixedScenario: Scenario = {
  name: 'mixed',
  description:
    '50 branches × 5 devices taking orders and payments on PostgreSQL, 1 and 2 processes',
  run,
};

// Scenario 'mixed' (issues 10 and 21): a busy evening on one PostgreSQL database. 50 branches
// with 5 devices each (its own session, its own live-updates stream) take orders, send them to
// the kitchen and take payments for 60 s against one server process, then against two
// processes sharing the database (the devices split between them; live updates cross over by
// LISTEN/NOTIFY), while each branch's kitchen display (its own account and stream) refetches its
// tickets on every kitchen event and bumps them. Reports throughput, p50/p99 per kind of
// request, how long a KOT takes to reach the display, errors (must be zero) and the live events
// received, and checks the database against what the devices were told.
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
  kots: Kind;
  payments: Kind;
  /** From a send's request to the display's tickets answer that first holds it, ms. */
  toDisplay: Kind;
  /** KOTs sent that no display had shown by the end of the run. */
  unseen: number;
  events: number;
  acknowledgedBills: number;
  billsInDatabase: number;
  gaps: number;
}

/** The live-updates stream of one device: calls `onEvent` with each event's type. */
function openStream(url: string, cookie: string, onEvent: (type: string) => void) {
  const req = httpRequest(`${url}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
  });
  req.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (line.startsWith('event: ')) onEvent(line.slice('event: '.length).trim());
      }
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

/**
 * The kitchen display of one branch: on every kitchen event it fetches its tickets (one fetch at
 * a time; events meanwhile make one more), notes when each KOT first appears, and bumps what it
 * has seen, as a kitchen does.
 */
function openDisplay(url: string, cookie: string, seen: (kotId: string) => void) {
  const http = keepAliveClient(url, 1, { cookie });
  let fetching = false;
  let again = false;
  let closed = false;
  const refresh = async () => {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      do {
        again = false;
        const answer = await http.get('/api/kitchen/tickets').catch(() => undefined);
        const tickets = (answer?.body as { tickets?: { id: string; kotId: string }[] } | null)
          ?.tickets;
        for (const ticket of tickets ?? []) seen(ticket.kotId);
        for (const ticket of tickets ?? []) {
          if (closed) break;
          await http.post(`/api/kitchen/tickets/${ticket.id}/bump`, {}).catch(() => undefined);
        }
      } while (again && !closed);
    } finally {
      fetching = false;
    }
  };
  const closeStream = openStream(url, cookie, (type) => {
    if (type === 'kitchen.changed') void refresh();
  });
  return () => {
    closed = true;
    closeStream();
    http.close();
  };
}

async function runLoad(
  urls: string[],
  devices: Device[],
  displays: string[],
  pool: pg.Pool,
  thinkMs: number,
): Promise<RunResult> {
  const taps = kind();
  const kots = kind();
  const payments = kind();
  const toDisplay = kind();
  /** When each KOT's send was requested, and when a display first showed it. */
  const sentAt = new Map<string, number>();
  const seenAt = new Map<string, number>();
  const arrived = (kotId: string) => {
    const sent = sentAt.get(kotId);
    const shown = seenAt.get(kotId);
    if (sent !== undefined && shown !== undefined) {
      toDisplay.latencies.push(Math.max(0, shown - sent));
      sentAt.delete(kotId);
    }
  };
  let events = 0;
  let acknowledgedBills = 0;
  const before = await pool.query<{ n: number }>('select count(*)::int as n from bills');
  const closeStreams = devices.map((device, i) =>
    openStream(urls[i % urls.length]!, device.cookie, () => (events += 1)),
  );
  const closeDisplays = displays.map((cookie, b) =>
    openDisplay(urls[b % urls.length]!, cookie, (kotId) => {
      if (seenAt.has(kotId)) return;
      seenAt.set(kotId, performance.now());
      arrived(kotId);
    }),
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
        const requested = performance.now();
        const sent = await timed(kots, () =>
          http.post(`/api/tables/${device.tableId}/kots`, { opId: randomUUID() }),
        );
        await pause(thinkMs);
        const kot = (sent?.body as { kot?: { id: string } | null; version?: number } | undefined)
          ?.kot;
        if (sent && sent.status < 300 && kot) {
          sentAt.set(kot.id, requested);
          arrived(kot.id);
          order.version = (sent.body as { version: number }).version;
        } else if (sent) {
          kots.errors += 1;
          kots.firstError ??= `KOT ${sent.status} ${JSON.stringify(sent.body)}`;
        }
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
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const close of [...closeStreams, ...closeDisplays]) close();
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
    kots,
    payments,
    toDisplay,
    unseen: sentAt.size,
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
  const errors = results.reduce((n, r) => n + r.taps.errors + r.kots.errors + r.payments.errors, 0);
  const paced = results.filter((r) => r.pace !== 'flat out');
  const worstPaced = Math.max(...paced.map((r) => quantile(r.toDisplay.latencies, 0.99)));
  const unseen = results.reduce((n, r) => n + r.unseen, 0);
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
    `At the floor's pace a KOT reaches its kitchen display in ${worstPaced.toFixed(0)} ms at the 99th percentile at worst (target: under 1,000 ms: ${worstPaced < 1000 ? 'met' : 'missed'}); ${unseen === 0 ? 'every KOT sent was seen on a display' : `${unseen} KOTs were never seen on a display`}. Flat out, the time is mostly the queue of the 250 devices' requests ahead of the display's.`,
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
    const branches: {
      email: string;
      kitchenEmail: string;
      tableIds: string[];
      productIds: string[];
    }[] = [];
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
        kitchenEmail: branch.kitchen.email,
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
        // Each branch's kitchen display, on the process its branch's first device uses.
        const displays: string[] = [];
        for (const [b, branch] of branches.entries()) {
          displays.push(await signIn(urls[b % urls.length]!, branch.kitchenEmail));
        }
        for (const thinkMs of [0, THINK_MS]) {
          console.log(
            `${processes} process(es), ${devices.length} devices and ${displays.length} kitchen displays, pause ${thinkMs} ms: ${SECONDS} s`,
          );
          results.push(await runLoad(urls, devices, displays, pool, thinkMs));
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
    row('KOT sends', r, r.kots),
    row('payments', r, r.payments),
    row('KOT reaches the display', r, r.toDisplay),
  ]);
  printTable(head, rows);
  const machine = machineInfo();
  const checks = results.map(
    (r) =>
      `- ${r.processes} process(es), ${r.pace}: ${r.toDisplay.latencies.length} KOTs seen on a kitchen display, ${r.unseen} never seen; ${r.acknowledgedBills} payments acknowledged, ${r.billsInDatabase} bills written, ${r.gaps} branches with a gap or repeat in their bill numbers; ${r.events} live events received by the ${BRANCHES * DEVICES} streams.${r.taps.firstError || r.kots.firstError || r.payments.firstError ? ` First error: ${r.taps.firstError ?? r.kots.firstError ?? r.payments.firstError}.` : ''}`,
  );
  await writePerformanceSection(
    '## Mixed load: 50 branches × 5 devices and a kitchen display each on PostgreSQL',
    `Measured on ${new Date().toISOString().slice(0, 10)} by \`npx tsx bench/run.ts mixed\`: ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}; load average before the run ${loadBefore}.

${BRANCHES} branches with ${DEVICES} devices each (${BRANCHES * DEVICES} devices): every device has its own session and its own live-updates stream (\`GET /api/events\`) and works its own table for ${SECONDS} s: 1 to 4 order-line taps, sends them to the kitchen (\`POST /api/tables/:id/kots\`), then pays the table (Cash, Card or UPI; every tenth bill a due). The server processes run \`server/main.ts\` on one PostgreSQL database; with two, the devices alternate between them and the live updates cross over by LISTEN/NOTIFY. Each branch also has a kitchen display (the kitchen account, its own stream) that fetches \`GET /api/kitchen/tickets\` on every \`kitchen.changed\` event and bumps the tickets it shows; "KOT reaches the display" is the time from a send's request to the display's answer that first holds it. Each device waits for each answer before its next request. Flat out, the devices send the next request at once: throughput is the most the server gives, and the latency is mostly the queue of 250 devices (a device waits about 250 ÷ throughput). Paced, each device pauses about ${THINK_MS} ms (0.5 to 1.5 times) after each answer, a very busy floor: the latency is what a person at the counter waits.

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
    '50 branches × 5 devices taking orders, KOTs and payments, a kitchen display each, on PostgreSQL, 1 and 2 processes',
  run,
};

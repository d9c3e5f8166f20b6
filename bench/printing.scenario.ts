// Scenario 'printing' (issue 22): what a network receipt printer costs a payment, through the
// real HTTP server, on PGlite and on PostgreSQL. Tables of 10 lines are paid (Settled, cash) by
// CLIENTS clients in a process of their own, in TURNS turns that each take three conditions in
// the same order: no printer; a printer that takes every bill (a TCP server in this process
// standing in for a LAN printer: the server's sender makes each bill's ESC/POS and sends it);
// a printer that is off (its port refuses). The payment's answer never waits for a printer
// (docs/printing.md): the ratios say what the queue and the sending cost the machine, and the
// printed count says every bill reached the printer that was on.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { bills, printers, printJobs } from '../server/db/schema';
import { systemClock } from '../server/lib/clock';
import { createBranchFixture } from '../server/test/fixtures';
import {
  combined,
  createMenu,
  createTables,
  fillOrders,
  rawDatabase,
  withCpu,
  type Run,
} from './billing.scenario';
import { startLoadClient } from './load-client';
import {
  loadAverage,
  machineInfo,
  printTable,
  signIn,
  tempDir,
  withThrowawayDatabase,
  writePerformanceSection,
  type Scenario,
} from './support';

const CLIENTS = 4;
const TURNS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const TABLES_PER_TURN = Number(process.env.BENCH_PRINTING_TABLES ?? 400);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/';
/** How long the sender may take, after the last payment, to print what was queued. */
const DRAIN_MS = 60_000;

type Backend = 'PGlite' | 'PostgreSQL';
const CONDITIONS = ['none', 'on', 'off'] as const;
type Condition = (typeof CONDITIONS)[number];
const LABELS: Record<Condition, string> = {
  none: 'no printer',
  on: 'a printer takes every bill',
  off: 'the printer is off',
};

interface PrintingResult {
  backend: Backend;
  version: string;
  runs: Record<Condition, Run>;
  /** Bills paid while the printer was on, and how many of them it received. */
  billsOn: number;
  received: number;
}

/** A LAN receipt printer's stand-in: counts the connections that wrote something and closed. */
async function countingPrinter(): Promise<{
  server: Server;
  port: number;
  received: () => number;
}> {
  let received = 0;
  const server = createServer((socket) => {
    let bytes = 0;
    socket.on('data', (chunk) => (bytes += chunk.length));
    socket.on('end', () => {
      if (bytes > 0) received += 1;
      socket.end();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received: () => received };
}

/** A port nothing listens on (a printer that is off refuses the connection). */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function runBackend(backend: Backend, databaseUrl?: string): Promise<PrintingResult> {
  const data = databaseUrl ? undefined : tempDir('bench-printing');
  const database = await openDatabase({ databaseUrl, dataDir: data?.path });
  const raw = rawDatabase(database, databaseUrl);
  const printer = await countingPrinter();
  let app: FastifyInstance | undefined;
  let load: ReturnType<typeof startLoadClient> | undefined;
  try {
    await migrateDatabase(database);
    const branch = await createBranchFixture(database.db, {
      activeDate: '2020-01-01',
      deactiveDate: '2099-12-31',
      numberOfUsers: 50,
      staff: { activeDate: '2020-01-01', deactiveDate: '2099-12-31' },
    });
    const branchId = branch.branchId;
    const menu = await createMenu(database, branchId);
    console.log(`  ${backend}: preparing ${CONDITIONS.length * TURNS * TABLES_PER_TURN} tables …`);
    const tablesOf: Record<Condition, string[][]> = { none: [], on: [], off: [] };
    for (const condition of CONDITIONS) {
      for (let turn = 0; turn < TURNS; turn += 1) {
        const ids = await createTables(
          database,
          branchId,
          Array.from({ length: TABLES_PER_TURN }, (_, i) => `${condition} ${turn + 1}.${i + 1}`),
        );
        await fillOrders(database, branchId, menu, ids);
        tablesOf[condition].push(ids);
      }
    }
    const billTotal = menu.reduce((sum, dish) => sum + dish.pricePaise * 2, 0);
    // Two 80 mm bill printers, the one that is on and the one that is off; each is archived
    // while its condition is not measured (an archived printer's jobs are dropped).
    const offPort = await refusedPort();
    const rows = await database.db
      .insert(printers)
      .values(
        (['on', 'off'] as const).map((name) => ({
          branchId,
          name,
          paperWidth: 80,
          connection: 'network',
          host: '127.0.0.1',
          port: name === 'on' ? printer.port : offPort,
          printsBills: true,
          archivedAt: new Date(),
        })),
      )
      .returning({ id: printers.id, name: printers.name });
    const setCondition = async (condition: Condition) => {
      for (const row of rows) {
        await database.db
          .update(printers)
          .set({ archivedAt: row.name === condition ? null : new Date() })
          .where(and(eq(printers.branchId, branchId), eq(printers.id, row.id)));
      }
    };
    const onPrinterId = rows.find((row) => row.name === 'on')!.id;
    /** Waits until the printer that is on has been sent every job queued for it. */
    const drained = async () => {
      const deadline = Date.now() + DRAIN_MS;
      for (;;) {
        const [left] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(printJobs)
          .where(
            and(
              eq(printJobs.branchId, branchId),
              eq(printJobs.printerId, onPrinterId),
              inArray(printJobs.state, ['queued', 'sending']),
            ),
          );
        if (left!.n === 0 || Date.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      WEB_DIST: '.tmp/bench-no-web',
      PRINTER_ALLOWED_NETWORKS: '127.0.0.1/32',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    app = await buildApp({ database, config, clock: systemClock });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const clients = startLoadClient({
      url,
      cookie: await signIn(url, branch.staff.email),
      connections: CLIENTS,
    });
    load = clients;
    const rounds: Record<Condition, Run[]> = { none: [], on: [], off: [] };
    const paidOn: string[] = [];
    for (let turn = 0; turn < TURNS; turn += 1) {
      for (const condition of CONDITIONS) {
        console.log(`  ${backend}: turn ${turn + 1} of ${TURNS}: ${LABELS[condition]} …`);
        await setCondition(condition);
        const tableIds = tablesOf[condition][turn]!;
        // The printer's turn counts the CPU until its queue is sent (the rate is the run's).
        const run = await withCpu(raw, clients.pid, async () => {
          const measured = await clients.run({
            kind: 'payments',
            clients: CLIENTS,
            seconds: SECONDS / TURNS,
            tableIds,
            amountPaise: billTotal,
          });
          if (condition === 'on') await drained();
          return measured;
        });
        if (run.errors) throw new Error(run.firstError);
        rounds[condition].push(run);
        if (condition === 'on') paidOn.push(...tableIds);
      }
    }
    // The bills paid while the printer was on: every one printed once the queue is sent.
    const billsOn = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bills)
      .where(and(eq(bills.branchId, branchId), inArray(bills.tableId, paidOn)));
    return {
      backend,
      version: await raw.version(),
      runs: { none: combined(rounds.none), on: combined(rounds.on), off: combined(rounds.off) },
      billsOn: billsOn[0]!.n,
      received: printer.received(),
    };
  } finally {
    for (const step of [
      () => load?.stop(),
      () => app?.close(),
      () => new Promise<void>((resolve) => printer.server.close(() => resolve())),
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

/** Server and database CPU per operation (ms): what the operation costs the machine. */
const costOf = (run: Run) => run.cpu.node + (run.cpu.database ?? 0);

const HEAD = ['engine', 'payments while', 'per s', 'p50 ms', 'p99 ms', 'CPU ms/op', 'CPU vs none'];

function rows(result: PrintingResult): string[][] {
  const base = costOf(result.runs.none);
  return CONDITIONS.map((condition) => {
    const run = result.runs[condition];
    return [
      result.backend,
      LABELS[condition],
      run.perSecond.toFixed(0),
      run.p50Ms.toFixed(1),
      run.p99Ms.toFixed(1),
      costOf(run).toFixed(2),
      condition === 'none' ? '' : `${((costOf(run) / base) * 100).toFixed(0)} %`,
    ];
  });
}

const verdict = (result: PrintingResult) =>
  `${result.backend}: the printer that was on received ${result.received} of the ${result.billsOn} bills paid meanwhile.`;

export const printingScenario: Scenario = {
  name: 'printing',
  description: 'payments with no printer, a network printer that prints, and one that is off',
  async run() {
    const loadBefore = loadAverage();
    const results: PrintingResult[] = [await runBackend('PGlite')];
    try {
      results.push(
        await withThrowawayDatabase(
          new URL('postgres', POSTGRES_URL).href,
          (url) => runBackend('PostgreSQL', url),
          { prefix: 'tf_bench_printing' },
        ),
      );
    } catch (error) {
      console.error(`PostgreSQL at ${POSTGRES_URL} could not be measured:`, error);
      process.exitCode = 1;
    }
    const loadAfter = loadAverage();
    printTable(HEAD, results.flatMap(rows));
    for (const result of results) console.log(verdict(result));
    const machine = machineInfo();
    await writePerformanceSection(
      '## Printing: a payment with a network printer (`npm run bench -- printing`)',
      `Measured on ${new Date().toISOString().slice(0, 10)}: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; load average ${loadBefore} before, ${loadAfter} after; ${results.map((r) => r.version).join(', ')}.

Tables of 10 lines paid (Settled, cash) by ${CLIENTS} clients in a process of their own, in ${TURNS} turns of three conditions (${SECONDS / TURNS} s each): no printer; an 80 mm network printer for bills that takes every bill (a TCP server in the server's process: the sender makes each bill's ESC/POS and sends it after the payment's commit); the same printer off (its port refuses: each job is tried three times, then failed). CPU is the server's and the database's per payment (PGlite runs inside the server), the printing included. A payment never waits for a printer (docs/printing.md): the latency columns show it; the CPU column says what the queue and the sending cost.

| ${HEAD.join(' | ')} |
| --- | --- | --: | --: | --: | --: | --: |
${results
  .flatMap(rows)
  .map((r) => `| ${r.join(' | ')} |`)
  .join('\n')}

${results.map(verdict).join(' ')}
`,
    );
  },
};

// Scenario 'kitchen' (issue 21): what sending a KOT of 10 items costs against paying a bill of
// 10 lines, through the real HTTP server, on PGlite and on PostgreSQL. Tables of 10 lines (every
// dish × 2, 3-ingredient recipes, nothing sent yet) are either sent to the kitchen (a KOT of 10
// items split over two stations) or paid (Settled, cash), each table once, by CLIENTS clients in
// a process of their own, in TURNS alternating turns so both meet the same load. The latency a
// kitchen display sees under the mixed load is in the 'mixed' scenario.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { kitchenStations, subcategoryStations } from '../server/db/schema';
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
const TURNS = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Tables prepared per kind and turn (each sent or paid once; a turn that runs out stops). */
const TABLES_PER_TURN = Number(process.env.BENCH_KITCHEN_TABLES ?? 500);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/';

type Backend = 'PGlite' | 'PostgreSQL';

interface KitchenResult {
  backend: Backend;
  version: string;
  kot: Run;
  pay: Run;
}

async function runBackend(backend: Backend, databaseUrl?: string): Promise<KitchenResult> {
  const data = databaseUrl ? undefined : tempDir('bench-kitchen');
  const database = await openDatabase({ databaseUrl, dataDir: data?.path });
  const raw = rawDatabase(database, databaseUrl);
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
    // Two stations: the dishes go to the Kitchen; a 'Drinks' route sends nothing here but is
    // looked up like any other.
    const [kitchen, bar] = await database.db
      .insert(kitchenStations)
      .values([
        { branchId, name: 'Kitchen', position: 0 },
        { branchId, name: 'Bar', position: 1 },
      ])
      .returning({ id: kitchenStations.id });
    await database.db.insert(subcategoryStations).values([
      { branchId, subcategory: 'Mains', stationId: kitchen!.id },
      { branchId, subcategory: 'Drinks', stationId: bar!.id },
    ]);
    const tablesOf = async (kind: string) => {
      const turns: string[][] = [];
      for (let turn = 0; turn < TURNS; turn += 1) {
        const ids = await createTables(
          database,
          branchId,
          Array.from({ length: TABLES_PER_TURN }, (_, i) => `${kind} ${turn + 1}.${i + 1}`),
        );
        await fillOrders(database, branchId, menu, ids);
        turns.push(ids);
      }
      return turns;
    };
    console.log(`  ${backend}: preparing ${2 * TURNS * TABLES_PER_TURN} tables of 10 lines …`);
    const kotTables = await tablesOf('Kot');
    const payTables = await tablesOf('Pay');
    const billTotal = menu.reduce((sum, dish) => sum + dish.pricePaise * 2, 0);

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
    const clients = startLoadClient({
      url,
      cookie: await signIn(url, branch.staff.email),
      connections: CLIENTS,
    });
    load = clients;
    const rounds = { kot: [] as Run[], pay: [] as Run[] };
    for (let turn = 0; turn < TURNS; turn += 1) {
      console.log(`  ${backend}: turn ${turn + 1} of ${TURNS}: KOTs, then payments …`);
      const kot = await withCpu(raw, clients.pid, () =>
        clients.run({
          kind: 'kots',
          clients: CLIENTS,
          seconds: SECONDS / TURNS,
          tableIds: kotTables[turn]!,
        }),
      );
      const pay = await withCpu(raw, clients.pid, () =>
        clients.run({
          kind: 'payments',
          clients: CLIENTS,
          seconds: SECONDS / TURNS,
          tableIds: payTables[turn]!,
          amountPaise: billTotal,
        }),
      );
      for (const run of [kot, pay]) if (run.errors) throw new Error(run.firstError);
      rounds.kot.push(kot);
      rounds.pay.push(pay);
    }
    return {
      backend,
      version: await raw.version(),
      kot: combined(rounds.kot),
      pay: combined(rounds.pay),
    };
  } finally {
    for (const step of [
      () => load?.stop(),
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

/** Server and database CPU per operation (ms): what the operation costs the machine. */
const costOf = (run: Run) => run.cpu.node + (run.cpu.database ?? 0);

const HEAD = ['engine', 'operation', 'per s', 'p50 ms', 'p99 ms', 'CPU ms/op', 'KOT / payment'];

function rows(result: KitchenResult): string[][] {
  const share = costOf(result.kot) / costOf(result.pay);
  const line = (label: string, run: Run, ratio: string) => [
    result.backend,
    label,
    run.perSecond.toFixed(0),
    run.p50Ms.toFixed(1),
    run.p99Ms.toFixed(1),
    costOf(run).toFixed(2),
    ratio,
  ];
  return [
    line('send a KOT of 10 items', result.kot, `${(share * 100).toFixed(0)} %`),
    line('pay a bill of 10 lines', result.pay, ''),
  ];
}

const verdict = (result: KitchenResult) =>
  costOf(result.kot) < costOf(result.pay)
    ? `${result.backend}: a KOT of 10 items costs less than a 10-line payment (target met).`
    : `${result.backend}: a KOT of 10 items costs as much as a 10-line payment or more (target missed).`;

export const kitchenScenario: Scenario = {
  name: 'kitchen',
  description: 'a KOT of 10 items against a payment of 10 lines (PGlite, PostgreSQL)',
  async run() {
    const loadBefore = loadAverage();
    const results: KitchenResult[] = [await runBackend('PGlite')];
    try {
      results.push(
        await withThrowawayDatabase(
          new URL('postgres', POSTGRES_URL).href,
          (url) => runBackend('PostgreSQL', url),
          { prefix: 'tf_bench_kitchen' },
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
      '## Kitchen: a KOT against a payment (`npm run bench -- kitchen`)',
      `Measured on ${new Date().toISOString().slice(0, 10)}: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; load average ${loadBefore} before, ${loadAfter} after; ${results.map((r) => r.version).join(', ')}.

Tables of 10 lines (every dish × 2, each dish with a 3-ingredient recipe, nothing sent yet), each either sent to the kitchen (\`POST /api/tables/:id/kots\`: a KOT of 10 items, numbered, split per station) or paid (Settled in cash), by ${CLIENTS} clients in a process of their own, in ${TURNS} alternating turns of ${SECONDS / TURNS} s. CPU is the server's and the database's per operation (PGlite runs inside the server). Target: a KOT costs less than a payment.

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

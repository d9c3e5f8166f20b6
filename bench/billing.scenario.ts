// Scenario 'billing': the counter's hot paths through the real HTTP server, on PGlite and on
// PostgreSQL: order-line taps (each client on its own table, then all on one table) next to the
// same UPDATE sent straight to the database, and payments of 10-line bills with 3-ingredient
// recipes; taps with choices (bench/billing-choices.ts); taps and payments on a branch of 100
// tables against one of 3,000, on stale statistics and, half of them open, on none
// (bench/billing-sizes.ts); payments with and without GST (bench/billing-tax.ts). The figures
// go to docs/performance.md; then PGlite's memory (bench/billing-memory.ts), a section of its
// own. BENCH_BILLING_ONLY=choices, =open-orders or =memory runs one case alone and writes its
// section.
import {
  CLIENTS,
  INGREDIENTS_PER_LINE,
  LINES_PER_BILL,
  POSTGRES_URL,
  SECONDS,
  benchBranch,
  count,
  createMenu,
  createTables,
  fillOrders,
  ms,
  percent,
  rowOf,
  serverCpu,
  sumQuantity,
  withBenchServer,
  withCpu,
  withPostgresDatabase,
  type Backend,
  type BenchServer,
  type Run,
} from './billing-support';
import {
  CHOICE_HEAD,
  ONLY_CHOICES,
  choiceMarkdown,
  choiceRows,
  choiceRun,
  choiceVerdicts,
  type ChoiceResult,
} from './billing-choices';
import {
  LARGE_BRANCH,
  OPEN_ORDERS_HOW,
  SIZE_CLIENTS,
  SIZE_TARGET,
  SIZE_TURNS,
  SMALL_BRANCH,
  openOrdersRun,
  sizeRows,
  sizeVerdicts,
  staleSizeRun,
  type SizePair,
} from './billing-sizes';
import { TAX_TABLES, TAX_TARGET, TAX_TURNS, taxRun } from './billing-tax';
import { pgliteMemoryRun, reportMemory } from './billing-memory';
import {
  loadAverage,
  machineInfo,
  measure,
  printTable,
  signIn,
  writePerformanceSection,
  type Scenario,
} from './support';

// What the kitchen and printing scenarios take from this one.
export {
  combined,
  createMenu,
  createTables,
  fillOrders,
  rawDatabase,
  withCpu,
} from './billing-support';
export type { Run } from './billing-support';

/** Tables prepared for the payment measurement (each paid once). */
const PAY_TABLES = Number(process.env.BENCH_PAY_TABLES ?? 2500);
/**
 * BENCH_BILLING_ONLY=open-orders: the open-orders case alone (issue 31), both engines;
 * =memory: PGlite's memory alone (bench/billing-memory.ts).
 */
const ONLY_OPEN_ORDERS = process.env.BENCH_BILLING_ONLY === 'open-orders';
const ONLY_MEMORY = process.env.BENCH_BILLING_ONLY === 'memory';

const TARGETS = { apiShareOfRaw: 0.6, p99Ms: 25 };
const PEER = { ownOrders: 542, oneOrder: 152 };

const RAW_INCREMENT =
  'update order_lines set quantity = quantity + 1 where branch_id = $1 and table_id = $2 and product_id = $3';

interface BackendResult {
  backend: Backend;
  version: string;
  choices: ChoiceResult;
  own: { api: Run; raw: Run };
  one: { api: Run; raw: Run };
  pay: Run;
  /** Taps and payments on a branch of SMALL_BRANCH tables and of LARGE_BRANCH (stale statistics). */
  sizes: SizePair;
  /** The same, half of each branch's tables open, on a database never analysed. */
  open: SizePair;
  /** The same payment for a branch not registered (no tax) and for a registered one (GST). */
  tax: { untaxed: Run; taxed: Run };
}

type MainResult = Omit<BackendResult, 'backend' | 'open'>;

/** The measurements of one database behind a real HTTP server (all but the open-orders case). */
async function runBackend(server: BenchServer): Promise<MainResult> {
  const { backend, database, raw, url } = server;
  const branch = await benchBranch(database);
  const branchId = branch.branchId;
  const menu = await createMenu(database, branchId);
  const makeTables = (labels: string[]) => createTables(database, branchId, labels);
  const cookie = await signIn(url, branch.staff.email);
  const choices = await choiceRun(server, cookie, branchId);
  if (ONLY_CHOICES) return { version: await raw.version(), choices } as MainResult;
  const clients = await server.loadClient(branch.staff.email, CLIENTS);

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

  const sizes = await staleSizeRun(server);
  const tax = await taxRun(server);
  return { version: await raw.version(), choices, own: ownResult, one: oneResult, pay, sizes, tax };
}

/** Runs `body` on a fresh database of `backend` behind a real server (bench/billing-support.ts). */
function onFreshServer<T>(backend: Backend, body: (server: BenchServer) => Promise<T>) {
  return backend === 'PostgreSQL'
    ? withPostgresDatabase((url) => withBenchServer(backend, url, body))
    : withBenchServer(backend, undefined, body);
}

/** Every measurement of `backend`; the open-orders case on a database of its own. */
async function measureBackend(backend: Backend): Promise<BackendResult> {
  const main = ONLY_OPEN_ORDERS ? undefined : await onFreshServer(backend, runBackend);
  const open = ONLY_CHOICES
    ? undefined
    : await onFreshServer(backend, async (server) => ({
        version: await server.raw.version(),
        pairs: await openOrdersRun(server),
      }));
  // A run of one case fills only its part.
  return {
    backend,
    ...main,
    version: main?.version ?? open!.version,
    open: open?.pairs,
  } as BackendResult;
}

function rows(result: BackendResult): string[][] {
  const { backend, own, one, pay, tax } = result;
  const line = (label: string, m: Run, ratio?: number) => rowOf(backend, label, m, ratio);
  return [
    line('line +1, own tables, API', own.api, own.api.perSecond / own.raw.perSecond),
    line('line +1, own tables, raw UPDATE', own.raw),
    line('line +1, one table, API', one.api, one.api.perSecond / one.raw.perSecond),
    line('line +1, one table, raw UPDATE', one.raw),
    line(`payment, ${LINES_PER_BILL} lines × ${INGREDIENTS_PER_LINE} ingredients`, pay),
    ...sizeRows(backend, { stale: result.sizes, open: result.open }),
    line('payment, branch not registered (no tax)', tax.untaxed),
    line(
      'payment, registered branch (GST 5 %, round-off)',
      tax.taxed,
      serverCpu(tax.taxed) / serverCpu(tax.untaxed),
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

/** Issue 31's payment cost, CPU per payment at a floor's few clients. */
const PAY_TARGET = { nodeMs: 1.5, postgresMs: 4, pgliteMs: 12 };

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
  out.push(...sizeVerdicts({ stale: result.sizes, open: result.open }));
  // Issue 31: a payment's CPU at 4 clients (the 100-table branch's payments, a floor's few
  // devices): at most 1.5 ms of Node and 4 ms of PostgreSQL, or 12 ms on PGlite (in-process).
  const floorPay = result.sizes?.small.pay;
  if (floorPay) {
    const { node, database } = floorPay.cpu;
    out.push(
      result.backend === 'PostgreSQL'
        ? `a payment at ${SIZE_CLIENTS} clients costs ${ms(node)} ms of Node (target at most ${PAY_TARGET.nodeMs}: ${node <= PAY_TARGET.nodeMs ? 'met' : 'NOT MET'}) and ${ms(database ?? 0)} ms of PostgreSQL (target at most ${PAY_TARGET.postgresMs}: ${(database ?? 0) <= PAY_TARGET.postgresMs ? 'met' : 'NOT MET'})`
        : `a payment at ${SIZE_CLIENTS} clients costs ${ms(node)} ms of CPU in the server's process, PGlite included (target at most ${PAY_TARGET.pgliteMs}): ${node <= PAY_TARGET.pgliteMs ? 'met' : 'NOT MET'}`,
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
on PostgreSQL it is off for the counter's tables throughout): ${SIZE_CLIENTS} clients (a floor's few devices, whose taps mostly go to the database alone) tapping as above on the newest ${SIZE_CLIENTS}
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
${OPEN_ORDERS_HOW}

${table}

Targets of issue 8 (line increments through the API ≥ ${percent(TARGETS.apiShareOfRaw)} of the raw database rate and p99 < ${TARGETS.p99Ms} ms, on PostgreSQL), of issue 19 (a payment with GST within ${percent(TAX_TARGET)} of one without, both engines) and of issue 31 (taps and payments on ${count(LARGE_BRANCH)} tables, half of them open, within ${percent(SIZE_TARGET)} of ${count(SMALL_BRANCH)} tables, both engines):

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
/** docs/performance.md's section of a run of the open-orders case alone. */
function openOrdersMarkdown(results: BackendResult[], load: { before: string; after: string }) {
  const machine = machineInfo();
  const table = [
    `| ${HEAD.join(' | ')} |`,
    `| ${HEAD.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...results
      .flatMap((result) => sizeRows(result.backend, { open: result.open }))
      .map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  return `
Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine.cpu},
${machine.cores} cores, ${machine.memory} memory, Node ${machine.node}, ${results.map((r) => r.version).join(', ')}.
Load average (1 / 5 / 15 min) ${load.before} before the run, ${load.after} after it. This case alone
(\`BENCH_BILLING_ONLY=open-orders\`, BENCH_SECONDS=${SECONDS}).

How: the billing scenario's server (as in its main section), ${SIZE_CLIENTS} clients in a process of their own. ${OPEN_ORDERS_HOW}

${table}

Target of issue 31: taps and payments on ${count(LARGE_BRANCH)} tables, half of them open, within ${percent(SIZE_TARGET)} of ${count(SMALL_BRANCH)} tables:

${results.flatMap((result) => sizeVerdicts({ open: result.open }).map((v) => `- ${result.backend}: ${v}`)).join('\n')}
`;
}

export const billingScenario: Scenario = {
  name: 'billing',
  description: `order-line taps and payments at ${CLIENTS} clients, API vs raw SQL (PGlite, PostgreSQL)`,
  async run() {
    const load = { before: loadAverage(), after: '' };
    console.log(`\nLoad average before: ${load.before}`);
    if (ONLY_MEMORY) {
      await reportMemory(await pgliteMemoryRun(), { ...load, after: loadAverage() });
      return;
    }
    const results: BackendResult[] = [await measureBackend('PGlite')];
    try {
      results.push(await measureBackend('PostgreSQL'));
    } catch (error) {
      console.error(`PostgreSQL at ${POSTGRES_URL} could not be measured:`, error);
      process.exitCode = 1;
    }
    const memory = ONLY_CHOICES || ONLY_OPEN_ORDERS ? null : await pgliteMemoryRun();
    load.after = loadAverage();
    console.log(`\nLoad average after: ${load.after}\n`);
    if (ONLY_OPEN_ORDERS) {
      printTable(
        HEAD,
        results.flatMap((result) => sizeRows(result.backend, { open: result.open })),
      );
      for (const result of results) {
        for (const verdict of sizeVerdicts({ open: result.open })) {
          console.log(`${result.backend}: ${verdict}`);
        }
      }
      await writePerformanceSection(
        '## Billing: a branch of 3,000 tables, half of them open (`BENCH_BILLING_ONLY=open-orders npm run bench -- billing`)',
        openOrdersMarkdown(results, load),
      );
      return;
    }
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
    if (memory) await reportMemory(memory, load);
  },
};

// The billing scenario's table-count cases (bench/billing.scenario.ts): the same taps and
// payments on a branch of 100 tables and on one of 3,000, whose rates should be within 20 % of
// each other (issue 31: no cost that grows with the branch).
import {
  SECONDS,
  benchBranch,
  combined,
  count,
  createMenu,
  createTables,
  fillOrders,
  ms,
  percent,
  rowOf,
  serverCpu,
  sumQuantity,
  withCpu,
  type Backend,
  type BenchServer,
  type Dish,
  type Run,
  type SizeResult,
} from './billing-support';

/** The table-count cases: a branch of SMALL_BRANCH tables, and one of LARGE_BRANCH. */
export const SMALL_BRANCH = 100;
export const LARGE_BRANCH = Number(process.env.BENCH_LARGE_BRANCH ?? 3000);
/**
 * Devices of the table-count cases: a floor's few, whose taps mostly reach the database alone
 * (with 20 clients a call carries about 10 taps, and what a call costs once is shared by them).
 */
export const SIZE_CLIENTS = 4;
/** Turns of each size: the taps' SECONDS split in turns, and a round of payments per turn. */
export const SIZE_TURNS = 4;
/** Taps and payments on the large branch within this share of the small one's rate. */
export const SIZE_TARGET = 0.2;
/**
 * The open-orders case: this share of each branch's tables hold an open order of
 * 10 lines (the evening of issue 31: a branch of about 3,200 tables, half of them open).
 */
export const OPEN_SHARE = 0.5;
const half = percent(OPEN_SHARE);

export interface SizePair {
  small: SizeResult;
  large: SizeResult;
}

interface SizedBranch {
  label: string;
  branchId: string;
  menu: Dish[];
  ids: string[];
  load: Awaited<ReturnType<BenchServer['loadClient']>>;
  taps: Run[];
  pay: Run[];
}

/** A branch of `size` tables with the scenario's menu and SIZE_CLIENTS clients signed in. */
async function sizedBranch(server: BenchServer, size: number): Promise<SizedBranch> {
  const { database } = server;
  const branch = await benchBranch(database);
  const menu = await createMenu(database, branch.branchId);
  const ids = await createTables(
    database,
    branch.branchId,
    Array.from({ length: size }, (_, i) => `Size ${i + 1}`),
  );
  return {
    label: `${size.toLocaleString('en')} tables`,
    branchId: branch.branchId,
    menu,
    ids,
    load: await server.loadClient(branch.staff.email, SIZE_CLIENTS),
    taps: [],
    pay: [],
  };
}

/**
 * SIZE_CLIENTS clients tapping +1 on the first dish, each on its table of `tableOfClient`,
 * for `seconds`; the branch's items must grow by the taps answered 200.
 */
async function taps(
  server: BenchServer,
  branch: SizedBranch,
  tableOfClient: string[],
  seconds: number,
): Promise<Run> {
  const { database, raw, backend } = server;
  const request = {
    kind: 'lines' as const,
    clients: SIZE_CLIENTS,
    tableOfClient,
    productId: branch.menu[0]!.id,
  };
  const before = await sumQuantity(database, branch.branchId);
  console.log(`  ${backend}: taps on a branch of ${branch.label} …`);
  const run = await withCpu(raw, branch.load.pid, () => branch.load.run({ ...request, seconds }));
  const grown = (await sumQuantity(database, branch.branchId)) - before;
  if (grown !== run.count) {
    throw new Error(`${branch.label}: ${run.count} taps answered 200 but lines grew by ${grown}`);
  }
  return run;
}

/** A round of payments of `tableIds` (whose orders `fill` writes first), SIZE_CLIENTS clients. */
async function payments(
  server: BenchServer,
  branch: SizedBranch,
  tableIds: string[],
  fill: boolean,
): Promise<Run> {
  const { database, raw, backend } = server;
  const amountPaise = fill
    ? await fillOrders(database, branch.branchId, branch.menu, tableIds)
    : branch.menu.reduce((sum, dish) => sum + dish.pricePaise * 2, 0);
  console.log(`  ${backend}: payments on a branch of ${branch.label} …`);
  return withCpu(raw, branch.load.pid, () =>
    branch.load.run({
      kind: 'payments',
      clients: SIZE_CLIENTS,
      seconds: 60,
      tableIds,
      amountPaise,
    }),
  );
}

/**
 * Measures `small` and `large` in turns, SIZE_TURNS each (taps, then rounds of payments), so
 * both meet the same load from other work on the machine; `roles` names each branch's tapped
 * tables and the tables each round pays (their orders written before each round, or from the
 * second when they are open at the start).
 */
async function inTurns(
  server: BenchServer,
  small: SizedBranch,
  large: SizedBranch,
  roles: (branch: SizedBranch) => { tapped: string[]; paid: string[]; openAtStart: boolean },
): Promise<SizePair> {
  for (const branch of [small, large]) await taps(server, branch, roles(branch).tapped, 1); // warm-up
  for (let turn = 0; turn < SIZE_TURNS; turn += 1) {
    for (const branch of [small, large]) {
      branch.taps.push(await taps(server, branch, roles(branch).tapped, SECONDS / SIZE_TURNS));
    }
  }
  for (let turn = 0; turn < SIZE_TURNS; turn += 1) {
    for (const branch of [small, large]) {
      const { paid, openAtStart } = roles(branch);
      branch.pay.push(await payments(server, branch, paid, turn > 0 || !openAtStart));
    }
  }
  const result = (branch: SizedBranch) => ({
    taps: combined(branch.taps),
    pay: combined(branch.pay),
  });
  return { small: result(small), large: result(large) };
}

/**
 * The table-count case on stale statistics, on two branches of their own: one of SMALL_BRANCH
 * tables, analysed, and one of LARGE_BRANCH tables made after that ANALYZE, so the planner has
 * never seen them (PGlite runs no autovacuum; on PostgreSQL it is off for the counter's tables,
 * `withBenchServer`). Taps on the newest SIZE_CLIENTS tables of each, payments of the
 * SMALL_BRANCH − SIZE_CLIENTS tables before those (their orders written before each round).
 */
export async function staleSizeRun(server: BenchServer): Promise<SizePair> {
  const small = await sizedBranch(server, SMALL_BRANCH);
  await server.raw.query('analyze', []);
  const large = await sizedBranch(server, LARGE_BRANCH);
  return inTurns(server, small, large, (branch) => {
    const newest = branch.ids.slice(-SMALL_BRANCH);
    return {
      tapped: newest.slice(0, SIZE_CLIENTS),
      paid: newest.slice(SIZE_CLIENTS),
      openAtStart: false,
    };
  });
}

/**
 * The open-orders case (issue 31), on a database of its own whose counter's tables the planner
 * has never analysed (a new database; a PostgreSQL server without autovacuum): a branch of
 * SMALL_BRANCH tables and one of LARGE_BRANCH, OPEN_SHARE of each holding an open order of every
 * dish × 2. Taps add to the first dish's line of SIZE_CLIENTS open tables; each round of
 * payments pays the same SMALL_BRANCH × OPEN_SHARE − SIZE_CLIENTS open tables of each branch
 * (written again before each round after the first), so both do the same work.
 */
export async function openOrdersRun(server: BenchServer): Promise<SizePair> {
  const opened = async (size: number) => {
    const branch = await sizedBranch(server, size);
    await fillOrders(
      server.database,
      branch.branchId,
      branch.menu,
      branch.ids.slice(0, Math.round(size * OPEN_SHARE)),
    );
    return branch;
  };
  const small = await opened(SMALL_BRANCH);
  const large = await opened(LARGE_BRANCH);
  const payable = Math.round(SMALL_BRANCH * OPEN_SHARE);
  return inTurns(server, small, large, (branch) => ({
    tapped: branch.ids.slice(0, SIZE_CLIENTS),
    paid: branch.ids.slice(SIZE_CLIENTS, payable),
    openAtStart: true,
  }));
}

/** The rows of the table-count cases (either may be absent: a run of one case). */
export function sizeRows(
  backend: Backend,
  { stale, open }: { stale?: SizePair; open?: SizePair },
): string[][] {
  const pairRows = (pair: SizePair, of: (size: number) => string) => [
    rowOf(backend, `line +1, own tables, API, ${of(SMALL_BRANCH)}`, pair.small.taps),
    rowOf(
      backend,
      `line +1, own tables, API, ${of(LARGE_BRANCH)}`,
      pair.large.taps,
      pair.large.taps.perSecond / pair.small.taps.perSecond,
    ),
    rowOf(backend, `payment, ${of(SMALL_BRANCH)}`, pair.small.pay),
    rowOf(
      backend,
      `payment, ${of(LARGE_BRANCH)}`,
      pair.large.pay,
      pair.large.pay.perSecond / pair.small.pay.perSecond,
    ),
  ];
  return [
    ...(stale ? pairRows(stale, (size) => `branch of ${count(size)} tables`) : []),
    ...(open ? pairRows(open, (size) => `${count(size)} tables, ${half} open, no statistics`) : []),
  ];
}

/** The verdicts of the table-count cases: the large branch's rates against the small one's. */
export function sizeVerdicts({ stale, open }: { stale?: SizePair; open?: SizePair }): string[] {
  const cases = [
    ...(stale
      ? [[`${count(LARGE_BRANCH)} tables (made after the last ANALYZE)`, stale] as const]
      : []),
    ...(open
      ? [[`${count(LARGE_BRANCH)} tables, ${half} of them open (never analysed)`, open] as const]
      : []),
  ];
  return cases.flatMap(([what, pair]) =>
    (
      [
        ['taps', pair.small.taps, pair.large.taps],
        ['payments', pair.small.pay, pair.large.pay],
      ] as const
    ).map(([label, small, large]) => {
      const share = large.perSecond / small.perSecond;
      // The CPU per operation too: on a busy machine it varies less than the rate.
      const cpu = `server + database CPU ${ms(serverCpu(large))} against ${ms(serverCpu(small))} ms`;
      return `${label} on a branch of ${what}: ${percent(share)} of the rate on ${count(SMALL_BRANCH)} tables, ${cpu} (target: at least ${percent(1 - SIZE_TARGET)} of the rate): ${share >= 1 - SIZE_TARGET ? 'met' : 'NOT MET'}`;
    }),
  );
}

/** How the open-orders case is measured, for docs/performance.md. */
export const OPEN_ORDERS_HOW = `The "${half} open, no statistics" rows (issue 31)
run on a database of their own, migrated and never analysed (a new database, or a PostgreSQL
server without autovacuum: the planner has no statistics of the counter's tables), with a
branch of ${count(SMALL_BRANCH)} tables and one of ${count(LARGE_BRANCH)}, ${half} of each
holding an open order (every dish × 2): ${SIZE_CLIENTS} clients tapping +1 on an open table each,
and paying the same ${Math.round(SMALL_BRANCH * OPEN_SHARE) - SIZE_CLIENTS} open tables of each branch per round
(written again before each round), in ${SIZE_TURNS} turns per branch, alternating; their ratio column
is the rate on ${count(LARGE_BRANCH)} tables over the rate on ${count(SMALL_BRANCH)}.`;

// PGlite's memory (issue 31: under 400 MB at all times), a case of the billing scenario: the
// server as `npm start` runs it on the embedded database, in a process of its own, right after
// its first start (a new folder: made, migrated, the demo written, analysed), after a restart on
// that folder, and at its peak while devices tap and pay on the demo's tables.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { STAFF } from '../server/demo/demo-platform';
import { SECONDS } from './billing-support';
import {
  ROOT,
  keepAliveClient,
  machineInfo,
  printTable,
  signInAs,
  startServerProcess,
  tempDir,
  writePerformanceSection,
  type ServerProcess,
} from './support';

/** The most resident memory the server on PGlite may take, at any time (MB). */
export const MEMORY_TARGET_MB = 400;
/** Devices tapping and paying in the burst, each on a demo table of its own. */
const BURST_CLIENTS = 8;
/** Taps on a table before it is paid. */
const TAPS_PER_BILL = 20;
/** How long after it listens the server's memory is read (its start's work settled). */
const SETTLE_MS = 2000;

interface Reading {
  /** Resident now (MB). */
  rssMb: number;
  /** The most it has been resident since it started or since its peak was reset (MB). */
  peakMb: number;
}

export interface MemoryResult {
  firstStart: Reading & { seconds: number };
  restart: Reading & { seconds: number };
  burst: Reading & { seconds: number; taps: number; payments: number };
  web: boolean;
}

const kbOf = (text: string, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)![1]);

function reading(pid: number): Reading {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    rssMb: Math.round(kbOf(status, 'VmRSS') / 1024),
    peakMb: Math.round(kbOf(status, 'VmHWM') / 1024),
  };
}

/** Starts the peak (VmHWM) of a process again from its current resident size. */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/**
 * BURST_CLIENTS devices signed in as the demo's waiter, for `seconds`: each taps a plain dish
 * TAPS_PER_BILL times on its table, then pays the table's bill (its version and total as the
 * tables list shows them), and again. Every answer must be a success.
 */
async function tapAndPay(server: ServerProcess, seconds: number) {
  const waiter = STAFF[0]!;
  const cookie = await signInAs(server.url, waiter);
  const http = keepAliveClient(server.url, BURST_CLIENTS, { cookie });
  type TableCard = { id: string; version: number; billTotalPaise: number };
  type Dish = { id: string; variants: unknown[]; addonGroupIds: unknown[]; soldOut: boolean };
  const cards = async () => ((await http.get('/api/tables')).body as { items: TableCard[] }).items;
  const tables = await cards();
  const dishes = ((await http.get('/api/products/menu')).body as { items: Dish[] }).items.filter(
    (dish) => !dish.variants.length && !dish.addonGroupIds.length && !dish.soldOut,
  );
  const done = { taps: 0, payments: 0 };
  const end = Date.now() + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: BURST_CLIENTS }, async (_, client) => {
        const tableId = tables[client % tables.length]!.id;
        while (Date.now() < end) {
          for (let tap = 0; tap < TAPS_PER_BILL; tap += 1) {
            const dish = dishes[(client + tap) % dishes.length]!;
            const answer = await http.post(`/api/tables/${tableId}/lines`, {
              opId: uuidv7(),
              productId: dish.id,
              delta: 1,
            });
            if (answer.status !== 200) throw new Error(`tap: ${answer.status}`);
            done.taps += 1;
          }
          const card = (await cards()).find((one) => one.id === tableId)!;
          const paid = await http.post(`/api/tables/${tableId}/payments`, {
            idempotencyKey: randomUUID(),
            expectedVersion: card.version,
            discountPercent: 0,
            status: 'Settled',
            payments: [{ method: 'Cash', amountPaise: card.billTotalPaise }],
          });
          if (paid.status !== 201) throw new Error(`payment: ${paid.status}`);
          done.payments += 1;
        }
      }),
    );
  } finally {
    http.close();
  }
  return done;
}

/** The three readings, on a new folder of their own (removed after). */
export async function pgliteMemoryRun(): Promise<MemoryResult> {
  const data = tempDir('bench-memory');
  const webDist = join(ROOT, 'dist/web');
  const web = existsSync(join(webDist, 'index.html'));
  const env = { DATA_DIR: data.path, SEED_DEMO: 'true', ...(web ? { WEB_DIST: webDist } : {}) };
  const settled = async (server: ServerProcess) => {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return reading(server.pid);
  };
  try {
    console.log('  PGlite: memory, first start …');
    let started = performance.now();
    let server = await startServerProcess(env);
    let seconds = (performance.now() - started) / 1000;
    const firstStart = { ...(await settled(server)), seconds };
    await server.stop();
    console.log('  PGlite: memory, restart …');
    started = performance.now();
    server = await startServerProcess(env);
    seconds = (performance.now() - started) / 1000;
    try {
      const restart = { ...(await settled(server)), seconds };
      console.log('  PGlite: memory, taps and payments …');
      resetPeak(server.pid);
      let sampledMb = 0;
      const sampler = setInterval(() => {
        sampledMb = Math.max(sampledMb, reading(server.pid).rssMb);
      }, 50);
      const burstSeconds = SECONDS * 2;
      const done = await tapAndPay(server, burstSeconds).finally(() => clearInterval(sampler));
      const after = reading(server.pid);
      const burst = {
        rssMb: after.rssMb,
        peakMb: Math.max(after.peakMb, sampledMb),
        seconds: burstSeconds,
        ...done,
      };
      return { firstStart, restart, burst, web };
    } finally {
      await server.stop();
    }
  } finally {
    data.remove();
  }
}

export const MEMORY_HEAD = ['moment', 'resident MB', 'peak MB', 'what'];

export function memoryRows(result: MemoryResult): string[][] {
  const { firstStart, restart, burst } = result;
  return [
    [
      'first start',
      String(firstStart.rssMb),
      String(firstStart.peakMb),
      `made, migrated, demo written, analysed, listening in ${firstStart.seconds.toFixed(1)} s`,
    ],
    [
      'restart',
      String(restart.rssMb),
      String(restart.peakMb),
      `on that folder, listening in ${restart.seconds.toFixed(1)} s`,
    ],
    [
      'taps and payments',
      String(burst.rssMb),
      String(burst.peakMb),
      `${burst.seconds} s: ${burst.taps} taps, ${burst.payments} payments, ${BURST_CLIENTS} devices`,
    ],
  ];
}

export function memoryVerdicts(result: MemoryResult): string[] {
  return memoryRows(result).map(([moment, , peak]) => {
    const met = Number(peak) < MEMORY_TARGET_MB;
    return `${moment}: at most ${peak} MB resident (target: under ${MEMORY_TARGET_MB} MB): ${met ? 'met' : 'NOT MET'}`;
  });
}

/** docs/performance.md's section of the memory case. */
export function memoryMarkdown(result: MemoryResult, load: { before: string; after: string }) {
  const machine = machineInfo();
  const table = [
    `| ${MEMORY_HEAD.join(' | ')} |`,
    `| --- | ---: | ---: | --- |`,
    ...memoryRows(result).map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  return `
Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine.cpu},
${machine.cores} cores, ${machine.memory} memory, Node ${machine.node}. Load average (1 / 5 / 15
min) ${load.before} before the run, ${load.after} after it (memory does not depend on it much; the
moments at which V8 collects garbage do, by some tens of MB).

How: \`server/main.ts\` in a process of its own on PGlite, as \`npm start\` runs it (tsx,
NODE_ENV=production, the demo seeded${result.web ? ', the built web app served' : ''}), on a new
folder: its resident memory (VmRSS) ${SETTLE_MS / 1000} s after it first listens, and its peak
(VmHWM) since it started: the folder made, migrated, the demo written and analysed. Then
restarted on that folder, the same. Then, its peak reset, ${BURST_CLIENTS} devices signed in as
the demo's waiter each tap a dish ${TAPS_PER_BILL} times on a table of their own and pay it
(Cash, the bill's total), again and again, for ${result.burst.seconds} s; the peak is the highest
of VmHWM and a reading every 50 ms.

${table}

Target of issue 31: the server on PGlite under ${MEMORY_TARGET_MB} MB resident at all times:

${memoryVerdicts(result)
  .map((verdict) => `- ${verdict}`)
  .join('\n')}
`;
}

/** Prints PGlite's memory and writes its section. */
export async function reportMemory(memory: MemoryResult, load: { before: string; after: string }) {
  console.log('');
  printTable(MEMORY_HEAD, memoryRows(memory));
  for (const verdict of memoryVerdicts(memory)) console.log(`PGlite: ${verdict}`);
  await writePerformanceSection(
    "## PGlite's memory (`npm run bench -- billing`)",
    memoryMarkdown(memory, load),
  );
}

// Scenario 'reports': the reports and the branch overview on a year of a busy branch
// (bench/year-of-data.ts: about 300 bills a day, 4 lines each), on PGlite and on PostgreSQL,
// through the HTTP API of a real server process signed in as the branch's manager: each
// report's first page with its totals for a year and for a month, the overview, and the full
// CSV exports streamed, with the server process's memory read from /proc while they stream.
// The figures go to docs/performance.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { addDays } from '../shared/dates';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { createBranchFixture } from '../server/test/fixtures';
import {
  keepAliveClient,
  loadAverage,
  machineInfo,
  printTable,
  signIn,
  startServerProcess,
  tempDir,
  writePerformanceSection,
  type Scenario,
  type ServerProcess,
  withThrowawayDatabase,
} from './support';
import { generateYearOfData, vacuumAnalyze, type YearOfData } from './year-of-data';

/** Timed requests per measurement, after WARM_UP untimed ones. */
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP = 3;
/** A measurement stops after this long even with fewer runs (a slow report must not take
 *  the whole run). */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 15_000);
const SAMPLE_MS = 50;
const TARGETS = { reportMs: 150, overviewMs: 100 };
/** The PostgreSQL server; a database `tf_bench_<time>` is made on it for the run and dropped. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/';
/** `BENCH_REPORTS_ONLY=tax` measures only the requests and exports whose label starts so
 *  (comma-separated); `BENCH_ENGINES=PostgreSQL` only that engine. Such a run writes a section
 *  of its own in docs/performance.md. */
const ONLY = (process.env.BENCH_REPORTS_ONLY ?? '').split(',').filter(Boolean);
const ENGINES = (process.env.BENCH_ENGINES ?? 'PGlite,PostgreSQL').split(',');
const wanted = (label: string) => ONLY.length === 0 || ONLY.some((p) => label.startsWith(p));

type Engine = 'PGlite' | 'PostgreSQL';

interface Timing {
  label: string;
  path: string;
  targetMs: number;
  /** HTTP status of the first answer (404: not built yet). */
  status: number;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
}

interface ExportRun {
  label: string;
  path: string;
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** Lines after the header. */
  rows: number;
  /** Server process, kB: resident before the request, highest while it streamed. */
  rssBeforeKb: number;
  peakRssKb: number;
  /** Highest sample in the first and in the second half of the export: flat memory has the
   *  second no higher than the first. */
  firstHalfPeakKb: number;
  secondHalfPeakKb: number;
}

interface EngineResult {
  engine: Engine;
  version: string;
  generateSeconds: number;
  /** PostgreSQL: VACUUM ANALYZE before the server starts, as its autovacuum would have done;
   *  null for PGlite, whose server ANALYZEs its database itself when it starts. */
  vacuumSeconds: number | null;
  data: YearOfData;
  serverStartSeconds: number;
  idleRssKb: number;
  timings: Timing[];
  exports: ExportRun[];
}

// --- the server process and its memory ----------------------------------------------------

/** VmRSS and VmHWM (peak) of a process, in kB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Starts the peak (VmHWM) of a process again from its current resident size. */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

// --- measurements ---------------------------------------------------------------------------

/** Nearest-rank quantile of sorted values. */
const quantile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function timeGets(
  http: ReturnType<typeof keepAliveClient>,
  label: string,
  path: string,
  targetMs: number,
): Promise<Timing> {
  const first = await http.get(path);
  const bytes = JSON.stringify(first.body).length;
  const empty = { label, path, targetMs, status: first.status, runs: 0, p50: NaN, p95: NaN };
  if (first.status !== 200) return { ...empty, max: NaN, bytes };
  for (let i = 1; i < WARM_UP; i++) await http.get(path);
  const latencies: number[] = [];
  const started = performance.now();
  while (latencies.length < RUNS && performance.now() - started < BUDGET_MS) {
    const before = performance.now();
    const answer = await http.get(path);
    latencies.push(performance.now() - before);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
  }
  latencies.sort((a, b) => a - b);
  return {
    ...empty,
    runs: latencies.length,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    max: latencies[latencies.length - 1]!,
    bytes,
  };
}

/** Streams a CSV export, counting bytes and lines, and samples the server's memory. */
async function timeExport(
  server: ServerProcess,
  cookie: string,
  label: string,
  path: string,
): Promise<ExportRun> {
  resetPeak(server.pid);
  const rssBeforeKb = memoryOf(server.pid).rss;
  let peakRssKb = rssBeforeKb;
  const samples: { at: number; rss: number }[] = [];
  const sampler = setInterval(() => {
    const rss = memoryOf(server.pid).rss;
    samples.push({ at: performance.now(), rss });
    peakRssKb = Math.max(peakRssKb, rss);
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    return await new Promise<ExportRun>((resolve, reject) => {
      const req = httpRequest(new URL(path, server.url), { headers: { cookie } }, (res) => {
        let firstByteMs = NaN;
        let bytes = 0;
        let lines = 0;
        let lastByte = 0x0a;
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) lines++;
          lastByte = chunk[chunk.length - 1]!;
        });
        res.on('end', () => {
          const totalMs = performance.now() - started;
          // VmHWM catches a peak between two samples.
          peakRssKb = Math.max(peakRssKb, memoryOf(server.pid).hwm);
          if (lastByte !== 0x0a) lines++;
          const middle = started + totalMs / 2;
          const peakOf = (half: typeof samples) =>
            half.reduce((peak, sample) => Math.max(peak, sample.rss), rssBeforeKb);
          resolve({
            label,
            path,
            status: res.statusCode ?? 0,
            firstByteMs,
            totalMs,
            bytes,
            rows: Math.max(0, lines - 1),
            rssBeforeKb,
            peakRssKb,
            firstHalfPeakKb: peakOf(samples.filter((sample) => sample.at < middle)),
            secondHalfPeakKb: peakOf(samples.filter((sample) => sample.at >= middle)),
          });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    clearInterval(sampler);
  }
}

// --- one engine -----------------------------------------------------------------------------

async function runEngine(engine: Engine, databaseUrl?: string): Promise<EngineResult> {
  const data = databaseUrl ? undefined : tempDir('bench-reports');
  let server: ServerProcess | undefined;
  try {
    // The year is written through a database handle of the bench process, which is closed
    // before the server opens the same database.
    const database = await openDatabase({ databaseUrl, dataDir: data?.path });
    let branch: Awaited<ReturnType<typeof createBranchFixture>>;
    let generated: YearOfData;
    let generateSeconds: number;
    let version: string;
    try {
      await migrateDatabase(database);
      branch = await createBranchFixture(database.db, {
        activeDate: '2020-01-01',
        deactiveDate: '2099-12-31',
        staff: { activeDate: '2020-01-01', deactiveDate: '2099-12-31' },
      });
      console.log(`  ${engine}: generating a year of data …`);
      const started = performance.now();
      generated = await generateYearOfData(database.db, branch.branchId);
      generateSeconds = (performance.now() - started) / 1000;
      console.log(
        `  ${engine}: ${generated.bills} bills, ${generated.billLines} lines, ${generated.billPayments} payments in ${generateSeconds.toFixed(1)} s`,
      );
      const result = await database.db.execute<{ v: string }>(
        sql`select current_setting('server_version') as v`,
      );
      version = (result as unknown as { rows: { v: string }[] }).rows[0]!.v;
    } finally {
      await database.close();
    }

    const serverEnv: Record<string, string> = databaseUrl
      ? { DATABASE_URL: databaseUrl }
      : { DATA_DIR: data!.path };
    const year = `from=${generated.firstDay}&to=${generated.lastDay}`;
    const month = `from=${addDays(generated.lastDay, -29)}&to=${generated.lastDay}`;
    const report = TARGETS.reportMs;
    const fullPlan: [string, string, number][] = [
      ['overview', `/api/dashboard`, TARGETS.overviewMs],
      ['dues', `/api/reports/dues`, report],
      ['payments, month', `/api/reports/payments?${month}&page=1`, report],
      ['payments, year', `/api/reports/payments?${year}&page=1`, report],
      ['charts, month', `/api/reports/charts?${month}`, report],
      ['charts, year', `/api/reports/charts?${year}`, report],
      ['orders, month', `/api/reports/orders?${month}&page=1`, report],
      ['orders, year', `/api/reports/orders?${year}&page=1`, report],
      // Filtered: a table's bills (T1, T10…T19 contain 'T1'), one dish's lines.
      ['payments, year, search', `/api/reports/payments?${year}&search=T1&page=1`, report],
      ['orders, year, product', `/api/reports/orders?${year}&product=paneer&page=1`, report],
      // The tax report: its sums, untaxed bills, documents per series and first B2B page.
      ['tax, month', `/api/reports/tax?${month}`, report],
      ['tax, year', `/api/reports/tax?${year}`, report],
      ['tax, year, B2B page 2', `/api/reports/tax/b2b?${year}&page=2`, report],
      // The X report of a full busy day: the same figures the Z report freezes at day close.
      ['day report (X/Z), a busy day', `/api/days?date=${addDays(generated.lastDay, -1)}`, report],
    ];
    const plan = fullPlan.filter(([label]) => wanted(label));

    // PostgreSQL: what its autovacuum does to a database this size. PGlite has no autovacuum:
    // the server ANALYZEs it itself at start (server/db/statistics.ts), inside its start time.
    let vacuumSeconds: number | null = null;
    if (databaseUrl) {
      const reopened = await openDatabase({ databaseUrl });
      const startedVacuum = performance.now();
      try {
        await vacuumAnalyze(reopened.db);
      } finally {
        await reopened.close();
      }
      vacuumSeconds = (performance.now() - startedVacuum) / 1000;
    }

    const startedServer = performance.now();
    server = await startServerProcess(serverEnv);
    const serverStartSeconds = (performance.now() - startedServer) / 1000;
    const cookie = await signIn(server.url, branch.manager.email);
    const idleRssKb = memoryOf(server.pid).rss;

    const http = keepAliveClient(server.url, 1, { cookie });
    const timings: Timing[] = [];
    try {
      for (const [label, path, target] of plan) {
        console.log(`  ${engine}: ${label} …`);
        timings.push(await timeGets(http, label, path, target));
      }
    } finally {
      http.close();
    }
    const exports: ExportRun[] = [];
    // A month first: with flat memory the year's peak is no higher than the month's.
    // A year's export has a row per line (orders) or per bill (payments).
    for (const [label, path, expected] of [
      ['orders_report.csv, month', `/api/reports/orders.csv?${month}`, undefined],
      ['orders_report.csv, year', `/api/reports/orders.csv?${year}`, generated.billLines],
      ['payment history CSV, year', `/api/reports/payments.csv?${year}`, generated.bills],
      ['tax B2B CSV, year', `/api/reports/tax/b2b.csv?${year}`, undefined],
      ['tax documents CSV, year', `/api/reports/tax/documents.csv?${year}`, undefined],
    ] as const) {
      if (!wanted(label)) continue;
      console.log(`  ${engine}: ${label} …`);
      const run = await timeExport(server, cookie, label, path);
      if (run.status === 200 && expected !== undefined && run.rows !== expected) {
        console.log(`  ${engine}: ${label} has ${run.rows} rows, the data ${expected}`);
      }
      exports.push(run);
    }
    return {
      engine,
      version: `${engine} ${version}`,
      generateSeconds,
      vacuumSeconds,
      data: generated,
      serverStartSeconds,
      idleRssKb,
      timings,
      exports,
    };
  } finally {
    await server?.stop();
    data?.remove();
  }
}

/** Runs `body` with a fresh database on the PostgreSQL server, dropped afterwards. */
const withPostgresDatabase = <T>(body: (url: string) => Promise<T>) =>
  withThrowawayDatabase(new URL('postgres', POSTGRES_URL).href, body, { prefix: 'tf_bench' });

// --- report -----------------------------------------------------------------------------------

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const mb = (kb: number) => (kb / 1024).toFixed(0);

function verdict(t: Timing): string {
  if (t.status === 404) return 'not built yet';
  if (t.status !== 200) return `HTTP ${t.status}`;
  return t.p95 < t.targetMs ? 'met' : 'NOT MET';
}

const TIMING_HEAD = ['request', 'runs', 'p50 ms', 'p95 ms', 'max ms', 'answer', 'target', ''];
const timingRows = (r: EngineResult) =>
  r.timings.map((t) => [
    `${r.engine}: ${t.label}`,
    String(t.runs),
    ms(t.p50),
    ms(t.p95),
    ms(t.max),
    t.status === 200 ? `${(t.bytes / 1000).toFixed(1)} kB` : '',
    `< ${t.targetMs} ms`,
    verdict(t),
  ]);

const EXPORT_HEAD = [
  'export',
  'first byte ms',
  'total ms',
  'size',
  'rows',
  'RSS before MB',
  'peak MB',
  'peak − before MB',
  '1st / 2nd half peak MB',
];
const exportRows = (r: EngineResult) =>
  r.exports.map((e) =>
    e.status === 200
      ? [
          `${r.engine}: ${e.label}`,
          ms(e.firstByteMs),
          ms(e.totalMs),
          `${(e.bytes / 1e6).toFixed(1)} MB`,
          String(e.rows),
          mb(e.rssBeforeKb),
          mb(e.peakRssKb),
          mb(e.peakRssKb - e.rssBeforeKb),
          `${mb(e.firstHalfPeakKb)} / ${mb(e.secondHalfPeakKb)}`,
        ]
      : [`${r.engine}: ${e.label}`, e.status === 404 ? 'not built yet' : `HTTP ${e.status}`],
  );

const markdownTable = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((row) => `| ${[...row, ...head.slice(row.length).map(() => '')].join(' | ')} |`),
  ].join('\n');

function markdown(results: EngineResult[], load: { before: string; after: string }): string {
  const machine = machineInfo();
  const data = results[0]?.data;
  const generated = results
    .map(
      (r) =>
        `${r.engine} ${r.generateSeconds.toFixed(1)} s, ${
          r.vacuumSeconds === null
            ? 'then the server start with its own ANALYZE'
            : `then VACUUM ANALYZE ${r.vacuumSeconds.toFixed(1)} s, then the server start`
        } ${r.serverStartSeconds.toFixed(1)} s (${mb(r.idleRssKb)} MB resident after sign-in)`,
    )
    .join('; ');
  return `
Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine.cpu},
${machine.cores} cores, ${machine.memory} memory, Node ${machine.node}, ${results.map((r) => r.version).join(', ')}.
Load average (1 / 5 / 15 min) ${load.before} before the run, ${load.after} after it.

The data (bench/year-of-data.ts, set-based SQL in the database): ${
    data
      ? `${data.firstDay} to ${data.lastDay}, ${data.bills} bills, ${data.billLines} bill lines, ${data.billPayments} payment rows (${data.splitBills} split bills, ${data.settledDues} dues settled later, ${data.openDues} still Due), ${data.tables} tables, ${data.products} products`
      : 'not generated'
  }. Generated in ${generated}.

How: server/main.ts in a Node process of its own (LOG_LEVEL=warn) on the generated database
(PGlite in a temporary folder; PostgreSQL: a database \`tf_bench_<time>\` made for the run and
dropped after it), signed in as the branch's manager; the bench process sends one request at
a time on a keep-alive connection, ${WARM_UP} untimed, then ${RUNS} timed (or fewer when
${BUDGET_MS / 1000} s are up). "Year" is the whole generated range, "month" its last 30
days; the orders and payments reports answer their first page with the range's totals
("search": the payments report searched for \`T1\`, a third of the bills; "product": the orders
report filtered to \`paneer\`, three dishes, a tenth of the lines). The
exports are streamed and counted by the bench; the server's resident memory is read from
/proc/<pid>/status every ${SAMPLE_MS} ms while one streams (and its VmHWM, reset before
each export, at the end); memory that grew with the rows sent would peak higher in the
second half of an export than in the first.

${markdownTable(TIMING_HEAD, results.flatMap(timingRows))}

Targets of issue 9: each report's first page with its totals < ${TARGETS.reportMs} ms, the
branch overview < ${TARGETS.overviewMs} ms (compared with the p95 above).
${markdownTable(EXPORT_HEAD, results.flatMap(exportRows))}
`;
}

export const reportsScenario: Scenario = {
  name: 'reports',
  description: 'reports, overview and CSV exports on a generated year (PGlite, PostgreSQL)',
  async run() {
    const load = { before: loadAverage(), after: '' };
    console.log(`\nLoad average before: ${load.before}`);
    const results: EngineResult[] = [];
    if (ENGINES.includes('PGlite')) results.push(await runEngine('PGlite'));
    try {
      if (ENGINES.includes('PostgreSQL')) {
        results.push(await withPostgresDatabase((url) => runEngine('PostgreSQL', url)));
      }
    } catch (error) {
      console.error(`PostgreSQL at ${POSTGRES_URL} could not be measured:`, error);
      process.exitCode = 1;
    }
    load.after = loadAverage();
    console.log(`\nLoad average after: ${load.after}\n`);
    printTable(TIMING_HEAD, results.flatMap(timingRows));
    printTable(EXPORT_HEAD, results.flatMap(exportRows));
    const partial = ONLY.length > 0 || ENGINES.length < 2;
    await writePerformanceSection(
      partial
        ? `## Reports on a year of data: ${ONLY.join(', ') || 'all'} on ${ENGINES.join(', ')} (\`BENCH_REPORTS_ONLY=${ONLY.join(',')} BENCH_ENGINES=${ENGINES.join(',')} npm run bench -- reports\`)`
        : '## Reports on a year of data (`npm run bench -- reports`)',
      markdown(results, load),
    );
  },
};

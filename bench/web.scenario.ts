// Scenario 'web': what a phone downloads for the landing page and the signed-in screens a waiter
// opens (Tables / Billing, a table's order), the kitchen display on its wall tablet, and how
// Lighthouse rates each.
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join, relative } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { TableList } from '../shared/schemas/tables.schemas';
import { KITCHEN, STAFF } from '../server/demo/demo-platform';
import {
  DIST,
  INITIAL_JS_BUDGET,
  KIT_FIRST_LOAD_BUDGET,
  bundleSizes,
  type BundleSummary,
} from './web-bundle';
import { TAP_TARGETS, tapResponsiveness, type TapResult } from './web-taps';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  ROOT,
  kB,
  loadAverage,
  machineInfo,
  printTable,
  signInAs,
  startServerProcess,
  tempDir,
  writePerformanceSection,
  type Scenario,
} from './support';

const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 95 };
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * Only these pages (`LIGHTHOUSE_PAGES=billing,table`, `=kitchen`): for iterating on one screen.
 * Such a run prints their figures alone (no tap run, nothing written).
 */
const LIGHTHOUSE_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
/** `BENCH_WEB_ONLY=taps`: the tap run alone (bench/web-taps.ts), printed, not written. */
const ONLY_TAPS = process.env.BENCH_WEB_ONLY === 'taps';
/** A folder to keep each run's full Lighthouse report in (JSON), to read where the time goes. */
const LIGHTHOUSE_SAVE = process.env.LIGHTHOUSE_SAVE;

interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  failedAccessibility: string[];
  /** Script the page downloaded (bytes on the wire) and requests of it. */
  scriptBytes: number;
  scriptRequests: number;
  /** Main-thread time Lighthouse observed (before its 4× CPU factor), ms. */
  mainThreadMs: number;
  /** Lighthouse's measure of this machine's speed at the time (a quiet desktop: 1,000–2,000). */
  benchmarkIndex: number;
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/** Lighthouse's mobile run: a Moto G Power's screen. */
const PHONE = { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75 };
/**
 * The kitchen display's wall tablet: a cheap Android tablet standing up (800 × 1280 CSS px at
 * 1.5×). Its CPU is a budget phone's, not a laptop's, so it keeps the mobile run's 4× CPU
 * slowdown and slow network (Lighthouse's desktop preset has neither and would flatter it);
 * only the screen is the tablet's.
 */
const TABLET = { mobile: true, width: 800, height: 1280, deviceScaleFactor: 1.5 };

async function lighthouseRun(
  url: string,
  headers: Record<string, string>,
  screen: typeof PHONE,
  saveAs?: string,
): Promise<LighthouseRun> {
  const profile = tempDir('lighthouse-profile');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: profile.path,
    logLevel: 'error',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      screenEmulation: screen,
      throttlingMethod: 'simulate',
      // The signed-in pages: the session cookie on every request of the page.
      extraHeaders: headers,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    // A run Chrome could not finish (a page that never painted in time, a lost target) has no
    // score: it is said and run again, never counted as 0.
    const failed = result.lhr.runtimeError ?? result.lhr.categories.performance?.score === null;
    if (failed) {
      const why = result.lhr.runtimeError;
      throw new Error(why ? `${why.code}: ${why.message}` : 'no performance score');
    }
    if (saveAs) {
      mkdirSync(LIGHTHOUSE_SAVE!, { recursive: true });
      writeFileSync(join(LIGHTHOUSE_SAVE!, saveAs), JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    const summary = (
      audits['resource-summary']?.details as
        | { items?: { resourceType: string; transferSize: number; requestCount: number }[] }
        | undefined
    )?.items?.find((item) => item.resourceType === 'script');
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics: Object.fromEntries(METRICS.map((id) => [id, audits[id]?.displayValue ?? '?'])),
      failedAccessibility: (categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
      scriptBytes: summary?.transferSize ?? 0,
      scriptRequests: summary?.requestCount ?? 0,
      mainThreadMs: Math.round(audits['mainthread-work-breakdown']?.numericValue ?? 0),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
    profile.remove();
  }
}

/** A Lighthouse run, run again (twice at most) when Chrome could not finish it. */
async function withRetries(run: number, attempt: () => Promise<LighthouseRun>) {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries === 3) throw error;
      console.log(`run ${run} did not finish (${(error as Error).message}): run again`);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

interface Page {
  key: string;
  label: string;
  path: string;
  /** The session cookie of the account it is opened as (none: signed out). */
  cookie?: string;
  /** The wall tablet's screen instead of a phone's. */
  tablet?: boolean;
  /** What is done before its runs (the kitchen's tickets). */
  setUp?: () => Promise<void>;
}

interface PageResult {
  page: Page;
  runs: LighthouseRun[];
  performance: number;
  accessibility: number;
  /** The run whose performance score is the median's: its metrics stand for the page. */
  typical: LighthouseRun;
}

/** The demo branch's table with the most items on its order (the busiest screen to open). */
async function busiestTable(url: string, cookie: string): Promise<string> {
  const answer = await fetch(`${url}/api/tables`, { headers: { cookie } });
  if (!answer.ok) throw new Error(`GET /api/tables: ${answer.status} ${await answer.text()}`);
  const { items } = (await answer.json()) as TableList;
  const table = [...items].sort((a, b) => b.itemCount - a.itemCount)[0];
  if (!table) throw new Error('the demo branch has no tables');
  return table.id;
}

/**
 * The demo's open orders sent to the kitchen (the demo seeds no KOT): the display opens on their
 * tickets, as in service. Answers how many tables sent one.
 */
async function sendOpenOrders(url: string, cookie: string): Promise<number> {
  const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'tableflow' };
  const { items } = (await (await fetch(`${url}/api/tables`, { headers })).json()) as TableList;
  let sent = 0;
  for (const table of items.filter((t) => t.itemCount > 0)) {
    const answer = await fetch(`${url}/api/tables/${table.id}/kots`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ opId: randomUUID() }),
    });
    if (!answer.ok) throw new Error(`send a KOT: ${answer.status} ${await answer.text()}`);
    if (((await answer.json()) as { kot: unknown }).kot) sent += 1;
  }
  return sent;
}

async function lighthouseScores(): Promise<PageResult[]> {
  const data = tempDir('bench-data');
  const server = await startServerProcess({
    DATA_DIR: data.path,
    SEED_DEMO: 'true',
    WEB_DIST: DIST,
  }).catch((error: unknown) => {
    data.remove();
    throw error;
  });
  try {
    const cookie = await signInAs(server.url, STAFF[0]!);
    const tableId = await busiestTable(server.url, cookie);
    const pages: Page[] = [
      { key: 'landing', label: 'landing page', path: '/' },
      { key: 'billing', label: 'Tables / Billing', path: '/usersidebar/billing', cookie },
      { key: 'table', label: "a table's order", path: `/table/${tableId}`, cookie },
      {
        key: 'kitchen',
        label: 'kitchen display (tablet)',
        path: '/kitchen',
        cookie: await signInAs(server.url, KITCHEN),
        tablet: true,
        // After the table's runs, so that screen is measured as before.
        setUp: async () => {
          const tables = await sendOpenOrders(server.url, cookie);
          console.log(`\nThe demo's ${tables} open orders sent to the kitchen.`);
        },
      },
    ].filter((p) => !LIGHTHOUSE_PAGES || LIGHTHOUSE_PAGES.includes(p.key));
    const results: PageResult[] = [];
    for (const page of pages) {
      await page.setUp?.();
      const who = page.tablet ? 'the demo kitchen account' : 'a waiter of the demo branch';
      console.log(
        `\nLighthouse on ${server.url}${page.path}${page.cookie ? ` (signed in as ${who})` : ''} (${page.tablet ? 'tablet 800 × 1280' : 'mobile'}, simulated throttling, ${LIGHTHOUSE_RUNS} runs)\n`,
      );
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) {
        runs.push(
          await withRetries(i + 1, () =>
            lighthouseRun(
              `${server.url}${page.path}`,
              page.cookie ? { Cookie: page.cookie } : {},
              page.tablet ? TABLET : PHONE,
              LIGHTHOUSE_SAVE ? `${page.key}-${i + 1}.json` : undefined,
            ),
          ),
        );
      }
      printTable(
        [
          'run',
          'performance',
          'accessibility',
          ...METRICS.map((m) => m.replace(/-/g, ' ')),
          'script',
          'main thread',
          'benchmark index',
        ],
        runs.map((r, i) => [
          String(i + 1),
          String(r.performance),
          String(r.accessibility),
          ...METRICS.map((m) => r.metrics[m]!),
          `${kB(r.scriptBytes)} (${r.scriptRequests})`,
          `${r.mainThreadMs} ms`,
          String(r.benchmarkIndex),
        ]),
      );
      const performance = median(runs.map((r) => r.performance));
      const accessibility = median(runs.map((r) => r.accessibility));
      console.log(
        `\nMedian performance:   ${verdict(performance, LIGHTHOUSE_TARGETS.performance)}`,
      );
      console.log(
        `Median accessibility: ${verdict(accessibility, LIGHTHOUSE_TARGETS.accessibility)}`,
      );
      const failed = [...new Set(runs.flatMap((r) => r.failedAccessibility))];
      if (failed.length) console.log(`Failed accessibility audits: ${failed.join(', ')}`);
      const typical = runs.find((r) => r.performance === performance)!;
      results.push({ page, runs, performance, accessibility, typical });
    }
    return results;
  } finally {
    await server.stop();
    data.remove();
  }
}

const verdict = (value: number, target: number) =>
  `${value} (target ≥ ${target}: ${value >= target ? 'met' : 'NOT MET'})`;

function markdown(
  bundle: BundleSummary,
  results: PageResult[],
  load: { before: string; after: string },
) {
  const machine = machineInfo();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const rows = results.map(({ page, performance, accessibility, runs, typical }) => [
    `${page.label} (\`${page.path.replace(/\/table\/.+/, '/table/{id}')}\`)`,
    `${performance} (${runs.map((r) => r.performance).join(', ')})`,
    String(accessibility),
    ...METRICS.map((m) => typical.metrics[m]!.replace(/\u00a0/g, ' ')),
    `${kB(typical.scriptBytes)} (${typical.scriptRequests})`,
    `${typical.mainThreadMs} ms`,
    String(typical.benchmarkIndex),
  ]);
  const head = [
    'page',
    'performance (runs)',
    'accessibility',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'SI',
    'script (files)',
    'main thread',
    'benchmark index',
  ];
  const table = [
    `| ${head.join(' | ')} |`,
    `| ${head.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
  const verdicts = results
    .map(
      ({ page, performance, accessibility }) =>
        `- ${page.label}: performance ${verdict(performance, LIGHTHOUSE_TARGETS.performance)}, accessibility ${verdict(accessibility, LIGHTHOUSE_TARGETS.accessibility)}`,
    )
    .join('\n');
  return `Run of ${when} (UTC) on ${machine.cpu}, ${machine.cores} cores, ${machine.memory} of memory, Node ${machine.node}, Chromium ${CHROMIUM_PATH}. Load average (1 / 5 / 15 min) ${load.before} before the run, ${load.after} after it.

How: the built app (\`${relative(ROOT, DIST)}\`, served by the real server with the demo seed), Lighthouse's mobile run (Moto G Power screen, simulated throttling: 150 ms round trips, 1.6 Mbit/s, CPU 4× slower), ${LIGHTHOUSE_RUNS} runs per page, a fresh browser profile each; the median score, the other figures from the run that scored it. The signed-in pages carry the session cookie of the demo branch's first waiter (signed in through the API); the table is the demo branch's with the most items. The kitchen display is opened as the demo's kitchen account on a cheap wall tablet: the same throttling, an 800 × 1280 screen at 1.5×, after the demo's open orders were sent to the kitchen. Lighthouse multiplies the CPU time it observes by 4, so other work on this 2-core machine lowers the scores: "main thread" is the time it observed, "benchmark index" its measure of the machine's speed at the time (a quiet desktop scores 1,000–2,000; the lower, the busier). "script": JavaScript on the wire (compressed) for the page, and its number of files.

Initial JavaScript of the landing page: ${kB(bundle.initialGzip)} gzip (budget ${kB(INITIAL_JS_BUDGET)}: ${bundle.withinBudget ? 'within budget' : 'OVER BUDGET'}).

First-load script of the kit screens (issue 32: at most ${kB(KIT_FIRST_LOAD_BUDGET)} gzip; the entry and the screen's static imports, as e2e/first-load.spec.ts counts): ${bundle.kitScreens.map((screen) => `${screen.module} ${kB(screen.gzip)} in ${screen.files} files (${screen.gzip <= KIT_FIRST_LOAD_BUDGET ? 'met' : 'NOT MET'})`).join('; ')}.

${table}

Targets (issue 20: performance ≥ ${LIGHTHOUSE_TARGETS.performance} on each page; accessibility ≥ ${LIGHTHOUSE_TARGETS.accessibility}):

${verdicts}`;
}

/** The tap run on a server of its own (it adds dishes and a table to the demo branch). */
async function tapRun(): Promise<TapResult> {
  const data = tempDir('bench-taps');
  const server = await startServerProcess({
    DATA_DIR: data.path,
    SEED_DEMO: 'true',
    WEB_DIST: DIST,
  });
  try {
    console.log(
      '\nTaps on the order screen (360 × 740, CPU 4× slower; 40 lines, 150 dishes on the menu)\n',
    );
    const result = await tapResponsiveness(server.url);
    printTable(
      ['what', 'p50', 'p98', 'target'],
      [
        [
          'a tap: its quantity shown',
          ms(result.taps.shownP50),
          ms(result.taps.shownP98),
          `p98 ≤ ${TAP_TARGETS.shownMs} ms`,
        ],
        [
          'a short code and Enter: shown',
          ms(result.codes.shownP50),
          ms(result.codes.shownP98),
          `p98 ≤ ${TAP_TARGETS.shownMs} ms`,
        ],
        [
          `interaction latency (${result.inp.interactions} of 16 ms or more)`,
          ms(result.inp.p50),
          ms(result.inp.p98),
          `p98 ≤ ${TAP_TARGETS.inpMs} ms`,
        ],
      ],
    );
    return result;
  } finally {
    await server.stop();
    data.remove();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

function tapMarkdown(result: TapResult) {
  const met = (value: number, target: number) =>
    `${ms(value)} (target ≤ ${target} ms: ${value <= target ? 'met' : 'NOT MET'})`;
  return `Taps on a table's order screen (issue 32): a table with a 40-line order, the demo's menu brought to 150 dishes, a 360 × 740 phone (touch) in Chromium under its 4× CPU throttling, driven by Playwright, once the app's service worker is active (an installed device's steady state, docs/offline.md): 50 taps on dishes and 10 short codes typed and Enter, 250 ms apart. "Shown": from the input event's time to the first frame after the dish's card shows its new quantity. Interaction latency: the Event Timing API's duration of each interaction's longest event (INP's measure; under 16 ms it is not reported and counts as 0).

- a tap, its new quantity shown: p50 ${ms(result.taps.shownP50)}, p98 ${met(result.taps.shownP98, TAP_TARGETS.shownMs)}
- a short code and Enter, shown: p50 ${ms(result.codes.shownP50)}, p98 ${met(result.codes.shownP98, TAP_TARGETS.shownMs)}
- interaction latency: p50 ${ms(result.inp.p50)}, p98 ${met(result.inp.p98, TAP_TARGETS.inpMs)} (${result.inp.interactions} of the 60 interactions at 16 ms or more)`;
}

export const webScenario: Scenario = {
  name: 'web',
  description:
    'bundle sizes; Lighthouse scores of the landing page, Tables / Billing and a table (mobile) and the kitchen display (tablet); taps on the order screen',
  async run() {
    if (ONLY_TAPS) {
      await tapRun();
      return;
    }
    const load = { before: loadAverage(), after: '' };
    const bundle = bundleSizes();
    const results = await lighthouseScores();
    // A partial run (some pages only) prints their figures and leaves the document alone.
    if (LIGHTHOUSE_PAGES) return;
    const taps = await tapRun();
    load.after = loadAverage();
    await writePerformanceSection(
      '## Web: what a phone downloads and how Lighthouse rates it (`npm run bench -- web`)',
      `${markdown(bundle, results, load)}\n\n${tapMarkdown(taps)}`,
    );
  },
};

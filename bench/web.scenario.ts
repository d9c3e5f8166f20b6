// Scenario 'web': what a phone downloads for the landing page, and how Lighthouse rates it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  ROOT,
  kB,
  printTable,
  startServer,
  tempDir,
  type Scenario,
} from './support';

// WEB_DIST is also what the server serves (server/config.ts), so both look at the same build.
const DIST = join(ROOT, process.env.WEB_DIST ?? 'dist/web');
/** Budget of the landing page's initial JavaScript, react-dom included (gzip). */
const INITIAL_JS_BUDGET = 90_000;
const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 95 };
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(file: string): FileSize {
  const data = readFileSync(join(DIST, file));
  return {
    file,
    raw: data.length,
    // The same settings as scripts/compress-dist.mjs, i.e. what the server sends.
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const total = (files: FileSize[]) =>
  files.reduce(
    (sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip, brotli: sum.brotli + f.brotli }),
    { raw: 0, gzip: 0, brotli: 0 },
  );

/** The entry chunk and everything it imports statically: what loads before the page renders. */
function initialChunks(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return seen;
}

function bundleSizes() {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const initialKeys = initialChunks(manifest);
  const jsFiles = (keys: Iterable<string>) =>
    [...new Set([...keys].map((k) => manifest[k]!.file))].filter((f) => f.endsWith('.js'));
  const initialJs = jsFiles(initialKeys).map(sizeOf);
  const initialFiles = new Set(initialJs.map((f) => f.file));
  const lazyJs = jsFiles(Object.keys(manifest))
    .filter((file) => !initialFiles.has(file))
    .map(sizeOf);
  const initialCss = new Set([...initialKeys].flatMap((k) => manifest[k]!.css ?? []));
  const css = [...new Set(Object.values(manifest).flatMap((c) => c.css ?? []))].map(sizeOf);

  const row = (label: string, s: Omit<FileSize, 'file'>) => [
    label,
    kB(s.raw),
    kB(s.gzip),
    kB(s.brotli),
  ];
  const initialTotal = total(initialJs);
  console.log(`\nBundle sizes (${DIST})\n`);
  printTable(
    ['file', 'raw', 'gzip', 'brotli'],
    [
      ...initialJs.map((f) => row(`initial JS  ${f.file}`, f)),
      row('initial JS  total', initialTotal),
      ...css.map((f) => row(`CSS ${initialCss.has(f.file) ? 'initial' : 'lazy   '} ${f.file}`, f)),
      ...lazyJs.map((f) => row(`lazy JS     ${f.file}`, f)),
      row(`lazy JS     total (${lazyJs.length} chunks)`, total(lazyJs)),
    ],
  );
  const withinBudget = initialTotal.gzip <= INITIAL_JS_BUDGET;
  console.log(
    `\nInitial JS of the landing page: ${kB(initialTotal.gzip)} gzip, budget ${kB(INITIAL_JS_BUDGET)}: ${withinBudget ? 'within budget' : 'OVER BUDGET'}`,
  );
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  failedAccessibility: string[];
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

async function lighthouseRun(url: string): Promise<LighthouseRun> {
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
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75 },
      throttlingMethod: 'simulate',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics: Object.fromEntries(METRICS.map((id) => [id, audits[id]?.displayValue ?? '?'])),
      failedAccessibility: (categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
    };
  } finally {
    chrome.kill();
    profile.remove();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function lighthouseScores() {
  const server = await startServer();
  try {
    console.log(
      `\nLighthouse on ${server.url}/ (mobile, simulated throttling, ${LIGHTHOUSE_RUNS} runs)\n`,
    );
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await lighthouseRun(`${server.url}/`));
    printTable(
      ['run', 'performance', 'accessibility', ...METRICS.map((m) => m.replace(/-/g, ' '))],
      runs.map((r, i) => [
        String(i + 1),
        String(r.performance),
        String(r.accessibility),
        ...METRICS.map((m) => r.metrics[m]!),
      ]),
    );
    const performance = median(runs.map((r) => r.performance));
    const accessibility = median(runs.map((r) => r.accessibility));
    const verdict = (value: number, target: number) =>
      `${value} (target ≥ ${target}: ${value >= target ? 'met' : 'NOT MET'})`;
    console.log(`\nMedian performance:   ${verdict(performance, LIGHTHOUSE_TARGETS.performance)}`);
    console.log(
      `Median accessibility: ${verdict(accessibility, LIGHTHOUSE_TARGETS.accessibility)}`,
    );
    const failed = [...new Set(runs.flatMap((r) => r.failedAccessibility))];
    if (failed.length) console.log(`Failed accessibility audits: ${failed.join(', ')}`);
  } finally {
    await server.stop();
  }
}

export const webScenario: Scenario = {
  name: 'web',
  description: 'landing page bundle sizes and Lighthouse mobile scores',
  async run() {
    bundleSizes();
    await lighthouseScores();
  },
};

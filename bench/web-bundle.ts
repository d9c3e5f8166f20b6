// What the web build weighs (a part of the 'web' scenario, bench/web.scenario.ts): every
// chunk raw, gzip and brotli; the landing page's initial script; each kit screen's first load
// as e2e/first-load.spec.ts counts it (issue 32).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { entriesOf, importClosure, type ManifestChunk } from '../server/plugins/web';
import { KIT_SCREENS } from '../shared/routes';
import { ROOT, kB, printTable } from './support';

// WEB_DIST is also what the server serves (server/config.ts), so both look at the same build.
export const DIST = join(ROOT, process.env.WEB_DIST ?? 'dist/web');
/** Budget of the landing page's initial JavaScript, react-dom included (gzip). */
export const INITIAL_JS_BUDGET = 90_000;

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

/** Issue 32: a kit screen's first-load script (e2e/first-load.spec.ts counts it the same way). */
export const KIT_FIRST_LOAD_BUDGET = 120 * 1000;

export interface BundleSummary {
  initialGzip: number;
  withinBudget: boolean;
  /** Each kit screen's first-load script, gzip, and its number of files. */
  kitScreens: { module: string; gzip: number; files: number }[];
}

export function bundleSizes(): BundleSummary {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entries = entriesOf(manifest, readFileSync(join(DIST, 'index.html'), 'utf8'));
  const initialKeys = importClosure(manifest, entries);
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
  const kitScreens = KIT_SCREENS.map(({ module }) => {
    const files = jsFiles(importClosure(manifest, [...entries, module])).map(sizeOf);
    return { module, gzip: total(files).gzip, files: files.length };
  });
  for (const screen of kitScreens) {
    console.log(
      `First load of ${screen.module}: ${kB(screen.gzip)} gzip in ${screen.files} files (budget ${kB(KIT_FIRST_LOAD_BUDGET)})`,
    );
  }
  return { initialGzip: initialTotal.gzip, withinBudget, kitScreens };
}

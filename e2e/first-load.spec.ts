import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { entriesOf, importClosure, type ManifestChunk } from '../server/plugins/web';
import { KIT_SCREENS } from '../shared/routes';

/**
 * Issue 32, "How it is checked": the first load of the waiters' screens and the kitchen display
 * (the entry, and the static import closure of each screen's route module, CSS included) carries
 * no Mantine and at most 120 KB of gzipped JavaScript. Read from the build's manifest
 * (vite.config.ts's chunk groups); no browser needed.
 */
const FIRST_LOAD_ROUTES = KIT_SCREENS.map(({ module }) => module);

/** Issue 32's budget for a waiter screen's first-load script, gzipped. */
const BUDGET_BYTES = 120 * 1000;

/**
 * Parts of those screens loaded later, at a tap, that are drawn with the kit too: what they
 * fetch then (their chunk and its static imports) holds no Mantine either.
 */
const ON_TAP_MODULES = [
  // The payment sheet, at the first Pay (app/routes/payment-modal-on-demand.tsx).
  'features/billing/payment-modal.tsx',
];

const dist = process.env.WEB_DIST ?? 'dist/web';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const entries = entriesOf(manifest, readFileSync(join(dist, 'index.html'), 'utf8'));
if (entries.length === 0) throw new Error(`no entry of ${dist}/index.html in the manifest`);

/** The chunks a module's first load fetches: the entry's and the module's static imports. */
const firstLoad = (module: string): ManifestChunk[] =>
  [...importClosure(manifest, [...entries, module])].map((key) => manifest[key]!);

const read = (file: string) => readFileSync(join(dist, file));

/**
 * What gives Mantine away: its chunk (vite.config.ts's `mantine` group), the names its
 * components carry ('@mantine/core/Button'), and in CSS its variables and colour-scheme rules (a
 * stylesheet that uses `--mantine-*` depends on Mantine's CSS being there too; a selector naming
 * a Mantine class, for a piece loaded later, is not).
 */
function mantineIn(chunk: ManifestChunk): string[] {
  const found: string[] = [];
  if (chunk.name === 'mantine') found.push(`${chunk.file} is the mantine chunk`);
  if (read(chunk.file).includes('@mantine/')) found.push(`${chunk.file} holds @mantine/ code`);
  for (const css of chunk.css ?? []) {
    if (/--mantine-|data-mantine/.test(read(css).toString())) {
      found.push(`${css} uses Mantine's CSS`);
    }
  }
  return found;
}

for (const route of FIRST_LOAD_ROUTES) {
  test(`${route}: no Mantine in the first load`, () => {
    expect(manifest[route], `${route} is in the build's manifest`).toBeDefined();
    expect(firstLoad(route).flatMap(mantineIn)).toEqual([]);
  });

  test(`${route}: the first load's script is within its budget (120 KB gzipped)`, () => {
    const sizes = firstLoad(route).map(
      (chunk) => [chunk.file, gzipSync(read(chunk.file), { level: 9 }).length] as const,
    );
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
    const list = sizes.map(([file, bytes]) => `${file} ${(bytes / 1000).toFixed(1)} KB`);
    expect(total, `${(total / 1000).toFixed(1)} KB gzip:\n${list.join('\n')}`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
  });
}

for (const module of ON_TAP_MODULES) {
  test(`${module}: no Mantine in what its first use loads`, () => {
    expect(manifest[module], `${module} is in the build's manifest`).toBeDefined();
    const loaded = [...importClosure(manifest, [module])].map((key) => manifest[key]!);
    expect(loaded.flatMap(mantineIn)).toEqual([]);
  });
}

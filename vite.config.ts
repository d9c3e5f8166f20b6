/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/*
 * Chunks (docs/architecture.md, "How the web app loads"). Left to itself, Rolldown cut the
 * signed-in app into some sixty files of a few hundred bytes to a few kB, one for each set of
 * screens sharing them; a phone fetched them over six HTTP/1.1 connections, a round trip each,
 * in two waves (the app, then the screen). Groups instead, each a module closure:
 * - `base`: web/main.tsx and what it imports (React, the early data) and what the landing page
 *   shares with the rest of the app (messages, constants, the brand mark): every page loads it;
 * - `landing`: the landing page's own code, loaded for `/` only (the server names it in that
 *   page, server/plugins/web.ts);
 * - `zod`: zod and shared/schemas/common.schemas.ts, which every schema builds on, so that what
 *   needs them (the app's schemas, the landing page's demo form, lazily) does not need the app
 *   and its other libraries with them;
 * - `mantine`: Mantine and what only it uses (Floating UI, react-remove-scroll, …), with its
 *   CSS: the screens drawn with it load it (the router's Mantine layout, `lazyMantine`), never
 *   the first load of the waiters' screens and the kitchen display (issue 32, checked by
 *   e2e/first-load.spec.ts);
 * - `app-vendor`: the signed-in app's other libraries (TanStack Query, idb);
 * - `app`: web/app/app.tsx and what it imports (the frame, the session, live events, the kit);
 * - `waiter`: what both waiters' screens (Tables / Billing, a table's order) import.
 * Other screens keep automatic chunks. A group takes its modules' dependencies with it unless a
 * group of a higher priority took them first: hence `base` first, or React would move into
 * `landing` or `app-vendor` and every page would load that chunk.
 */
const imports = new Map<string, readonly string[]>();
/** Who imports each module, statically or not. */
const importers = new Map<string, Set<string>>();
/** Records the module graph as Rolldown parses it (chunking runs after parsing). */
const moduleGraph: Plugin = {
  name: 'tableflow-module-graph',
  apply: 'build',
  moduleParsed(info) {
    imports.set(info.id, info.importedIds);
    for (const next of [...info.importedIds, ...info.dynamicallyImportedIds]) {
      const set = importers.get(next) ?? new Set<string>();
      set.add(info.id);
      importers.set(next, set);
    }
  },
};
const closures = new Map<string, Set<string>>();
/** The modules the module at `path` (under web/) imports statically, itself included. */
function closureOf(path: string): Set<string> {
  let seen = closures.get(path);
  if (!seen) {
    seen = new Set<string>();
    const visit = (module: string) => {
      if (seen!.has(module)) return;
      seen!.add(module);
      for (const next of imports.get(module) ?? []) visit(next);
    };
    for (const module of imports.keys()) if (module.endsWith(`/web/${path}`)) visit(module);
    closures.set(path, seen);
  }
  return seen;
}
const LANDING_PAGE = 'features/landing/landing-page.tsx';
/** A module of the landing page's closure that something else imports too (the page itself aside). */
function sharedByLandingPage(id: string): boolean {
  const landing = closureOf(LANDING_PAGE);
  if (!landing.has(id) || id.endsWith(`/web/${LANDING_PAGE}`)) return false;
  return [...(importers.get(id) ?? [])].some((importer) => !landing.has(importer));
}
const MANTINE =
  /[\\/]node_modules[\\/](@mantine[\\/](core|hooks|modals|store|form)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-transition-group|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|clsx|klona|fast-deep-equal)[\\/]/;
const APP_VENDOR = /[\\/]node_modules[\\/](@tanstack|idb)[\\/]/;

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), moduleGraph],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // mantine is some 380 kB before compression (116 kB gzip), on purpose (above).
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'base',
              test: (id) => closureOf('main.tsx').has(id) || sharedByLandingPage(id),
              priority: 50,
            },
            { name: 'landing', test: (id) => closureOf(LANDING_PAGE).has(id), priority: 40 },
            {
              name: 'zod',
              test: /[\\/](node_modules[\\/]zod[\\/]|shared[\\/]schemas[\\/]common\.schemas\.ts$)/,
              priority: 35,
            },
            { name: 'mantine', test: MANTINE, priority: 32 },
            { name: 'app-vendor', test: APP_VENDOR, priority: 30 },
            { name: 'app', test: (id) => closureOf('app/app.tsx').has(id), priority: 20 },
            {
              name: 'waiter',
              test: (id) =>
                closureOf('app/routes/billing-page.tsx').has(id) &&
                closureOf('app/routes/table-page.tsx').has(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
  // `npm run dev` (scripts/dev.mjs) runs the API server beside this one and names its address.
  server: {
    port: 5173,
    proxy: { '/api': process.env.TABLEFLOW_API_URL ?? 'http://localhost:3000' },
  },
});

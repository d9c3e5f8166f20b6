/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { KIT_SCREENS } from './shared/routes';

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
 * - `app-vendor`: the signed-in app's other library (TanStack Query);
 * - `app`: web/app/app.tsx and what it imports (the frame, the session, live events, the kit);
 * - `nav`: the sidebar's links and their icons, loaded after a screen's first view;
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
/**
 * `import { IconX } from '@tabler/icons-react'` as an import of the icon's own module: the
 * package's entry re-exports all of its 5,000 icons, so through it every module that imports an
 * icon would have every icon in its closure, and the groups below would place each icon used
 * anywhere (a vendor screen's) in the first-load `app` chunk (20 KB of them). Type-only names
 * (`type Icon`) stay with the package.
 */
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@tabler\/icons-react';/g;
const iconImports: Plugin = {
  name: 'tableflow-icon-imports',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (!id.includes('/web/') || !code.includes('@tabler/icons-react')) return null;
    return code.replace(ICON_IMPORT, (_, names: string) => {
      const specifiers = names.split(',').map((name) => name.trim());
      const types = specifiers.filter((name) => name.startsWith('type '));
      const icons = specifiers.filter((name) => name && !name.startsWith('type '));
      return [
        ...icons.map((name) => {
          const [icon, local = icon] = name.split(/\s+as\s+/);
          return `import ${local} from '@tabler/icons-react/dist/esm/icons/${icon}.mjs';`;
        }),
        // `import type`: under verbatimModuleSyntax, `import { type Icon }` stays an import.
        ...(types.length
          ? [
              `import type { ${types.map((name) => name.slice(5)).join(', ')} } from '@tabler/icons-react';`,
            ]
          : []),
      ].join(' ');
    });
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
const ICON = /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/;
/**
 * An icon kit screens (shared/routes.ts) draw, with the app rather than a chunk of 200 bytes of
 * its own: one that several of them draw, or one that something outside its one screen draws
 * too. An icon only one screen draws stays in that screen's chunk (the kitchen's sound icons are
 * not in a waiter's first load).
 */
function kitScreenIcon(id: string): boolean {
  if (!ICON.test(id)) return false;
  const screens = KIT_SCREENS.filter(({ module }) => closureOf(module).has(id));
  if (screens.length !== 1) return screens.length > 1;
  const own = closureOf(screens[0]!.module);
  return [...(importers.get(id) ?? [])].some((importer) => !own.has(importer));
}
const MANTINE =
  /[\\/]node_modules[\\/](@mantine[\\/](core|hooks|modals|store|form)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-transition-group|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|clsx|klona|fast-deep-equal)[\\/]/;
const APP_VENDOR = /[\\/]node_modules[\\/]@tanstack[\\/]/;

/**
 * The installable app (issue 33, item 1; docs/offline.md): the web app manifest, linked from
 * index.html, and the service worker web/sw/sw.ts built as /sw.js with the list of the build's
 * files it keeps on the device. Registered by the app itself (web/lib/offline-app.ts).
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: {
    name: 'TableFlow POS',
    short_name: 'TableFlow',
    description: 'Billing, tables, the kitchen display and the counter of your restaurant.',
    // The sign-in page takes a signed-in device on to its role's home.
    start_url: '/login',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#b4441f',
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // Every file of the build (some 2.4 MB before compression, once per version), so that any
    // screen opens offline; not the build's own manifest.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    rollupFormat: 'iife',
  },
});

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [iconImports, react(), moduleGraph, installableApp],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    // No list of each dynamic import's chunks to fetch alongside it (the CSS is still loaded
    // with it): the list and its calls weighed 3-4 KB gzip in every signed-in first load. A
    // screen's first load has its chunks named in the page by the server (server/plugins/web.ts);
    // a later screen's chunks come as the browser reads its imports (docs/architecture.md).
    modulePreload: false,
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
            {
              name: 'app',
              test: (id) => closureOf('app/app.tsx').has(id) || kitScreenIcon(id),
              priority: 20,
            },
            {
              // The sidebar's links and their icons (loaded after a screen's first view): one
              // chunk, not one per icon that another screen also draws.
              name: 'nav',
              test: (id) => closureOf('app/layouts/nav-links.tsx').has(id),
              priority: 15,
            },
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

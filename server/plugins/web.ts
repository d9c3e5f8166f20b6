import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { KIT_SCREENS, isAppRoute, matchPath } from '../../shared/routes';

/** A chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The screens whose code is named in the page itself (`KIT_SCREENS`), so the phone fetches it
 * with the page's first script instead of after it (docs/architecture.md, "How the web app loads"): the
 * waiters' two screens and the kitchen display, which load no Mantine unless their own code
 * imports it. Every other screen of the app is drawn with Mantine: its page names the app's
 * code and Mantine's (MANTINE_MODULE, the router's layout of those screens, with its CSS) and
 * the loaders of those screens (MANTINE_SCREENS).
 */
const MANTINE_MODULE = 'components/mantine-providers.tsx';
const MANTINE_SCREENS = 'app/mantine-screens.ts';

/**
 * The chunks a page's first script fetches before it runs: the chunks of `keys` (manifest keys:
 * the entry, a screen's route module) and every chunk they import statically. The one reading
 * of the build's import graph: the server's preloads, the first-load check
 * (e2e/first-load.spec.ts) and the web bench.
 */
export function importClosure(manifest: Record<string, ManifestChunk>, keys: readonly string[]) {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * The chunks index.html loads itself, its module scripts: the build's entry (web/main.tsx and
 * what it imports, vite.config.ts's `base`). Read from the page, not the manifest's `isEntry`:
 * with no module-preload polyfill the entry is the `base` group's chunk, which the manifest does
 * not mark as one.
 */
export function entriesOf(manifest: Record<string, ManifestChunk>, indexHtml: string): string[] {
  const scripts = new Set(
    [...indexHtml.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)].map((match) => match[1]),
  );
  return Object.keys(manifest).filter((key) => scripts.has(manifest[key]!.file));
}

function pagesWithPreloads(root: string, indexHtml: string) {
  const manifestPath = resolve(root, '.vite/manifest.json');
  const plain = {
    landing: indexHtml,
    app: indexHtml,
    screens: [] as { pattern: string; html: string }[],
  };
  if (!existsSync(manifestPath)) return plain;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[]) => importClosure(manifest, keys);
  const entry = entriesOf(manifest, indexHtml);
  // The signed-in app (web/app/app.tsx) is the chunk named `app`, the landing page's code the
  // chunk named `landing` (vite.config.ts).
  const chunkNamed = (name: string) =>
    Object.keys(manifest).filter(
      (key) => manifest[key]!.name === name && manifest[key]!.file.endsWith('.js'),
    );
  const app = chunkNamed('app');
  const landing = chunkNamed('landing');
  if (!app.length) return plain;
  const inPage = closure(entry);
  const withLinks = (keys: string[]) => {
    const chunks = [...closure(keys)].filter((key) => !inPage.has(key));
    const scripts = chunks.map((key) => manifest[key]!.file);
    const styles = [...new Set(chunks.flatMap((key) => manifest[key]!.css ?? []))];
    const links = [
      ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ].join('\n    ');
    return indexHtml.includes('</head>')
      ? indexHtml.replace('</head>', `  ${links}\n  </head>`)
      : `${links}\n${indexHtml}`;
  };
  return {
    landing: landing.length ? withLinks(landing) : indexHtml,
    app: withLinks([...app, MANTINE_MODULE, MANTINE_SCREENS]),
    screens: KIT_SCREENS.filter(({ module }) => manifest[module]).map(({ pattern, module }) => ({
      pattern,
      html: withLinks([...app, module]),
    })),
  };
}

/**
 * Serves the built React app: hashed files under /assets are cached for a year (their name
 * changes with their content); index.html is never cached, and every non-API GET that is not a
 * file answers with it so that the browser's router can show the page: with 200 for a route of
 * the app (shared/routes.ts), with the preloads of the screen's code (above), and with 404 for
 * any other path (the app then shows its 404 page).
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const root = resolve(webDist);
  const indexPath = resolve(root, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.includes('/assets/')) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexPath, 'utf8') : null;
  const pages = indexHtml ? pagesWithPreloads(root, indexHtml) : null;
  const pageFor = (path: string) =>
    path === '/'
      ? pages!.landing
      : (pages!.screens.find((screen) => matchPath(screen.pattern, path))?.html ?? pages!.app);

  // The landing page, with its own preloads (its route is more specific than the files' `/*`).
  if (pages) {
    app.get('/', (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pageFor('/')),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/');
    if (wantsPage && indexHtml) {
      const appRoute = isAppRoute(path);
      return reply
        .status(appRoute ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(appRoute ? pageFor(path) : indexHtml);
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `No route for ${request.method} ${path}` } });
  });
}

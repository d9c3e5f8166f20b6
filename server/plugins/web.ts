import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppRoute } from '../../shared/routes';

/**
 * Serves the built React app: hashed files under /assets are cached for a year (their name
 * changes with their content); index.html is never cached, and every non-API GET that is not a
 * file answers with it so that the browser's router can show the page: with 200 for a route of
 * the app (shared/routes.ts), with 404 for any other path (the app then shows its 404 page).
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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/assets/');
    if (wantsPage && indexHtml) {
      return reply
        .status(isAppRoute(path) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `No route for ${request.method} ${path}` } });
  });
}

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const dist = `.tmp/web-test-${process.pid}`;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(`${dist}/assets`, { recursive: true });
  // As Vite writes it: the entry (the `base` group's chunk) is the page's own module script.
  writeFileSync(
    `${dist}/index.html`,
    '<!doctype html><head><script type="module" crossorigin src="/assets/base-1.js"></script></head><div id="root"></div>',
  );
  writeFileSync(`${dist}/assets/app-abc123.js`, 'console.log("app")');
  writeFileSync(`${dist}/favicon.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A build manifest as Vite writes it (vite.config.ts's chunk groups), cut down.
  mkdirSync(`${dist}/.vite`, { recursive: true });
  writeFileSync(
    `${dist}/.vite/manifest.json`,
    JSON.stringify({
      '_base-1.js': { file: 'assets/base-1.js', name: 'base', css: ['assets/base-1.css'] },
      '_landing-1.js': {
        file: 'assets/landing-1.js',
        name: 'landing',
        imports: ['_base-1.js'],
        css: ['assets/landing-1.css'],
      },
      '_app-1.js': {
        file: 'assets/app-1.js',
        name: 'app',
        imports: ['_base-1.js', '_app-vendor-1.js'],
        css: ['assets/app-1.css'],
      },
      '_app-vendor-1.js': { file: 'assets/app-vendor-1.js', name: 'app-vendor' },
      '_mantine-1.js': {
        file: 'assets/mantine-1.js',
        name: 'mantine',
        css: ['assets/mantine-1.css'],
      },
      'components/mantine-providers.tsx': {
        file: 'assets/mantine-providers-1.js',
        isDynamicEntry: true,
        imports: ['_mantine-1.js', '_app-vendor-1.js'],
      },
      '_waiter-1.js': { file: 'assets/waiter-1.js', name: 'waiter', imports: ['_app-1.js'] },
      'app/routes/billing-page.tsx': {
        file: 'assets/billing-page-1.js',
        isDynamicEntry: true,
        imports: ['_app-1.js', '_waiter-1.js'],
      },
      'app/routes/table-page.tsx': {
        file: 'assets/table-page-1.js',
        isDynamicEntry: true,
        imports: ['_waiter-1.js'],
      },
    }),
  );
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

it('caches hashed assets for a year and marks them immutable', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

it('never caches files whose name does not change with their content', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
});

it.each(['/', '/login', '/table/123', '/staff?search=asha'])(
  'answers the app page for %s so the browser router can show it',
  async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  },
);

it.each(['/no-such-page', '/staff/extra', '/table'])(
  'answers the app page with 404 for %s, which is no route of the app',
  async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  },
);

it('answers 404 for a missing asset and for unknown API paths instead of the page', async () => {
  for (const url of ['/assets/missing-000.js', '/api/missing']) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  }
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map(
    ([, rel, href]) => `${rel} ${href}`,
  );

it('names the signed-in app’s chunks and Mantine’s in the page of a screen, so they download at once', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/staff' });
  expect(preloads(response.body)).toEqual([
    'stylesheet /assets/app-1.css',
    'stylesheet /assets/mantine-1.css',
    'modulepreload /assets/app-1.js',
    'modulepreload /assets/app-vendor-1.js',
    'modulepreload /assets/mantine-providers-1.js',
    'modulepreload /assets/mantine-1.js',
  ]);
});

it.each([
  ['/usersidebar/billing', 'billing-page-1.js'],
  ['/table/01ab', 'table-page-1.js'],
])('names the chunks of the waiters’ screen at %s too', async (url, screen) => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(preloads(response.body)).toEqual(
    expect.arrayContaining([
      'modulepreload /assets/app-1.js',
      'modulepreload /assets/waiter-1.js',
      `modulepreload /assets/${screen}`,
    ]),
  );
  // What the page loads anyway (the entry and its imports) is not named twice, and the landing
  // page's chunk is not named at all, nor Mantine's (the screen's own code does not import it).
  expect(preloads(response.body).filter((link) => link.includes('base-1'))).toEqual([]);
  expect(response.body).not.toContain('landing-1');
  expect(response.body).not.toContain('mantine');
});

it.each(['/', '/?utm_source=mail'])(
  'names the landing page’s chunk and stylesheet in the page at %s, and no chunk of the app',
  async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(preloads(response.body)).toEqual([
      'stylesheet /assets/landing-1.css',
      'modulepreload /assets/landing-1.js',
    ]);
  },
);

it('names no chunks in the 404 page', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/no-such-page' });
  expect(preloads(response.body)).toEqual([]);
});

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const dist = `.tmp/web-test-${process.pid}`;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(`${dist}/assets`, { recursive: true });
  writeFileSync(`${dist}/index.html`, '<!doctype html><div id="root"></div>');
  writeFileSync(`${dist}/assets/app-abc123.js`, 'console.log("app")');
  writeFileSync(`${dist}/favicon.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>');
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

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/** JSON answers go compressed when they are worth it and the client accepts it (app.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const docs = async (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/docs/json',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

it('sends a large JSON answer in Brotli or gzip, as the browser accepts, and the same JSON', async () => {
  const plain = await docs();
  expect(plain.headers['content-encoding']).toBeUndefined();
  const document = JSON.parse(plain.body) as { paths: object };
  expect(plain.rawPayload.length).toBeGreaterThan(10_000);

  const br = await docs('gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(document);

  const gzip = await docs('gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);
});

it('leaves a small answer as it is', async () => {
  const health = await t.app.inject({
    method: 'GET',
    url: '/api/health',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(health.statusCode).toBe(200);
  expect(health.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports the database kind and that every committed migration is applied', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.status).toBe('ok');
  expect(body.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  expect(body.database.migrations.upToDate).toBe(true);
  expect(body.database.migrations.applied).toBeGreaterThan(0);
});

it('serves the OpenAPI document at /api/docs/json', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  expect(response.json().paths['/api/demo-requests']).toBeDefined();
});

it('answers unknown API paths with a JSON 404', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
  expect(response.statusCode).toBe(404);
  expect(response.json().error.code).toBe('not_found');
});

it('sends security headers', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
});

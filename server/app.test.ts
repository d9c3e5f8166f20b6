import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { loginAttempts } from './db/schema';
import { createTestApp, createTestClock, type TestApp } from './test/test-app';
import { captureLog } from './test/log-capture';
import { createTestDatabase } from './test/test-database';
import { createBranchFixture, createSuperAdmin, loginAs } from './test/fixtures';

let t: TestApp;
let admin: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, (await createSuperAdmin(t.database.db)).email);
  manager = await loginAs(t.app, (await createBranchFixture(t.database.db)).manager.email);
});
afterAll(() => t.close());

describe('control characters in text', () => {
  const demo = { name: 'Ravi', businessName: 'Ravi Cafe', contactNumber: '9876543210' };
  const staff = {
    email: 'new.staff@example.com',
    password: 'Temporary-1',
    activeDate: '2026-11-22',
  };
  const cases: [string, () => Promise<Response>, string][] = [
    [
      'a NUL in the login email',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'asha\u0000@demo.cafe', password: 'x' },
        }),
      'email',
    ],
    [
      'a NUL in a password',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'asha@demo.cafe', password: 'pass\u0000word' },
        }),
      'password',
    ],
    [
      'a NUL in a demo request name',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/demo-requests',
          payload: { ...demo, name: 'Ravi\u0000', email: 'ravi@example.com' },
        }),
      'name',
    ],
    [
      'an escape character in a staff name',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/staff',
          headers: { cookie: manager },
          payload: { ...staff, name: 'Asha\u001b[31m', deactiveDate: '2026-12-31' },
        }),
      'name',
    ],
    [
      'a NUL in a search',
      () =>
        t.app.inject({
          method: 'GET',
          url: '/api/branches?search=a%00b',
          headers: { cookie: admin },
        }),
      'search',
    ],
    [
      'a tab in a single-line search',
      () =>
        t.app.inject({
          method: 'GET',
          url: '/api/demo-requests?search=a%09b',
          headers: { cookie: admin },
        }),
      'search',
    ],
  ];

  it.each(cases)('refuses %s with a 400 naming the field', async (_what, send, field) => {
    const response = await send();
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.fields[field]).toMatch(/must not contain control characters$/);
    // The top-level message is the field's own sentence, without a '(field)' suffix.
    expect(error.message).toBe(Object.values(error.fields)[0]);
    expect(error.message).not.toContain(`(${field})`);
  });
});

describe('cross-site check', () => {
  it.each(['null', 'foo', 'http://'])(
    'refuses a mutating call with the Origin %j as 403',
    async (origin) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin, host: 'pos.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('auth.cross_site');
    },
  );

  it('accepts the app’s own origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://pos.example', host: 'pos.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('caching', () => {
  it.each([
    ['a signed-in answer', '/api/auth/session', true, 200],
    ['a refused call', '/api/staff', false, 401],
    ['an unknown API path', '/api/no-such-thing', true, 404],
  ] as const)('marks %s no-store', async (_what, url, signedIn, status) => {
    const headers = signedIn ? { cookie: admin } : {};
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('logging', () => {
  it('never logs a query string or the values of a failed query', async () => {
    const { lines, logger } = captureLog();
    const database = await createTestDatabase();
    const app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST: '.tmp/no-web' }),
      clock: createTestClock(),
      logger,
    });
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
    app.get('/api/test/failing-query', { config: { access: 'public' } }, async () => {
      await database.db.execute(sql`select ${hash}::integer`);
    });
    try {
      await app.ready();
      const failed = await app.inject({ method: 'GET', url: '/api/test/failing-query' });
      expect(failed.statusCode).toBe(500);
      await app.inject({ method: 'GET', url: '/reset-password?token=SECRET-RESET-TOKEN' });
      await app.inject({ method: 'GET', url: '/api/auth/session?token=SECRET-RESET-TOKEN' });
    } finally {
      await app.close();
      await database.close();
    }
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('/reset-password?[redacted]');
    expect(log).not.toContain('SECRET-RESET-TOKEN');
    expect(log).not.toContain('argon2id');
    expect(log).not.toContain('aGFzaGhhc2g');
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['1', 1],
    ['10.0.0.1, 172.16.0.0/12, fd00::/8', ['10.0.0.1', '172.16.0.0/12', 'fd00::/8']],
  ] as const)('reads %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.0/33', '10.0.0.1,'])('refuses %j at start', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it.each([
    ['not set', undefined, '127.0.0.1'],
    ['one hop', '1', '5.5.5.5'],
    ['the proxy address', '127.0.0.1', '5.5.5.5'],
  ])('with %s, a forged X-Forwarded-For does not choose the address', async (_what, trust, ip) => {
    const app = await createTestApp({ env: trust ? { TRUST_PROXY: trust } : {} });
    try {
      const email = `proxy-${ip}-${trust ?? 'none'}@example.com`;
      await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '6.6.6.6, 5.5.5.5' },
      });
      const [attempt] = await app.database.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.email, email));
      expect(attempt!.ip).toBe(ip);
    } finally {
      await app.close();
    }
  });
});

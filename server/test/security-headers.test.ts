import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchFixture, createSuperAdmin, loginAs, PASSWORD } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * The browser-facing defences, as a browser meets them: the headers of every kind of answer
 * (landing page, app page, API), the cookies over plain HTTP and behind an HTTPS proxy, and
 * the cross-site refusal on every mutating route of the OpenAPI document.
 */
mkdirSync('.tmp/test', { recursive: true });
const webDist = mkdtempSync('.tmp/test/web-');
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>',
);
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'main.js'), 'console.log(1);');

/** Behind one proxy that terminates TLS (TRUST_PROXY=1). */
let proxied: TestApp;
/** Facing the clients directly (no TRUST_PROXY): a forwarded header means nothing. */
let direct: TestApp;
beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    createTestApp({ env: { WEB_DIST: webDist, TRUST_PROXY: '1' } }),
    createTestApp({ env: { WEB_DIST: webDist } }),
  ]);
});
afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()]);
  rmSync(webDist, { recursive: true, force: true });
});

const HTTPS = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

const answers: [string, string, number][] = [
  ['the landing page', '/', 200],
  ['an app page', '/login', 200],
  ['an unknown page', '/no-such-page', 404],
  ['a script of the app', '/assets/main.js', 200],
  ['the API', '/api/health', 200],
  ["the API's documentation page", '/api/docs/', 200],
  ['a refused API call', '/api/staff', 401],
];

function csp(response: Response): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it.each(answers)(
    '%s has a CSP without inline scripts and no framing',
    async (_what, url, status) => {
      const response = await proxied.app.inject({ method: 'GET', url, headers: HTTPS });
      expect(response.statusCode).toBe(status);
      const policy = csp(response);
      const scripts = policy.get('script-src') ?? policy.get('default-src');
      expect(scripts).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    },
  );

  it.each(answers)('%s forbids sniffing and limits the referrer', async (_what, url) => {
    const response = await direct.app.inject({ method: 'GET', url });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it.each(answers)('%s asks for HTTPS only when it came over HTTPS', async (_what, url) => {
    const overHttps = await proxied.app.inject({ method: 'GET', url, headers: HTTPS });
    expect(overHttps.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const plain = await proxied.app.inject({ method: 'GET', url });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client's own X-Forwarded-Proto proves nothing.
    const forged = await direct.app.inject({ method: 'GET', url, headers: HTTPS });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('cookies', () => {
  /** Every cookie with a value a sign-in sets: a manager's (session, device), a super admin's first step. */
  async function signInCookies(t: TestApp, headers: Record<string, string>) {
    const manager = (await createBranchFixture(t.database.db)).manager.email;
    const admin = (await createSuperAdmin(t.database.db)).email;
    const cookies = [];
    for (const email of [manager, admin]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      cookies.push(...response.cookies.filter((cookie) => cookie.value !== ''));
    }
    expect(cookies.map((c) => c.name).sort()).toEqual(['tf_device', 'tf_pending', 'tf_session']);
    return cookies;
  }

  it('are HttpOnly, SameSite and Secure behind an HTTPS proxy', async () => {
    for (const cookie of await signInCookies(proxied, HTTPS)) {
      expect(cookie, cookie.name).toMatchObject({ httpOnly: true, secure: true });
      expect(['Lax', 'Strict'], cookie.name).toContain(cookie.sameSite);
    }
  });

  it('are HttpOnly and SameSite but not Secure over plain HTTP (a branch LAN)', async () => {
    for (const cookie of await signInCookies(direct, HTTPS)) {
      expect(cookie, cookie.name).toMatchObject({ httpOnly: true });
      expect(cookie.secure, cookie.name).toBeFalsy();
      expect(['Lax', 'Strict'], cookie.name).toContain(cookie.sameSite);
    }
  });
});

describe('cross-site requests', () => {
  /** A signed-in victim: the refusal must come before the session counts for anything. */
  let cookie: string;
  let routes: { method: string; path: string }[];
  beforeAll(async () => {
    cookie = await loginAs(
      direct.app,
      (await createBranchFixture(direct.database.db)).manager.email,
    );
    const doc = (await direct.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths)
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
      )
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
  });

  const crossSite: [string, Record<string, string>][] = [
    ['another origin', { origin: 'https://evil.example', host: 'pos.example' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site', { 'sec-fetch-site': 'same-site' }],
  ];

  it.each(crossSite)(
    'refuses %s on every mutating route of the OpenAPI document',
    async (_what, headers) => {
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) {
        const response = await direct.app.inject({
          method: route.method as 'POST',
          url: route.path.replace(/\{\w+\}/g, '0190b1a8-0000-7000-8000-000000000001'),
          headers: { ...headers, cookie },
          payload: {},
        });
        const label = `${route.method} ${route.path} → ${response.statusCode} ${response.body}`;
        expect(response.statusCode, label).toBe(403);
        expect(response.json().error.code, label).toBe('auth.cross_site');
      }
    },
  );
});

describe("a mutating call's Origin or Referer", () => {
  /** Reached as https://pos.example.in through a proxy that TRUST_PROXY does not name. */
  let published: TestApp;
  beforeAll(async () => {
    published = await createTestApp({ env: { PUBLIC_URL: 'https://pos.example.in' } });
  });
  afterAll(() => published?.close());

  const logout = (app: TestApp, headers: Record<string, string>) =>
    app.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
  const apps = { direct: () => direct, proxied: () => proxied, published: () => published };

  const refused: [string, keyof typeof apps, Record<string, string>][] = [
    ['another port', 'direct', { host: 'pos.example', origin: 'http://pos.example:8080' }],
    ['another scheme', 'direct', { host: 'pos.example', origin: 'https://pos.example' }],
    ['another host', 'direct', { host: 'pos.example', origin: 'http://evil.example' }],
    [
      'a Referer of another port',
      'direct',
      { host: 'pos.example', referer: 'http://pos.example:8080/tables' },
    ],
    [
      'plain HTTP behind a TLS proxy',
      'proxied',
      { host: 'pos.example', origin: 'http://pos.example', ...HTTPS },
    ],
    [
      'another port of PUBLIC_URL',
      'published',
      { host: 'pos.example.in', origin: 'https://pos.example.in:8443' },
    ],
  ];
  it.each(refused)('refuses %s (%s)', async (_what, app, headers) => {
    const response = await logout(apps[app](), headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth.cross_site');
  });

  const accepted: [string, keyof typeof apps, Record<string, string>][] = [
    ['its own origin', 'direct', { host: 'pos.example:3000', origin: 'http://pos.example:3000' }],
    [
      'the default port written out',
      'direct',
      { host: 'pos.example', origin: 'http://pos.example:80' },
    ],
    [
      'a Referer of its own',
      'direct',
      { host: 'pos.example', referer: 'http://pos.example/tables' },
    ],
    [
      'HTTPS said by a trusted proxy',
      'proxied',
      { host: 'pos.example', origin: 'https://pos.example', ...HTTPS },
    ],
    ['PUBLIC_URL', 'published', { host: 'pos.example.in', origin: 'https://pos.example.in' }],
  ];
  it.each(accepted)('accepts %s (%s)', async (_what, app, headers) => {
    expect((await logout(apps[app](), headers)).statusCode).toBe(200);
  });
});

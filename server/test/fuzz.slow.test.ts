import { Validator } from '@seriousme/openapi-schema-validator';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '../../shared/permissions';
import { LOGIN_LIMITS } from '../modules/auth/auth.sign-in.usecases';
import type { RouteAccess } from '../plugins/auth';
import {
  createBranchFixture,
  createSuperAdmin,
  loginAs,
  PASSWORD,
  type BranchFixture,
} from './fixtures';
import { captureLog } from './log-capture';
import type { RouteFixture } from './route-fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * Bad input everywhere (issue 10): requests generated from every route of the OpenAPI document
 * (wrong types, missing and extra fields, huge strings and numbers, unicode and control
 * characters, negative and fractional numbers, malformed bodies and headers, ids of another
 * branch), as nobody and as every role. No answer may be a 5xx, and a refused request (4xx)
 * may change nothing in the database. `FUZZ_RUNS` (default 20 per route) and `FUZZ_SEED`
 * replay or deepen a run; a failure prints the seed and the request.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Tables a refused request may write by design: sessions seen, failed logins, reset limits. */
const BOOKKEEPING = new Set([
  'sessions',
  'login_attempts',
  'trusted_devices',
  'password_reset_requests',
]);

/** The server answers the live-events stream forever: not a request/answer route. */
const STREAMS = new Set(['GET /api/events']);

const mayCall = (role: Role, access: RouteAccess) =>
  access === 'public' || access === 'self' || access === 'authenticated' || can(role, access);

const fixtures = Object.values(
  import.meta.glob<{ routeFixture: RouteFixture }>('../modules/*/*.route-fixtures.ts', {
    eager: true,
  }),
).map((module) => module.routeFixture);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  method: string;
  path: string;
  body?: JsonSchema;
  params: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
}

let t: TestApp;
let mine: BranchFixture;
let theirs: BranchFixture;
let admin: { email: string };
let document: { paths: Record<string, Record<string, Record<string, unknown>>> };
const cookies = {} as Record<Role, string>;
/** Ids that exist: of the caller's branch (so validation runs before a real write) and theirs. */
const ids: string[] = [];

const log = captureLog();
/** What no answer and no log line may ever hold. */
const SECRETS = ['$argon2', 'passwordHash', 'password_hash', PASSWORD];

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logger: log.logger });
  admin = await createSuperAdmin(t.database.db);
  mine = await createBranchFixture(t.database.db);
  theirs = await createBranchFixture(t.database.db);
  for (const role of ROLES) await signIn(role);
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();

  // Something of every kind in the caller's branch, so ids lead to real rows.
  const as = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: cookies.branch_manager } });
  for (const [url, payload] of [
    ['/api/tables', { label: 'Fuzz T1' }],
    ['/api/inventory', { category: 'Dairy', name: 'Milk', quantity: 1000, unit: 'ml' }],
    ['/api/products', { name: 'Tea', pricePaise: 2000, subcategory: 'Drinks', ingredients: [] }],
    ['/api/vendors', { name: 'Fresh Farms', contactNo: '98450 12345', address: 'Market Road' }],
  ] as const) {
    const response = await as(url, payload);
    expect(response.statusCode, `${url} ${response.body}`).toBe(201);
    ids.push((response.json() as { id: string }).id);
  }
  for (const fixture of fixtures) ids.push(await fixture.foreignId({ db: t.database.db, theirs }));
});
afterAll(() => t?.close());

async function signIn(role: Role) {
  const email = {
    super_admin: admin.email,
    branch_manager: mine.manager.email,
    staff: mine.staff.email,
    kitchen: mine.kitchen.email,
  }[role];
  cookies[role] = await loginAs(t.app, email);
}

/**
 * Signs in again after a generated request signed the role out. The requests before may have
 * spent this address's login attempts (wrong passwords and codes count): then once their
 * rate-limit window has passed, as a person would.
 */
async function signInAgain(role: Role) {
  try {
    await signIn(role);
  } catch (error) {
    if (!/ 429 /.test(String(error))) throw error;
    t.clock.advance(LOGIN_LIMITS.windowMs + 1000);
    await signIn(role);
  }
}

/** The session tokens of the signed-in roles (only their hashes are stored). */
const sessionTokens = () => Object.values(cookies).map((cookie) => cookie.split('=')[1]!);

function operations(): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const requestBody = op.requestBody as
        { content?: Record<string, { schema: JsonSchema }> } | undefined;
      return {
        method: method.toUpperCase(),
        path,
        body: requestBody?.content?.['application/json']?.schema,
        params: (op.parameters ?? []) as Operation['params'],
      };
    }),
  );
}

const accessOf = (op: Operation): RouteAccess =>
  t.app.routeAccess.get(`${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`)!;

/** Values no field expects: the classic troublemakers. */
const NASTY: unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  '\ud800',
  '\u202eevil',
  '🍛'.repeat(500),
  'x'.repeat(70_000),
  '<script>alert(1)</script>',
  "'; drop table bills; --",
  '../../etc/passwd',
  '%00',
  '=HYPERLINK("http://x")',
  'NaN',
  '1e999',
  '-1',
  '0.5',
  -1,
  -0.5,
  0.5,
  0,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  null,
  [],
  [null],
  {},
  { __proto__: { polluted: true } },
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '9999-12-31',
];

const nasty = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
);

function conforming(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => valueFor(s, depth)));
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf), depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date' || schema.pattern?.includes('\\d{4}'))
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 30 });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectFor(schema, depth);
    default:
      return nasty;
  }
}

/** An object with each known field present most of the time, and sometimes a stranger. */
function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const entries = Object.entries(schema.properties ?? {}).map(([key, s]) =>
    fc.option(
      valueFor(s, depth + 1).map((v) => [key, v] as const),
      { freq: 6, nil: undefined },
    ),
  );
  const extra = fc.option(
    fc.tuple(fc.constantFrom('extra', 'constructor', 'branchId', 'id', '__proto__'), nasty),
    { freq: 4, nil: undefined },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([fields, stranger]) => {
    const value: Record<string, unknown> = {};
    for (const field of fields) if (field) value[field[0]] = field[1];
    if (stranger)
      Object.defineProperty(value, stranger[0], { value: stranger[1], enumerable: true });
    return value;
  });
}

/** Mostly well-formed, sometimes anything at all; the depth keeps nested shapes small. */
function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return nasty;
  return fc.oneof(
    { weight: 3, arbitrary: conforming(schema, depth) },
    { weight: 1, arbitrary: nasty },
  );
}

/** A path segment as a client would send it (a lone surrogate becomes U+FFFD first). */
const encodeSegment = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'));

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

interface FuzzRequest {
  role: Role | 'nobody';
  url: string;
  body?: { payload: string; contentType: string };
  cookieNoise: boolean;
}

function requestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const access = accessOf(op);
  const allowed: (Role | 'nobody')[] = ROLES.filter((role) => mayCall(role, access));
  if (access === 'public') allowed.push('nobody');
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathValue = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: nasty.map(asText) },
  );
  const query = fc.tuple(
    ...queryParams.map((p) => fc.option(valueFor(p.schema).map(asText), { nil: undefined })),
  );
  const body = op.body
    ? fc.oneof(
        { weight: 8, arbitrary: valueFor(op.body).map((v) => JSON.stringify(v) ?? 'null') },
        {
          weight: 1,
          arbitrary: fc.constantFrom('{"name":', '[]', 'null', '"text"', '{"a":1}'.repeat(3)),
        },
      )
    : fc.constant(undefined);
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/json; charset=latin1',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ),
    },
  );
  return fc
    .record({
      // Mostly callers the guard lets through, so the input reaches validation and the lookups.
      role: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...(allowed.length ? allowed : ROLES)) },
        { weight: 1, arbitrary: fc.constantFrom<Role | 'nobody'>('nobody', ...ROLES) },
      ),
      path: fc.tuple(...pathParams.map(() => pathValue)),
      query,
      body,
      contentType,
      cookieNoise: fc.oneof(
        { weight: 9, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
    })
    .map(({ role, path, query: values, body: payload, contentType: type, cookieNoise }) => {
      let i = 0;
      const urlPath = op.path.replace(/\{\w+\}/g, () => encodeSegment(path[i++]!));
      const search = new URLSearchParams();
      queryParams.forEach((p, index) => {
        if (values[index] !== undefined) search.set(p.name, values[index]);
      });
      const qs = search.toString();
      return {
        role,
        url: qs ? `${urlPath}?${qs}` : urlPath,
        body: payload === undefined ? undefined : { payload, contentType: type },
        cookieNoise,
      };
    });
}

/** The rows of a raw query (the same shape from PGlite and node-postgres). */
const rowsOf = async <T>(query: SQL) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every row of every table the requests can touch, as one comparable string. */
async function fingerprint(): Promise<string> {
  const rows = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const tables = rows.map((r) => r.table_name).filter((name) => !BOOKKEEPING.has(name));
  const parts = tables.map(
    (name) =>
      sql`select ${name} as t, count(*)::int as n,
            md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
          from ${sql.identifier(name)} x`,
  );
  const result = await rowsOf<{ t: string; n: number; h: string }>(
    sql.join(parts, sql` union all `),
  );
  return result.map((r) => `${r.t}:${r.n}:${r.h}`).join('\n');
}

describe('bad input on every route', () => {
  it('the OpenAPI document passes a standard OpenAPI validator', async () => {
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it(`never answers 5xx and a refused request changes nothing (seed ${SEED})`, async () => {
    const ops = operations().filter((op) => !STREAMS.has(`${op.method} ${op.path}`));
    expect(ops.length).toBeGreaterThan(40);
    let before = await fingerprint();
    const statuses = new Map<number, number>();
    for (const [index, op] of ops.entries()) {
      const samples = fc.sample(requestsFor(op), { seed: SEED + index, numRuns: RUNS });
      for (const request of samples) {
        const cookie =
          request.role === 'nobody'
            ? undefined
            : cookies[request.role] + (request.cookieNoise ? '; tf_session=%ZZ; =;;' : '');
        const response = await t.app.inject({
          method: op.method as 'GET',
          url: request.url,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(request.body ? { 'content-type': request.body.contentType } : {}),
          },
          ...(request.body ? { payload: request.body.payload } : {}),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const label = `seed ${SEED}: ${request.role} ${op.method} ${request.url} ${request.body?.contentType ?? ''} ${request.body?.payload.slice(0, 300) ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        for (const secret of [...SECRETS, ...sessionTokens()]) {
          expect(response.body.includes(secret), `${label} holds ${secret}`).toBe(false);
        }
        const after = await fingerprint();
        if (response.statusCode >= 400) expect(after, label).toBe(before);
        before = after;
        // A generated request may sign its caller out (log out); sign back in for the next ones
        // (signing in writes too: a session, a used two-factor step).
        if (request.role !== 'nobody' && response.statusCode === 401) {
          await signInAgain(request.role);
          before = await fingerprint();
        }
      }
    }
    // The requests reached every layer: the guard, validation, lookups and real writes.
    for (const status of [200, 201, 400, 401, 403, 404]) {
      expect(statuses.get(status), `answers ${status}`).toBeGreaterThan(0);
    }
    console.log(JSON.stringify(Object.fromEntries(statuses)));

    // Nothing secret and no query string reached the log (a query string is redacted).
    const lines = log.lines.join('');
    expect(lines).toContain('"url":"/api/');
    for (const secret of [...SECRETS, ...sessionTokens()]) expect(lines).not.toContain(secret);
    for (const url of lines.matchAll(/"url":"([^"]*)"/g)) {
      expect(url[1]!.replace('?[redacted]', '')).not.toContain('?');
    }
  }, 300_000);

  it('refuses a body over the limit on every route that takes one', async () => {
    const withBody = operations().filter((op) => op.body);
    expect(withBody.length).toBeGreaterThan(20);
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    // The random requests before may have spent this address's login attempts (wrong codes
    // count): sign in again once their rate-limit window has passed, as a person would.
    t.clock.advance(LOGIN_LIMITS.windowMs + 1000);
    for (const role of ROLES) await signIn(role);
    for (const op of withBody) {
      const url = op.path.replace(/\{\w+\}/g, ids[0]!);
      const role = ROLES.find((r) => mayCall(r, accessOf(op)))!;
      const response = await t.app.inject({
        method: op.method as 'POST',
        url,
        headers: { cookie: cookies[role], 'content-type': 'application/json' },
        payload: huge,
      });
      expect(response.statusCode, `${op.method} ${op.path}`).toBe(413);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate, DEFAULT_TIME_ZONE } from '../../shared/dates';
import { can, ROLES, type Role } from '../../shared/permissions';
import { v7 as uuidv7 } from 'uuid';
import { bills, tables } from '../db/schema';
import type { RouteAccess } from '../plugins/auth';
import { createTestApp, type TestApp } from './test-app';
import { createBranchFixture, createSuperAdmin, loginAs, type BranchFixture } from './fixtures';
import type { RouteFixture } from './route-fixtures';

/** Every module's `routeFixture` (see route-fixtures.ts): found by file name, no central list. */
const fixtures = Object.values(
  import.meta.glob<{ routeFixture: RouteFixture }>('../modules/*/*.route-fixtures.ts', {
    eager: true,
  }),
).map((module) => module.routeFixture);

/**
 * Walks every API route of the OpenAPI document as nobody, as each role, and (for routes with
 * an id) with an id of another branch: no session → 401, a role without the permission → 403,
 * another branch's id → 404. A route missing from the walk fails the test.
 */
let t: TestApp;
let mine: BranchFixture;
let theirs: BranchFixture;
const cookies = {} as Record<Role, string>;
let routes: { method: string; path: string; access: RouteAccess }[];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSuperAdmin(t.database.db);
  mine = await createBranchFixture(t.database.db);
  theirs = await createBranchFixture(t.database.db);
  cookies.super_admin = await loginAs(t.app, admin.email);
  cookies.branch_manager = await loginAs(t.app, mine.manager.email);
  cookies.staff = await loginAs(t.app, mine.staff.email);
  cookies.kitchen = await loginAs(t.app, mine.kitchen.email);

  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => {
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const access = t.app.routeAccess.get(key);
      if (!access) throw new Error(`${key} is in the OpenAPI document but declares no access`);
      return { method: method.toUpperCase(), path, access };
    }),
  );
});
afterAll(() => t.close());

/** The module fixture that owns a path: the longest matching prefix. */
function fixtureFor(path: string): RouteFixture {
  let best: { fixture: RouteFixture; length: number } | undefined;
  for (const fixture of fixtures) {
    for (const prefix of fixture.prefixes) {
      if (path.startsWith(prefix) && prefix.length > (best?.length ?? -1)) {
        best = { fixture, length: prefix.length };
      }
    }
  }
  if (!best) throw new Error(`No module's *.route-fixtures.ts owns ${path}: add one`);
  return best.fixture;
}

/** An id that exists, but in another branch (or, for platform routes, nowhere). */
const foreignIds = new Map<string, string>();
async function urlOf(path: string): Promise<string> {
  if (!path.includes('{')) return path;
  let id = foreignIds.get(path);
  if (!id) {
    id = await fixtureFor(path).foreignId({ db: t.database.db, theirs });
    foreignIds.set(path, id);
  }
  return path.replace(/\{\w+\}/g, id);
}

/** May `role` pass the guard of a route with this access? */
const mayCall = (role: Role, access: RouteAccess) =>
  access === 'public' || access === 'self' || access === 'authenticated' || can(role, access);

const call = async (method: string, path: string, cookie?: string) =>
  t.app.inject({
    method: method as 'GET',
    url: await urlOf(path),
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' ? {} : { payload: {} }),
  });

describe('every API route', () => {
  it('is in the OpenAPI document and declares who may call it', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const [key] of t.app.routeAccess) {
      if (key.startsWith('HEAD ')) continue;
      const [method, url] = key.split(' ');
      const path = url!.replace(/:(\w+)/g, '{$1}');
      expect(
        routes.some((r) => r.method === method && r.path === path),
        key,
      ).toBe(true);
    }
  });

  it('answers 401 without a session unless it is public', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await call(route.method, route.path);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it.each(ROLES)('answers 403 to %s exactly where the permission table says no', async (role) => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await call(route.method, route.path, cookies[role]);
      const label = `${role} ${route.method} ${route.path} → ${response.statusCode} ${response.body}`;
      const allowed = mayCall(role, route.access);
      if (allowed) expect([401, 403], label).not.toContain(response.statusCode);
      else expect(response.statusCode, label).toBe(403);
    }
  });

  it("answers 404 for another branch's ids, as if they did not exist", async () => {
    const withIds = routes.filter((r) => r.path.includes('{') && r.access !== 'public');
    expect(withIds.length).toBeGreaterThan(0);
    for (const route of withIds) {
      const role = ROLES.find((r) => mayCall(r, route.access))!;
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: await urlOf(route.path),
        headers: { cookie: cookies[role] },
        ...(route.method === 'GET'
          ? {}
          : { payload: fixtureFor(route.path).validBody?.(route.method, route.path) ?? {} }),
      });
      expect(response.statusCode, `${role} ${route.method} ${route.path} ${response.body}`).toBe(
        404,
      );
    }
  });
});

describe('reading one bill', () => {
  it('applies one rule on every route that reads a bill by id: staff no old bill, managers any', async () => {
    const billRoutes = routes.filter(
      (r) => r.method === 'GET' && r.path.startsWith('/api/bills/{') && r.access !== 'public',
    );
    // GET /api/bills/:id, its associated orders and its ESC/POS at least; any new one too.
    expect(billRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/bills/{id}', '/api/bills/{id}/associated-orders']),
    );
    const today = businessDate(t.clock(), DEFAULT_TIME_ZONE);
    const billOf = async (day: string, status: 'Settled' | 'Due') => {
      const [table] = await t.database.db
        .insert(tables)
        .values({ branchId: mine.branchId, label: `T-${uuidv7()}` })
        .returning({ id: tables.id });
      const [row] = await t.database.db
        .insert(bills)
        .values({
          branchId: mine.branchId,
          tableId: table!.id,
          tableLabel: 'T-old',
          number: `OLD/2025-26/${uuidv7()}`,
          financialYear: '2025-26',
          businessDate: day,
          subtotalPaise: 1000,
          totalPaise: 1000,
          method: status === 'Due' ? 'Due' : 'Cash',
          status,
          responsible: status === 'Due' ? 'A guest' : null,
          idempotencyKey: uuidv7(),
        })
        .returning({ id: bills.id });
      return row!.id;
    };
    const old = await billOf('2025-04-01', 'Settled');
    const oldDue = await billOf('2025-04-01', 'Due');
    const todays = await billOf(today, 'Settled');
    for (const route of billRoutes) {
      const read = async (role: Role, id: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: route.path.replace(/\{\w+\}/, id),
            headers: { cookie: cookies[role] },
          })
        ).statusCode;
      for (const role of ROLES.filter((r) => mayCall(r, route.access) && r !== 'super_admin')) {
        const anyDay = can(role, 'reports.view');
        const label = `${role} ${route.path}`;
        // 404 is "no such bill"; a route may refuse for its own reasons (a printer not set up).
        const found = async (id: string) => (await read(role, id)) !== 404;
        expect(await found(old), `${label} (an old bill)`).toBe(anyDay);
        expect(await found(oldDue), `${label} (an old due)`).toBe(true);
        expect(await found(todays), `${label} (today's)`).toBe(true);
      }
    }
  });
});

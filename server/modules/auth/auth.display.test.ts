import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../shared/schemas/auth.schemas';
import type { TicketsAnswer } from '../../../shared/schemas/kitchen.schemas';
import type { TableSummary } from '../../../shared/schemas/tables.schemas';
import { loadConfig } from '../../config';
import { auditLog, products } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// A display stays signed in (docs/kitchen.md): the kitchen account and a device a manager
// marked as a fixed display never end for idleness; everyone else still does. The app runs
// with a shortened idle limit (TEST_SESSION_IDLE_MS), as the browser test does.
const IDLE_MS = 60_000;
let t: TestApp;
let branch: BranchFixture;
let dosa: string;

beforeAll(async () => {
  t = await createTestApp({ env: { TEST_SESSION_IDLE_MS: String(IDLE_MS) } });
  branch = await createBranchFixture(t.database.db);
  const [row] = await t.database.db
    .insert(products)
    .values({
      branchId: branch.branchId,
      name: 'Masala Dosa',
      pricePaise: 12000,
      subcategory: 'Mains',
    })
    .returning({ id: products.id });
  dosa = row!.id;
});
afterAll(() => t.close());

const call = (
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function session(cookie: string): Promise<Session | null> {
  const response = await call(t.app, cookie, 'GET', '/api/auth/session');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Session | null;
}

/**
 * Leaves every session untouched for `ms`, then runs `then`. The clock only moves on (a session
 * touched at a later time is never looked at from before it).
 */
async function idleFor<T>(ms: number, then: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  return then();
}

/** A waiter sends one Masala Dosa to the kitchen from a new table; answers the KOT number. */
async function sendKot(): Promise<number> {
  const waiter = await loginAs(t.app, branch.staff.email);
  const table = await call(t.app, waiter, 'POST', '/api/tables', {
    label: `D${uuidv7().slice(-6)}`,
  });
  expect(table.statusCode, table.body).toBe(201);
  const tableId = (table.json() as TableSummary).id;
  const tap = await call(t.app, waiter, 'POST', `/api/tables/${tableId}/lines`, {
    opId: uuidv7(),
    productId: dosa,
    delta: 1,
  });
  expect(tap.statusCode, tap.body).toBe(200);
  const sent = await call(t.app, waiter, 'POST', `/api/tables/${tableId}/kots`, { opId: uuidv7() });
  expect(sent.statusCode, sent.body).toBe(200);
  return (sent.json() as { kot: { number: number } }).kot.number;
}

async function ticketNumbers(cookie: string): Promise<number[]> {
  const response = await call(t.app, cookie, 'GET', '/api/kitchen/tickets');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TicketsAnswer).tickets.map((ticket) => ticket.kotNumber);
}

describe('a display stays signed in', () => {
  it('a kitchen display left untouched longer than the idle limit still gets a KOT sent afterwards', async () => {
    const kitchen = await loginAs(t.app, branch.kitchen.email);
    expect(await session(kitchen)).toMatchObject({ fixedDisplay: false, idleTimeoutMs: null });
    const number = await idleFor(5 * IDLE_MS, async () => {
      const sent = await sendKot();
      expect(await ticketNumbers(kitchen)).toContain(sent);
      return sent;
    });
    expect(number).toBeGreaterThan(0);
  });

  it('everyone else is signed out after the idle limit, and is told the limit', async () => {
    const waiter = await loginAs(t.app, branch.staff.email);
    expect(await session(waiter)).toMatchObject({ fixedDisplay: false, idleTimeoutMs: IDLE_MS });
    await idleFor(IDLE_MS + 1_000, async () => {
      expect((await call(t.app, waiter, 'GET', '/api/tables')).statusCode).toBe(401);
    });
  });

  it("a kitchen display's session still ends at its expiry (12 hours without Remember Me)", async () => {
    const kitchen = await loginAs(t.app, branch.kitchen.email);
    await idleFor(12 * 60 * 60_000 + 1_000, async () => {
      expect((await call(t.app, kitchen, 'GET', '/api/kitchen/tickets')).statusCode).toBe(401);
    });
  });

  it('a sign-in of the same account elsewhere does not sweep an untouched display', async () => {
    const kitchen = await loginAs(t.app, branch.kitchen.email);
    await idleFor(3 * IDLE_MS, async () => {
      await loginAs(t.app, branch.kitchen.email);
      expect((await call(t.app, kitchen, 'GET', '/api/kitchen/tickets')).statusCode).toBe(200);
    });
  });
});

describe('a fixed display', () => {
  const mark = (cookie: string, fixedDisplay: boolean) =>
    call(t.app, cookie, 'PUT', '/api/auth/session/display', { fixedDisplay });

  const audits = (sessionAction: string, userId: string) =>
    t.database.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, sessionAction), eq(auditLog.userId, userId)));

  it('a manager marks the device it is signed in on; it stays signed in; unmarked, it idles again', async () => {
    const device = await loginAs(t.app, branch.manager.email);
    const other = await loginAs(t.app, branch.manager.email);
    const marked = await mark(device, true);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ fixedDisplay: true, idleTimeoutMs: null });
    expect(await audits('session.fixed_display_mark', branch.manager.id)).toHaveLength(1);
    await idleFor(3 * IDLE_MS, async () => {
      // Only the marked session: the manager's other device idles out, and a new sign-in
      // (which sweeps dead sessions) leaves the display alone.
      expect((await call(t.app, other, 'GET', '/api/tables')).statusCode).toBe(401);
      await loginAs(t.app, branch.manager.email);
      expect(await session(device)).toMatchObject({ fixedDisplay: true, idleTimeoutMs: null });
    });
    const unmarked = await mark(device, false);
    expect(unmarked.json()).toMatchObject({ fixedDisplay: false, idleTimeoutMs: IDLE_MS });
    expect(await audits('session.fixed_display_unmark', branch.manager.id)).toHaveLength(1);
    await idleFor(IDLE_MS + 1_000, async () => {
      expect((await call(t.app, device, 'GET', '/api/tables')).statusCode).toBe(401);
    });
  });

  it('marking again changes nothing and audits nothing more', async () => {
    const fresh = await createBranchFixture(t.database.db);
    const device = await loginAs(t.app, fresh.manager.email);
    expect((await mark(device, true)).statusCode).toBe(200);
    expect((await mark(device, true)).statusCode).toBe(200);
    expect(await audits('session.fixed_display_mark', fresh.manager.id)).toHaveLength(1);
  });

  it('staff and kitchen accounts cannot mark their own session; bad input names the field', async () => {
    const waiter = await loginAs(t.app, branch.staff.email);
    expect((await mark(waiter, true)).statusCode).toBe(403);
    const kitchen = await loginAs(t.app, branch.kitchen.email);
    expect((await mark(kitchen, true)).statusCode).toBe(403);
    const manager = await loginAs(t.app, branch.manager.email);
    const bad = await call(t.app, manager, 'PUT', '/api/auth/session/display', {
      fixedDisplay: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('fixedDisplay');
  });

  it('deactivating the account still ends a fixed display', async () => {
    const fresh = await createBranchFixture(t.database.db);
    const device = await loginAs(t.app, fresh.manager.email);
    expect((await mark(device, true)).statusCode).toBe(200);
    // Straight on the database, as the super admin's deactivation or a CLI would.
    await t.database.db.execute(
      sql`update branches set is_active = false where id = ${fresh.branchId}`,
    );
    expect((await call(t.app, device, 'GET', '/api/tables')).statusCode).toBe(403);
  });
});

describe('TEST_SESSION_IDLE_MS', () => {
  it('only shortens the limit: more than 30 minutes or under a second is refused at start', () => {
    expect(() => loadConfig({ TEST_SESSION_IDLE_MS: String(31 * 60_000) })).toThrow(
      /TEST_SESSION_IDLE_MS/,
    );
    expect(() => loadConfig({ TEST_SESSION_IDLE_MS: '10' })).toThrow(/TEST_SESSION_IDLE_MS/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { MESSAGES } from '../../../shared/messages';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { startTcpProxy } from '../../test/tcp-proxy';
import { hashToken } from './auth.tokens';
import { AUTH_LISTENER } from './session-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tablesOf = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/tables', headers: { cookie } });
const keptFor = (app: FastifyInstance, cookie: string) =>
  app.deps.sessions.get(hashToken(cookie.slice('tf_session='.length)));

/** A staff member signed in, whose session the app keeps after one guarded request. */
async function keptStaff(app = t.app): Promise<{ branch: BranchFixture; cookie: string }> {
  const branch = await createBranchFixture(t.database.db);
  const cookie = await loginAs(app, branch.staff.email);
  expect((await tablesOf(app, cookie)).statusCode).toBe(200);
  expect(keptFor(app, cookie)).toBeDefined();
  return { branch, cookie };
}

/** The branch's manager deactivates its staff member through the first process's API. */
async function deactivateByManager(branch: BranchFixture) {
  const manager = await loginAs(t.app, branch.manager.email);
  const patched = await t.app.inject({
    method: 'PATCH',
    url: `/api/staff/${branch.staff.id}`,
    headers: { cookie: manager },
    payload: { isActive: false },
  });
  expect(patched.statusCode).toBe(200);
}

describe('sessions kept in memory', () => {
  // Each change is made straight on the database, as another process, a CLI or psql would.
  const changes: [string, (b: BranchFixture) => SQL, number, string | null][] = [
    [
      'the user deactivated',
      (b) => sql`update users set is_active = false where id = ${b.staff.id}`,
      403,
      MESSAGES.login.subuserInactive,
    ],
    [
      "the user's plan ended",
      (b) => sql`update users set deactive_date = '2026-01-01' where id = ${b.staff.id}`,
      403,
      MESSAGES.login.subuserPlanExpired,
    ],
    [
      'the branch deactivated',
      (b) => sql`update branches set is_active = false where id = ${b.branchId}`,
      403,
      MESSAGES.login.associatedBranchNotFound,
    ],
    [
      'the session ended on another device',
      (b) => sql`delete from sessions where user_id = ${b.staff.id}`,
      401,
      null,
    ],
    [
      "the session's expiry brought forward",
      (b) => sql`update sessions set expires_at = '2026-01-01' where user_id = ${b.staff.id}`,
      401,
      null,
    ],
  ];
  it.each(changes)(
    'refuses the next request once %s, whoever changed it',
    async (_what, change, status, message) => {
      const { branch, cookie } = await keptStaff();
      await t.database.db.execute(change(branch));
      await t.app.deps.sessions.sync();
      expect(keptFor(t.app, cookie)).toBeUndefined();
      const refused = await tablesOf(t.app, cookie);
      expect(refused.statusCode).toBe(status);
      if (message) expect(refused.json().error.message).toBe(message);
    },
  );

  it("gives use cases the branch's new time zone once it changed, whoever changed it", async () => {
    const { branch, cookie } = await keptStaff();
    const todayZone = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/bills/today', headers: { cookie } })).json()
        .timeZone;
    expect(await todayZone()).toBe('Asia/Kolkata');
    await t.database.db.execute(
      sql`update branches set time_zone = 'Asia/Dubai' where id = ${branch.branchId}`,
    );
    await t.app.deps.sessions.sync();
    expect(await todayZone()).toBe('Asia/Dubai');
  });

  it('refuses a logged-out cookie on the very next request, before the notification is back', async () => {
    const { cookie } = await keptStaff();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await tablesOf(t.app, cookie)).statusCode).toBe(401);
  });

  it("refuses a staff member deactivated by the manager on the manager's next answer", async () => {
    const { branch, cookie } = await keptStaff();
    await deactivateByManager(branch);
    const refused = await tablesOf(t.app, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.login.subuserInactive);
  });

  it('is emptied by a request that changed something, not by one refused or by a tap', async () => {
    const { branch, cookie } = await keptStaff();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: branch.manager.email, password: 'Not-the-password-1', rememberMe: false },
    });
    expect(wrong.statusCode).toBe(401);
    expect(keptFor(t.app, cookie)).toBeDefined();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/tables',
      headers: { cookie },
      payload: { label: 'Cache check' },
    });
    expect(added.statusCode).toBe(201);
    expect(keptFor(t.app, cookie)).toBeUndefined();

    expect((await tablesOf(t.app, cookie)).statusCode).toBe(200);
    const [dish] = await t.database.db
      .insert(products)
      .values({ branchId: branch.branchId, name: 'Dosa', pricePaise: 9000, subcategory: 'Mains' })
      .returning({ id: products.id });
    const tap = await t.app.inject({
      method: 'POST',
      url: `/api/tables/${added.json().id}/lines`,
      headers: { cookie },
      payload: { opId: uuidv7(), productId: dish!.id, delta: 1 },
    });
    expect(tap.statusCode).toBe(200);
    expect(keptFor(t.app, cookie)).toBeDefined();
  });

  it('checks time on every request: a kept session still ends after 30 idle minutes', async () => {
    const { cookie } = await keptStaff();
    t.clock.advance(31 * 60_000);
    try {
      expect((await tablesOf(t.app, cookie)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  it('keeps no lookup that began before the cache was emptied', async () => {
    const { cookie } = await keptStaff();
    const sessions = t.app.deps.sessions;
    const found = keptFor(t.app, cookie)!;
    const hash = hashToken(cookie.slice('tf_session='.length));
    const before = sessions.generation;
    sessions.clear();
    sessions.keep(hash, found, before);
    expect(sessions.get(hash)).toBeUndefined();
    sessions.keep(hash, found, sessions.generation);
    expect(sessions.get(hash)).toBe(found);
  });

  describe('two server processes on one database', () => {
    let second: FastifyInstance;
    let database2: Database;

    beforeAll(async () => {
      // PostgreSQL: connections of its own, as another process has; PGlite: the same instance.
      database2 = t.database.url
        ? await openDatabase({ databaseUrl: t.database.url, poolSize: 2 })
        : t.database;
      second = await buildApp({
        database: database2,
        config: t.config,
        clock: t.clock,
        logger: false,
      });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      if (database2 !== t.database) await database2.close();
    });

    it('a deactivation through one process is refused by the other within a second', async () => {
      const { branch, cookie } = await keptStaff(second);
      await deactivateByManager(branch);
      await expect
        .poll(async () => (await tablesOf(second, cookie)).statusCode, { timeout: 1000 })
        .toBe(403);
    });
  });

  describe.runIf(Boolean(process.env.DATABASE_URL))('its LISTEN connection lost', () => {
    it('serves nothing from memory until it listens again, then keeps sessions again', async () => {
      const { branch, cookie } = await keptStaff();
      const sessions = t.app.deps.sessions;
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${AUTH_LISTENER} and datname = current_database()
            and pid <> pg_backend_pid()`,
      );
      await expect.poll(() => sessions.listening).toBe(false);
      // A change whose notification nobody heard: the request still sees it.
      await t.database.db.execute(
        sql`update users set is_active = false where id = ${branch.staff.id}`,
      );
      expect((await tablesOf(t.app, cookie)).statusCode).toBe(403);

      await expect.poll(() => sessions.listening, { timeout: 5000 }).toBe(true);
      const again = await keptStaff();
      expect(keptFor(t.app, again.cookie)).toBeDefined();
    });
  });

  describe.runIf(Boolean(process.env.DATABASE_URL))('its LISTEN connection gone silent', () => {
    it('serves nothing from memory within two heartbeats, then listens on a new connection', async () => {
      // Only the LISTEN connections go through the proxy; the app's pool talks to PostgreSQL.
      const direct = new URL(t.database.url!);
      const proxy = await startTcpProxy({
        host: direct.hostname,
        port: Number(direct.port || 5432),
      });
      const proxied = new URL(direct);
      proxied.host = `127.0.0.1:${proxy.port}`;
      const heartbeatMs = 200;
      const app = await buildApp({
        database: { ...t.database, url: proxied.toString() },
        config: { ...t.config, LISTEN_HEARTBEAT_MS: heartbeatMs },
        clock: t.clock,
        logger: false,
      });
      await app.ready();
      try {
        const { branch, cookie } = await keptStaff(app);
        // Half-open: the connection stays open, nothing passes either way.
        proxy.freeze();
        // Its notification never reaches the app: only the heartbeat can tell.
        await t.database.db.execute(
          sql`update users set is_active = false where id = ${branch.staff.id}`,
        );
        await expect
          .poll(async () => (await tablesOf(app, cookie)).statusCode, {
            timeout: 10 * heartbeatMs,
            interval: 20,
          })
          .toBe(403);

        await expect.poll(() => app.deps.sessions.listening, { timeout: 5000 }).toBe(true);
        const again = await keptStaff(app);
        expect(keptFor(app, again.cookie)).toBeDefined();
      } finally {
        await app.close();
        await proxy.close();
      }
    });
  });
});

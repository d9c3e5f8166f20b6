import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { BranchEvent } from '../../../shared/schemas/events.schemas';
import type { TableSummary } from '../../../shared/schemas/tables.schemas';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { EVENTS_SENDER } from '../../lib/events';
import {
  createBranchFixture,
  createSuperAdmin,
  loginAs,
  type BranchFixture,
} from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addProduct, tablesAs } from '../tables/tables.test-support';
import { EVENT_MESSAGES } from './events.errors';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let baseUrl: string;
let staffCookie: string;
let theirCookie: string;
let dosa: string;
let table: TableSummary;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  staffCookie = await loginAs(t.app, mine.staff.email);
  theirCookie = await loginAs(t.app, other.staff.email);
  dosa = await addProduct(t.database.db, mine.branchId, 'Masala Dosa', 12000);
  table = (await tablesAs(t.app, staffCookie).addTable('E1')).json() as TableSummary;
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** An open event stream: what it has received so far, parsed, and a way to wait for more. */
async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
      }
    } catch {
      // aborted
    }
  })();
  const events = () =>
    text
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as BranchEvent);
  return {
    response,
    text: () => text,
    events,
    /** Waits up to `ms` for an event matching `match`. */
    async waitFor(match: (event: BranchEvent) => boolean, ms = 1000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (events().some(match)) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return false;
    },
    ended: pump,
    close: () => controller.abort(),
  };
}

describe('live events', () => {
  it("opens the kitchen display account's stream, and refuses a super admin's", async () => {
    const kitchenCookie = await loginAs(t.app, mine.kitchen.email);
    const kitchen = await openStream(baseUrl, kitchenCookie);
    expect(kitchen.response.status).toBe(200);
    await expect.poll(kitchen.text).toContain('retry: 2000');
    const staff = tablesAs(t.app, staffCookie);
    const own = (await staff.addTable('K1')).json() as TableSummary;
    expect(await kitchen.waitFor((e) => e.type === 'table.changed' && e.tableId === own.id)).toBe(
      true,
    );
    kitchen.close();
    const admin = await createSuperAdmin(t.database.db);
    const refused = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: await loginAs(t.app, admin.email), accept: 'text/event-stream' },
    });
    expect(refused.status).toBe(403);
  });

  it('refuses a request that does not ask for an event stream', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie: staffCookie },
    });
    expect(response.statusCode).toBe(406);
  });

  it("sends table.changed to the branch's streams and not to another branch's", async () => {
    const ours = await openStream(baseUrl, staffCookie);
    const their = await openStream(baseUrl, theirCookie);
    expect(ours.response.status).toBe(200);
    expect(ours.response.headers.get('content-type')).toContain('text/event-stream');
    expect(ours.response.headers.get('x-accel-buffering')).toBe('no');
    await expect.poll(ours.text).toContain('retry: 2000');

    const answer = await tablesAs(t.app, staffCookie).line(table.id, dosa, 1);
    expect(answer.statusCode).toBe(200);
    const isOurs = (event: BranchEvent) =>
      event.type === 'table.changed' && event.tableId === table.id;
    expect(await ours.waitFor(isOurs)).toBe(true);
    // The tap's event names the order's version its answer has: the tapping device, which shows
    // it already, does not read the order again (web/features/tables/api/keys.ts).
    const { version } = answer.json() as { version: number };
    expect(ours.events().find(isOurs)).toMatchObject({ version });
    expect(await their.waitFor(() => true, 300)).toBe(false);
    ours.close();
    their.close();
  });

  it('sends table.changed for each of many parallel taps on several tables, and again for a retried op id', async () => {
    const ours = await openStream(baseUrl, staffCookie);
    await expect.poll(ours.text).toContain('retry: 2000');
    const staff = tablesAs(t.app, staffCookie);
    const tables = await Promise.all(
      ['E2', 'E3', 'E4', 'E5'].map(
        async (label) => (await staff.addTable(label)).json() as TableSummary,
      ),
    );
    await expect.poll(() => ours.events().length).toBe(tables.length);
    const opId = uuidv7();
    const answers = await Promise.all([
      ...tables.flatMap((each) => Array.from({ length: 5 }, () => staff.line(each.id, dosa, 1))),
      staff.line(table.id, dosa, 1, opId),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(21).fill(200));
    const changed = (tableId: string) => () =>
      ours.events().filter((event) => event.type === 'table.changed' && event.tableId === tableId)
        .length;
    for (const each of [...tables, table]) await expect.poll(changed(each.id)).toBeGreaterThan(0);
    // The retry changes nothing, but tells the branch again (its first attempt may have died
    // between the commit and the event).
    const before = changed(table.id)();
    expect((await staff.line(table.id, dosa, 1, opId)).statusCode).toBe(200);
    await expect.poll(changed(table.id)).toBe(before + 1);
    ours.close();
  });

  it('sends nothing for a change that was refused (the transaction rolled back)', async () => {
    const ours = await openStream(baseUrl, staffCookie);
    await expect.poll(ours.text).toContain('retry: 2000');
    const refused = await tablesAs(t.app, staffCookie).line(table.id, table.id, 1);
    expect(refused.statusCode).toBe(404);
    expect(await ours.waitFor(() => true, 300)).toBe(false);
    ours.close();
  });

  it('ends open streams when the server closes, without holding the shutdown', async () => {
    const second = await createTestApp();
    const url = await second.app.listen({ port: 0, host: '127.0.0.1' });
    const branch = await createBranchFixture(second.database.db);
    const stream = await openStream(url, await loginAs(second.app, branch.staff.email));
    await expect.poll(stream.text).toContain('retry: 2000');
    // A stream that held the shutdown would hold this test until its time-out.
    await second.close();
    await expect(stream.ended).resolves.toBeUndefined();
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('two server processes on one PostgreSQL', () => {
  let instance2: FastifyInstance;
  let database2: Database;

  beforeAll(async () => {
    // Its own connections to the same database, as a second server process would have.
    database2 = await openDatabase({ databaseUrl: t.database.url, poolSize: 2 });
    instance2 = await buildApp({
      database: database2,
      config: t.config,
      clock: t.clock,
      logger: false,
    });
    await instance2.ready();
  });
  afterAll(async () => {
    await instance2.close();
    await database2.close();
  });

  it('a change through one instance reaches a stream of the other (LISTEN/NOTIFY)', async () => {
    const url2 = await instance2.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(url2, staffCookie);
    await expect.poll(stream.text).toContain('retry: 2000');
    expect((await tablesAs(t.app, staffCookie).line(table.id, dosa, 1)).statusCode).toBe(200);
    expect(
      await stream.waitFor((event) => event.type === 'table.changed' && event.tableId === table.id),
    ).toBe(true);
    stream.close();
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))(
  'the connection that sends the taps’ events',
  () => {
    it('is opened again when it was lost, and the tap’s event still arrives', async () => {
      const stream = await openStream(baseUrl, staffCookie);
      await expect.poll(stream.text).toContain('retry: 2000');
      const staff = tablesAs(t.app, staffCookie);
      expect((await staff.line(table.id, dosa, 1)).statusCode).toBe(200);
      const killed = await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${EVENTS_SENDER} and datname = current_database()`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      const before = stream.events().length;
      expect((await staff.line(table.id, dosa, 1)).statusCode).toBe(200);
      await expect.poll(() => stream.events().length).toBe(before + 1);
      stream.close();
    });
  },
);

describe('how many streams may be open', () => {
  let capped: TestApp;
  let url: string;
  let branch: BranchFixture;
  let elsewhere: BranchFixture;
  beforeAll(async () => {
    capped = await createTestApp({
      env: { EVENT_STREAMS_PER_SESSION: '2', EVENT_STREAMS_PER_BRANCH: '3' },
    });
    branch = await createBranchFixture(capped.database.db);
    elsewhere = await createBranchFixture(capped.database.db);
    url = await capped.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => capped?.close());

  /** A stream that opened: its answer is 200 and its first line has come. */
  async function opened(cookie: string) {
    const stream = await openStream(url, cookie);
    expect(stream.response.status).toBe(200);
    await expect.poll(stream.text).toContain('retry: 2000');
    return stream;
  }

  async function expectRefused(cookie: string, message: string) {
    const response = await fetch(`${url}/api/events`, {
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: { code: 'events.too_many_streams', message },
    });
  }

  it('refuses a session its next stream at the cap, and takes one again once a stream closed', async () => {
    const cookie = await loginAs(capped.app, branch.staff.email);
    const first = await opened(cookie);
    const second = await opened(cookie);
    await expectRefused(cookie, EVENT_MESSAGES.tooManyForSession);
    // Another sign-in of the same branch is not held by this one's cap.
    const other = await opened(await loginAs(capped.app, branch.staff.email));

    first.close();
    await expect
      .poll(async () => {
        const again = await openStream(url, cookie);
        again.close();
        return again.response.status;
      })
      .toBe(200);
    second.close();
    other.close();
  });

  it('refuses a branch its next stream at the cap, whatever the session, and not another branch', async () => {
    const sessions = await Promise.all(
      [1, 2, 3, 4].map(() => loginAs(capped.app, branch.staff.email)),
    );
    const open = [
      await opened(sessions[0]!),
      await opened(sessions[1]!),
      await opened(sessions[2]!),
    ];
    await expectRefused(sessions[3]!, EVENT_MESSAGES.tooManyForBranch);
    const theirs = await opened(await loginAs(capped.app, elsewhere.staff.email));

    open[0]!.close();
    await expect
      .poll(async () => {
        const again = await openStream(url, sessions[3]!);
        again.close();
        return again.response.status;
      })
      .toBe(200);
    for (const stream of [...open, theirs]) stream.close();
  });
});

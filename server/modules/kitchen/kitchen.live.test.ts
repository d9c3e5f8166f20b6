import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchEventSchema, type BranchEvent } from '../../../shared/schemas/events.schemas';
import type {
  KotTicket,
  SendKotAnswer,
  TicketsAnswer,
} from '../../../shared/schemas/kitchen.schemas';
import type { TableSummary } from '../../../shared/schemas/tables.schemas';
import { EventHub } from '../../lib/events';
import type { TicketRef } from '../../lib/events-tickets';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addProduct, tablesAs } from '../tables/tables.test-support';
import { liveTickets } from './kitchen.live.usecases';

// The kitchen display's live events carry its tickets (issue 31, docs/kitchen.md "Live"): a
// send's and a bump's kitchen.changed hold the tickets on the streams of kitchen.display users,
// read once per server process, in the branch's order; the other streams keep the light event.

let t: TestApp;
let mine: BranchFixture;
let baseUrl: string;
let staffCookie: string;
let kitchenCookie: string;
let dosa: string;
let tableCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  staffCookie = await loginAs(t.app, mine.staff.email);
  kitchenCookie = await loginAs(t.app, mine.kitchen.email);
  dosa = await addProduct(t.database.db, mine.branchId, 'Masala Dosa', 12000);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** An open event stream of the branch: the events it has received so far. */
async function openStream(cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  void (async () => {
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
  await expect.poll(() => text).toContain('retry: ');
  const events = () =>
    text
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as BranchEvent);
  return { events, close: () => controller.abort() };
}

const kitchenChanged = (events: BranchEvent[]) =>
  events.filter(
    (event): event is Extract<BranchEvent, { type: 'kitchen.changed' }> =>
      event.type === 'kitchen.changed',
  );

/** A new table with one dosa on it, not sent yet. */
async function dosaTable(): Promise<TableSummary> {
  const staff = tablesAs(t.app, staffCookie);
  tableCount += 1;
  const table = (await staff.addTable(`L${tableCount}`)).json() as TableSummary;
  expect((await staff.line(table.id, dosa, 1)).statusCode).toBe(200);
  return table;
}

async function send(table: TableSummary): Promise<SendKotAnswer> {
  const response = await tablesAs(t.app, staffCookie).call('POST', `/api/tables/${table.id}/kots`, {
    opId: uuidv7(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SendKotAnswer;
}

/** A new table with one dosa on it, sent to the kitchen; answers the send. */
async function sendDosa(): Promise<{ table: TableSummary; sent: SendKotAnswer }> {
  const table = await dosaTable();
  return { table, sent: await send(table) };
}

async function displayTickets(): Promise<TicketsAnswer> {
  const response = await tablesAs(t.app, kitchenCookie).call('GET', '/api/kitchen/tickets');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TicketsAnswer;
}

describe("the kitchen display's live events", () => {
  it("carry a sent KOT's tickets to the display as it lists them, and the light event to a waiter", async () => {
    const display = await openStream(kitchenCookie);
    const waiter = await openStream(staffCookie);
    const { sent } = await sendDosa();
    const kotId = sent.kot!.id;
    const ofKot = (events: BranchEvent[]) =>
      kitchenChanged(events).filter((event) => event.kotId === kotId);
    await expect.poll(() => ofKot(display.events()).length).toBe(1);
    await expect.poll(() => ofKot(waiter.events()).length).toBe(1);
    const listed = (await displayTickets()).tickets.filter((ticket) => ticket.kotId === kotId);
    expect(listed).toHaveLength(1);
    expect(ofKot(display.events())[0]!.tickets).toEqual(listed);
    expect(ofKot(waiter.events())[0]!.tickets).toBeUndefined();
    display.close();
    waiter.close();
  });

  it('carry a bumped ticket as the bump answers it: the bump needs nothing read after it', async () => {
    const { sent } = await sendDosa();
    const display = await openStream(kitchenCookie);
    const ticketId = sent.kot!.tickets[0]!.id;
    const bump = await tablesAs(t.app, kitchenCookie).call(
      'POST',
      `/api/kitchen/tickets/${ticketId}/bump`,
    );
    expect(bump.statusCode, bump.body).toBe(200);
    const answer = bump.json() as KotTicket;
    expect(answer.bumpedAt).not.toBeNull();
    const ofTicket = () =>
      kitchenChanged(display.events()).filter((event) => event.ticketId === ticketId);
    await expect.poll(() => ofTicket().length).toBe(1);
    expect(ofTicket()[0]!.tickets).toEqual([answer]);
    display.close();
  });

  it('keep the older shape valid: a kitchen.changed without ids or tickets', () => {
    const older = { type: 'kitchen.changed', tableIds: ['t1'], at: '2026-11-30T12:00:00.000Z' };
    expect(branchEventSchema.parse(older)).toEqual(older);
  });
});

describe('the event hub of one server process', () => {
  /** A hub of its own on the test database, whose reads wait for `open()` and are counted. */
  async function hubWithGatedReads(fail = false) {
    const reads: TicketRef[][] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const hub = new EventHub(t.database, t.app.log, {
      readTickets: async (refs) => {
        reads.push(refs);
        await gate;
        if (fail) throw new Error('the read failed');
        return liveTickets(t.database.db, refs);
      },
    });
    await hub.start();
    const stream = (tickets: boolean) => {
      const got: BranchEvent[] = [];
      hub.subscribe(
        mine.branchId,
        (event) => got.push(event),
        () => undefined,
        { tickets },
      );
      return got;
    };
    return { hub, reads, open, stream };
  }

  it('reads a KOT once for all its display streams, and keeps the branch order on them', async () => {
    const { hub, reads, open, stream } = await hubWithGatedReads();
    const first = stream(true);
    const second = stream(true);
    const waiter = stream(false);
    const table = await dosaTable();
    // The table's add and tap, at once everywhere (no read): then only the send's events.
    await expect.poll(() => second.length).toBe(2);
    for (const got of [first, second, waiter]) got.splice(0);
    const sent = await send(table);
    // The send publishes kitchen.changed, then table.changed, in one commit: the waiter has both
    // at once; the displays wait for the one read.
    await expect
      .poll(() => waiter.map((event) => event.type))
      .toEqual(['kitchen.changed', 'table.changed']);
    expect(first).toEqual([]);
    expect(reads).toEqual([[{ branchId: mine.branchId, kotId: sent.kot!.id }]]);
    open();
    for (const display of [first, second]) {
      await expect
        .poll(() => display.map((event) => event.type))
        .toEqual(['kitchen.changed', 'table.changed']);
      const [changed] = kitchenChanged(display);
      expect(changed!.tickets!.map((ticket) => [ticket.tableId, ticket.items.length])).toEqual([
        [table.id, 1],
      ]);
    }
    expect(reads).toHaveLength(1);
    await hub.close();
  });

  it('sends the light event to the display streams when the read fails', async () => {
    const { hub, open, stream } = await hubWithGatedReads(true);
    const display = stream(true);
    open();
    const { sent } = await sendDosa();
    await expect.poll(() => kitchenChanged(display).length).toBe(1);
    expect(kitchenChanged(display)[0]).toMatchObject({ kotId: sent.kot!.id });
    expect(kitchenChanged(display)[0]!.tickets).toBeUndefined();
    await hub.close();
  });
});

import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { branchEventSchema, type BranchEvent } from '../../shared/schemas/events.schemas';
import type { Database, DbOrTx } from '../db/client';
import { ticketRefOf, TicketReads, type TicketReader } from './events-tickets';
import { Listener } from './listen';

/**
 * Live events of a branch (docs/api.md, "Live events"). A change publishes with pg_notify
 * inside its own transaction, so the event leaves only if the change commits, and reaches every
 * server process on the database. Each process LISTENs once (EventHub) and hands the events to
 * the open streams of that branch.
 */
export const EVENTS_CHANNEL = 'tf_branch_events';

/** An event as a change publishes it: `at` is added here. */
export type BranchEventInput = BranchEvent extends infer E
  ? E extends BranchEvent
    ? Omit<E, 'at'>
    : never
  : never;

export interface Notice {
  branchId: string;
  event: BranchEvent;
}

function noticeOf(branchId: string, event: BranchEventInput): Notice {
  return { branchId, event: { ...event, at: new Date().toISOString() } as BranchEvent };
}

/** The notify payload of `event` (for a database function that notifies on EVENTS_CHANNEL). */
export function eventPayload(branchId: string, event: BranchEventInput): string {
  return JSON.stringify(noticeOf(branchId, event));
}

/** Sends `event` to the branch's devices when the caller's transaction commits. */
export async function publishBranchEvent(
  tx: DbOrTx,
  branchId: string,
  event: BranchEventInput,
): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${eventPayload(branchId, event)})`);
}

/** PostgreSQL refuses a notify payload of 8000 bytes or more. */
export const PAYLOAD_LIMIT = 7900;

/** The application name of the connection that sends the taps' events (PostgreSQL). */
export const EVENTS_SENDER = 'tableflow-events';
/** The application name of each process's connection that listens for them. */
export const EVENTS_LISTENER = 'tableflow-events-listener';

/** Sends payloads on EVENTS_CHANNEL, one notification each, in one statement. */
const NOTIFY_ALL = `select pg_notify($1, payload) from unnest($2::text[]) as payload`;

/** Notices as few payloads (JSON arrays) as the payload limit allows (exported for its test). */
export function payloadsOf(notices: Iterable<Notice>): string[] {
  const payloads: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const notice of notices) {
    const part = JSON.stringify(notice);
    const bytes = Buffer.byteLength(part);
    if (parts.length && size + bytes + 1 > PAYLOAD_LIMIT) {
      payloads.push(`[${parts.join(',')}]`);
      parts = [];
      size = 2;
    }
    parts.push(part);
    size += bytes + 1;
  }
  if (parts.length) payloads.push(`[${parts.join(',')}]`);
  return payloads;
}

/** An event as the batch below tells one from another: a table's taps, whatever their version. */
function withoutVersion(event: BranchEventInput): BranchEventInput {
  if (event.type !== 'table.changed') return event;
  return { type: event.type, tableId: event.tableId };
}

/**
 * Whether `event` should stand for the batch's `waiting` one of the same table: a later version
 * (devices skip the read of a version they show), or none (every device reads the order).
 */
function newerVersion(event: BranchEventInput, waiting: BranchEvent): boolean {
  if (event.type !== 'table.changed' || waiting.type !== 'table.changed') return false;
  if (waiting.version === undefined) return false;
  return event.version === undefined || event.version > waiting.version;
}

/**
 * Adds `event` to a batch of notices (keyed as `withoutVersion` tells them apart): the same
 * event of a branch once; a table's taps once, with the highest version, or none if one had none.
 */
export function batchNotice(
  notices: Map<string, Notice>,
  branchId: string,
  event: BranchEventInput,
): void {
  const key = `${branchId} ${JSON.stringify(withoutVersion(event))}`;
  const waiting = notices.get(key)?.event;
  if (!waiting || newerVersion(event, waiting)) notices.set(key, noticeOf(branchId, event));
}

/**
 * Sends `event`s to the branch's devices for changes that have ALREADY committed (each on its
 * own, outside any transaction): for the hot path, a tap. PostgreSQL serializes the commits of
 * transactions that notify (a lock per database held through the commit's WAL flush), so a
 * notify inside every tap made taps on different tables wait for each other; sent afterwards the
 * taps commit side by side. `publish` resolves once the event is sent: the caller answers after
 * it, and a retry of the same change (after a crash in between) publishes again.
 *
 * One send at a time, on a connection of its own (PostgreSQL; PGlite: its one instance), so an
 * event never queues behind the requests waiting for the pool; the events given meanwhile leave
 * together in the next send, as few notifications as the payload limit allows (the same event of
 * the same branch once: an event only says what to refetch; a table's taps once, with the
 * highest version).
 */
export class CommittedEvents {
  private next?: { notices: Map<string, Notice>; sent: Promise<void>; done: () => void };
  private sending = false;
  private client?: Promise<pg.Client>;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  publish(branchId: string, event: BranchEventInput): Promise<void> {
    if (!this.next) {
      let done!: () => void;
      const sent = new Promise<void>((resolve) => (done = resolve));
      this.next = { notices: new Map(), sent, done };
    }
    const batch = this.next;
    batchNotice(batch.notices, branchId, event);
    if (!this.sending) void this.drain();
    return batch.sent;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.then((c) => c.end()).catch(() => undefined);
  }

  private async drain() {
    this.sending = true;
    while (this.next) {
      const batch = this.next;
      this.next = undefined;
      const payloads = payloadsOf(batch.notices.values());
      // A connection lost since the last send is opened again once.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.send(payloads);
          break;
        } catch (error) {
          if (attempt < 2 && !this.closed) continue;
          // The changes are saved: their answers still go out; devices catch up on the next event.
          this.log.warn({ err: error }, 'Live events could not be sent');
          break;
        }
      }
      batch.done();
    }
    this.sending = false;
  }

  private async send(payloads: string[]) {
    const { pglite, url } = this.database;
    if (pglite) {
      await pglite.query(NOTIFY_ALL, [EVENTS_CHANNEL, payloads]);
      return;
    }
    if (this.closed) throw new Error('closed');
    this.client ??= this.connect(url);
    const client = this.client;
    try {
      await (
        await client
      ).query({ name: 'events_notify', text: NOTIFY_ALL, values: [EVENTS_CHANNEL, payloads] });
    } catch (error) {
      if (this.client === client) this.client = undefined;
      void client.then((c) => c.end()).catch(() => undefined);
      throw error;
    }
  }

  private async connect(url: string | undefined): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, application_name: EVENTS_SENDER });
    // A connection broken while idle must not crash the process: the next send fails on it,
    // drops it and opens another.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }
}

type Subscriber = (event: BranchEvent) => void;

interface Subscription {
  send: Subscriber;
  /** Shows the kitchen's tickets: its kitchen.changed carry them (events-tickets.ts). */
  tickets: boolean;
}

export interface EventHubOptions {
  heartbeatMs?: number;
  /** Reads the tickets a kitchen.changed names (the kitchen module's `liveTickets`). */
  readTickets?: TicketReader;
}

/**
 * One LISTEN per process (server/lib/listen.ts). Subscribers are the SSE streams, by branch.
 * After a lost connection is back, `onResync` runs: events may have been missed meanwhile, so
 * the streams are ended and their clients reconnect and refetch.
 *
 * The streams that show tickets (a kitchen display's) get each kitchen.changed with the tickets
 * it names, read once per process for all of them; the others get the light event at once.
 * While a branch has a read under way, that branch's later events to the ticket streams wait
 * behind it, so every stream still receives its branch's events in commit order.
 */
export class EventHub {
  private readonly subscribers = new Map<string, Set<Subscription>>();
  private readonly resyncs = new Set<() => void>();
  private readonly listener: Listener;
  private readonly reads?: TicketReads;
  /** Per branch, the ticket streams' events still waiting for a read (their order kept). */
  private readonly waiting = new Map<string, Promise<void>>();

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    options: EventHubOptions = {},
  ) {
    const { readTickets, ...listen } = options;
    if (readTickets) this.reads = new TicketReads(readTickets, log);
    this.listener = new Listener(database, log, {
      ...listen,
      channel: EVENTS_CHANNEL,
      applicationName: EVENTS_LISTENER,
      onMessage: (payload) => this.deliver(payload),
      onUp: (reconnected) => {
        if (reconnected) this.endStreams();
      },
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  /**
   * Calls `subscriber` with each event of `branchId`; `onResync` when events may be lost.
   * `tickets`: the stream shows the kitchen's tickets (its kitchen.changed carry them).
   */
  subscribe(
    branchId: string,
    subscriber: Subscriber,
    onResync: () => void,
    { tickets = false }: { tickets?: boolean } = {},
  ): () => void {
    const set = this.subscribers.get(branchId) ?? new Set();
    const subscription: Subscription = { send: subscriber, tickets };
    set.add(subscription);
    this.subscribers.set(branchId, set);
    this.resyncs.add(onResync);
    return () => {
      set.delete(subscription);
      if (set.size === 0) this.subscribers.delete(branchId);
      this.resyncs.delete(onResync);
    };
  }

  /** Ends every stream (the server is closing), so shutdown is not held by open streams. */
  endStreams(): void {
    for (const resync of [...this.resyncs]) resync();
  }

  async close(): Promise<void> {
    this.endStreams();
    await this.listener.close();
  }

  /**
   * A payload is one notice, or an array of them (`CommittedEvents`' batches). Only the notices
   * of a branch with a stream open here are checked and handed on.
   */
  private deliver(payload: string): void {
    const notices: Notice[] = [];
    try {
      const raw = JSON.parse(payload) as unknown;
      for (const item of (Array.isArray(raw) ? raw : [raw]) as Partial<Notice>[]) {
        if (typeof item?.branchId !== 'string') throw new Error('no branch id');
        if (!this.subscribers.has(item.branchId)) continue;
        notices.push({ branchId: item.branchId, event: branchEventSchema.parse(item.event) });
      }
    } catch (error) {
      this.log.warn({ err: error }, 'Ignored a malformed live event');
      return;
    }
    for (const { branchId, event } of notices) this.hand(branchId, event);
  }

  /** The event to the branch's streams: at once, or for the ticket streams after its read. */
  private hand(branchId: string, event: BranchEvent): void {
    const subscriptions = [...(this.subscribers.get(branchId) ?? [])];
    for (const subscription of subscriptions) {
      if (!subscription.tickets) subscription.send(event);
    }
    const ref = this.reads && ticketRefOf(branchId, event);
    const wanted = ref && subscriptions.some((subscription) => subscription.tickets);
    const before = this.waiting.get(branchId);
    if (!wanted && !before) {
      for (const subscription of subscriptions) {
        if (subscription.tickets) subscription.send(event);
      }
      return;
    }
    const read = wanted ? this.reads!.ticketsOf(ref) : null;
    const sent: Promise<void> = (before ?? Promise.resolve())
      .then(async () => {
        const tickets = read && (await read);
        // Only a kitchen.changed has a read (ticketRefOf).
        const full = tickets?.length ? ({ ...event, tickets } as BranchEvent) : event;
        for (const subscription of this.subscribers.get(branchId) ?? []) {
          if (subscription.tickets) subscription.send(full);
        }
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'A live event was not sent'))
      .then(() => {
        if (this.waiting.get(branchId) === sent) this.waiting.delete(branchId);
      });
    this.waiting.set(branchId, sent);
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { branchEventSchema, type BranchEvent } from '../../shared/schemas/events.schemas';
import type { Database, DbOrTx } from '../db/client';
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
 * the same branch once: an event only says what to refetch).
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
    const key = `${branchId} ${JSON.stringify(event)}`;
    if (!batch.notices.has(key)) batch.notices.set(key, noticeOf(branchId, event));
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

/**
 * One LISTEN per process (server/lib/listen.ts). Subscribers are the SSE streams, by branch.
 * After a lost connection is back, `onResync` runs: events may have been missed meanwhile, so
 * the streams are ended and their clients reconnect and refetch.
 */
export class EventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly resyncs = new Set<() => void>();
  private readonly listener: Listener;

  constructor(database: Database, log: FastifyBaseLogger, options: { heartbeatMs?: number } = {}) {
    this.listener = new Listener(database, log, {
      ...options,
      channel: EVENTS_CHANNEL,
      applicationName: EVENTS_LISTENER,
      onMessage: (payload) => this.deliver(payload, log),
      onUp: (reconnected) => {
        if (reconnected) this.endStreams();
      },
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  /** Calls `subscriber` with each event of `branchId`; `onResync` when events may be lost. */
  subscribe(branchId: string, subscriber: Subscriber, onResync: () => void): () => void {
    const set = this.subscribers.get(branchId) ?? new Set();
    set.add(subscriber);
    this.subscribers.set(branchId, set);
    this.resyncs.add(onResync);
    return () => {
      set.delete(subscriber);
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
  private deliver(payload: string, log: FastifyBaseLogger): void {
    const notices: { subscribers: Set<Subscriber>; event: BranchEvent }[] = [];
    try {
      const raw = JSON.parse(payload) as unknown;
      for (const item of (Array.isArray(raw) ? raw : [raw]) as Partial<Notice>[]) {
        if (typeof item?.branchId !== 'string') throw new Error('no branch id');
        const subscribers = this.subscribers.get(item.branchId);
        if (subscribers) notices.push({ subscribers, event: branchEventSchema.parse(item.event) });
      }
    } catch (error) {
      log.warn({ err: error }, 'Ignored a malformed live event');
      return;
    }
    for (const { subscribers, event } of notices) {
      for (const subscriber of subscribers) subscriber(event);
    }
  }
}

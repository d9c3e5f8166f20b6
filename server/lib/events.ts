import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { branchEventSchema, type BranchEvent } from '../../shared/schemas/events.schemas';
import { preparedStatement, type Database, type Db, type DbOrTx } from '../db/client';

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

interface Notice {
  branchId: string;
  event: BranchEvent;
}

/** The payload of `event` on EVENTS_CHANNEL. */
function branchNotice(branchId: string, event: BranchEventInput): string {
  const notice: Notice = {
    branchId,
    event: { ...event, at: new Date().toISOString() } as BranchEvent,
  };
  return JSON.stringify(notice);
}

/** Sends `event` to the branch's devices when the caller's transaction commits. */
export async function publishBranchEvent(
  tx: DbOrTx,
  branchId: string,
  event: BranchEventInput,
): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${branchNotice(branchId, event)})`);
}

const notifyAll = preparedStatement<unknown>(
  'events_notify',
  sql`select pg_notify(${EVENTS_CHANNEL}, notice)
    from unnest(${sql.placeholder('notices')}::text[]) as notice`,
);

/**
 * Sends the events of one database given after their change committed, in batches: one send at a
 * time, and the events given meanwhile leave together in the next (the same event of the same
 * branch once: an event only says what to refetch).
 */
class CommittedEvents {
  private next?: { notices: Map<string, string>; sent: Promise<void>; done: () => void };
  private sending = false;

  constructor(
    private readonly db: Db,
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
    if (!batch.notices.has(key)) batch.notices.set(key, branchNotice(branchId, event));
    if (!this.sending) void this.drain();
    return batch.sent;
  }

  private async drain() {
    this.sending = true;
    while (this.next) {
      const batch = this.next;
      this.next = undefined;
      try {
        await notifyAll(this.db, { notices: [...batch.notices.values()] });
      } catch (error) {
        // The changes are saved: their answers still go out; devices catch up on the next event.
        this.log.warn({ err: error }, 'Live events could not be sent');
      }
      batch.done();
    }
    this.sending = false;
  }
}

const committedEvents = new WeakMap<Db, CommittedEvents>();

/**
 * Sends `event` to the branch's devices for a change that has ALREADY committed (on its own,
 * outside any transaction); resolves once it is sent. For the hot path (a tap): PostgreSQL
 * serializes the commits of transactions that notify (a lock per database held through the
 * commit's WAL flush), so a notify inside every tap made taps on different tables wait for each
 * other; sent afterwards, in batches, the taps commit side by side. The caller answers after it
 * resolves, and a retry of the same change (after a crash in between) publishes again.
 */
export function publishCommittedEvent(
  db: Db,
  log: FastifyBaseLogger,
  branchId: string,
  event: BranchEventInput,
): Promise<void> {
  let events = committedEvents.get(db);
  if (!events) {
    events = new CommittedEvents(db, log);
    committedEvents.set(db, events);
  }
  return events.publish(branchId, event);
}

type Subscriber = (event: BranchEvent) => void;

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * One LISTEN per process: PGlite through its own `listen`; PostgreSQL through one dedicated
 * client, reconnected with back-off after an error. Subscribers are the SSE streams, by branch.
 * After a lost connection is back, `onResync` runs: events may have been missed meanwhile, so
 * the streams are ended and their clients reconnect and refetch.
 */
export class EventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly resyncs = new Set<() => void>();
  private stopPglite?: () => Promise<void>;
  private client?: pg.Client;
  private retryTimer?: NodeJS.Timeout;
  private retryMs = RECONNECT_MIN_MS;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (this.database.pglite) {
      this.stopPglite = await this.database.pglite.listen(EVENTS_CHANNEL, (payload) =>
        this.deliver(payload),
      );
      return;
    }
    await this.connect(false);
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
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.endStreams();
    await this.stopPglite?.();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private deliver(payload: string): void {
    let notice: Notice;
    try {
      const raw = JSON.parse(payload) as { branchId?: unknown; event?: unknown };
      const event = branchEventSchema.parse(raw.event);
      if (typeof raw.branchId !== 'string') throw new Error('no branch id');
      notice = { branchId: raw.branchId, event };
    } catch (error) {
      this.log.warn({ err: error }, 'Ignored a malformed live event');
      return;
    }
    for (const subscriber of this.subscribers.get(notice.branchId) ?? []) subscriber(notice.event);
  }

  private async connect(isReconnect: boolean): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.database.url });
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) this.deliver(message.payload);
    });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err: error }, 'Live events connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err: error }, 'Live events could not LISTEN; retrying');
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    if (isReconnect) this.endStreams();
  }

  private scheduleReconnect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(true), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }
}

import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;
/** How often a LISTEN connection proves it is alive, and how long its answer may take. */
export const LISTEN_HEARTBEAT_MS = 3_000;

export interface ListenOptions {
  channel: string;
  /** The connection's application_name (PostgreSQL), so it can be told apart. */
  applicationName: string;
  /** Each notification's payload, in commit order. */
  onMessage: (payload: string) => void;
  /** Listening (again): after a lost connection notifications may have been missed. */
  onUp?: (reconnected: boolean) => void;
  /** The connection was lost: notifications are missed until `onUp`. */
  onDown?: () => void;
  /**
   * PostgreSQL: every this many ms the connection runs `select 1`, which must answer within as
   * many ms, or the connection counts as lost (LISTEN_HEARTBEAT_MS by default).
   */
  heartbeatMs?: number;
}

/** `promise`, or a rejection once `ms` have passed without it settling. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One LISTEN of this process on one channel: PGlite through its own `listen`; PostgreSQL through a
 * dedicated client, reconnected with back-off after an error. `listening` says whether a
 * notification sent now would reach `onMessage`.
 *
 * A connection can die without a word: a network path that stops forwarding, a peer gone
 * without a reset (half-open). A LISTEN connection only ever reads, so nothing would notice
 * and the process would go on believing it hears every change. So the PostgreSQL client has
 * TCP keepalive on (the kernel's probes, slow by default: minutes) and, the real guard, an
 * application heartbeat: `select 1` every `heartbeatMs` on the same connection, answered
 * within `heartbeatMs`, or the connection counts as lost (`onDown`, closed, reconnected).
 * A half-open connection is noticed within two heartbeats.
 *
 * PGlite has no heartbeat: it runs inside this process, with no network between its `listen`
 * and the database, so it cannot be half-open; it fails with the process.
 */
export class Listener {
  private stopPglite?: () => Promise<void>;
  private client?: pg.Client;
  private retryTimer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private retryMs = RECONNECT_MIN_MS;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: ListenOptions,
  ) {}

  get listening(): boolean {
    return !this.closed && (this.stopPglite !== undefined || this.client !== undefined);
  }

  async start(): Promise<void> {
    if (this.database.pglite) {
      this.stopPglite = await this.database.pglite.listen(this.options.channel, (payload) =>
        this.options.onMessage(payload),
      );
      this.options.onUp?.(false);
      return;
    }
    await this.connect(false);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.heartbeat);
    const stopPglite = this.stopPglite;
    this.stopPglite = undefined;
    await stopPglite?.();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private get heartbeatMs(): number {
    return this.options.heartbeatMs ?? LISTEN_HEARTBEAT_MS;
  }

  private async connect(isReconnect: boolean): Promise<void> {
    if (this.closed) return;
    const { channel, applicationName, onMessage } = this.options;
    const client = new pg.Client({
      connectionString: this.database.url,
      application_name: applicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: this.heartbeatMs,
      connectionTimeoutMillis: this.heartbeatMs * 2,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await within(client.query(`listen ${channel}`), this.heartbeatMs * 2, 'LISTEN');
    } catch (error) {
      client.connection.stream.destroy();
      if (this.closed) return;
      this.log.warn({ err: error, channel }, 'Could not LISTEN; retrying');
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    this.beatLater(client);
    this.options.onUp?.(isReconnect);
  }

  /** The next heartbeat of `client`, while it is the one listening. */
  private beatLater(client: pg.Client): void {
    clearTimeout(this.heartbeat);
    this.heartbeat = setTimeout(() => {
      within(client.query('select 1'), this.heartbeatMs, 'Heartbeat').then(
        () => {
          if (this.client === client) this.beatLater(client);
        },
        (error: unknown) => this.lost(client, error as Error),
      );
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** `client` failed (an error, its end, a heartbeat without answer): listen again. */
  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    clearTimeout(this.heartbeat);
    // No goodbye on a connection that may be half-open: it would wait for an answer that never
    // comes. The socket goes at once.
    client.connection.stream.destroy();
    this.options.onDown?.();
    if (this.closed) return;
    this.log.warn(
      { err: error, channel: this.options.channel },
      'LISTEN connection lost; reconnecting',
    );
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(true), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }
}

import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

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
}

/**
 * One LISTEN of this process on one channel: PGlite through its own `listen`; PostgreSQL through a
 * dedicated client, reconnected with back-off after an error. `listening` says whether a
 * notification sent now would reach `onMessage`.
 */
export class Listener {
  private stopPglite?: () => Promise<void>;
  private client?: pg.Client;
  private retryTimer?: NodeJS.Timeout;
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
    const stopPglite = this.stopPglite;
    this.stopPglite = undefined;
    await stopPglite?.();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(isReconnect: boolean): Promise<void> {
    if (this.closed) return;
    const { channel, applicationName, onMessage } = this.options;
    const client = new pg.Client({
      connectionString: this.database.url,
      application_name: applicationName,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => undefined);
      this.options.onDown?.();
      if (this.closed) return;
      this.log.warn({ err: error, channel }, 'LISTEN connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
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
    this.options.onUp?.(isReconnect);
  }

  private scheduleReconnect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(true), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }
}

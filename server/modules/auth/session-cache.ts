import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { Listener } from '../../lib/listen';
import type { SessionAccount } from '../users/users.usecases';

/** Notified by the database (auth.functions.sql) whenever a cached session or account may change. */
export const AUTH_CHANNEL = 'tf_auth_changed';
/** The application name of each process's connection that listens for it (PostgreSQL). */
export const AUTH_LISTENER = 'tableflow-sessions';
/** Sessions kept at most; the oldest kept goes first (a busy server has a few hundred). */
const MOST_KEPT = 10_000;
const SYNC_PREFIX = 'sync:';

/**
 * The sessions of this process with their accounts (docs/architecture.md, "Sessions in
 * memory"). Correct while the database tells every change: its triggers notify AUTH_CHANNEL and
 * every process empties its cache; nothing is kept or served while the LISTEN connection is
 * down; a lookup that began before an emptying is not kept (`generation`); a request that may
 * change them empties this process's cache before its answer leaves (server/plugins/auth.ts).
 */
export class SessionCache {
  private readonly kept = new Map<string, SessionAccount>();
  private readonly syncs = new Map<string, () => void>();
  private readonly listener: Listener;
  private emptied = 0;

  constructor(
    private readonly database: Database,
    log: FastifyBaseLogger,
    options: { heartbeatMs?: number } = {},
  ) {
    this.listener = new Listener(database, log, {
      ...options,
      channel: AUTH_CHANNEL,
      applicationName: AUTH_LISTENER,
      onMessage: (payload) => {
        this.clear();
        if (payload.startsWith(SYNC_PREFIX)) this.syncs.get(payload.slice(SYNC_PREFIX.length))?.();
      },
      onUp: () => this.clear(),
      onDown: () => this.clear(),
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  async close(): Promise<void> {
    await this.listener.close();
    this.clear();
  }

  /** Whether a change would reach this cache now: nothing is served from it otherwise. */
  get listening(): boolean {
    return this.listener.listening;
  }

  /** Counts the emptyings: read it before a lookup, hand it to `keep` after. */
  get generation(): number {
    return this.emptied;
  }

  get(tokenHash: string): SessionAccount | undefined {
    return this.listener.listening ? this.kept.get(tokenHash) : undefined;
  }

  /** Keeps a lookup's result, unless the cache was emptied since the lookup began. */
  keep(tokenHash: string, found: SessionAccount, generation: number): void {
    if (!this.listener.listening || generation !== this.emptied) return;
    if (this.kept.size >= MOST_KEPT && !this.kept.has(tokenHash)) {
      this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(tokenHash, found);
  }

  clear(): void {
    this.kept.clear();
    this.emptied += 1;
  }

  /**
   * Resolves once every change committed before the call has emptied this cache: a notification
   * of its own, sent now, has come back (they arrive in commit order). For a change made outside
   * this process's requests, e.g. by a test straight on the database.
   */
  async sync(): Promise<void> {
    if (!this.listener.listening) return; // nothing is kept
    const id = randomUUID();
    const back = new Promise<void>((resolve) => this.syncs.set(id, resolve));
    try {
      await this.database.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${SYNC_PREFIX + id})`);
      await back;
    } finally {
      this.syncs.delete(id);
    }
  }
}

import type { QueryClient } from '@tanstack/react-query';
import { uuidv7 } from '../../../lib/uuid-v7';
import type { LineChange, TableOrder } from '../../../../shared/schemas/tables.schemas';
import { ApiError, api } from '../../../lib/api';
import { notifyActionFailure, notifyFailure } from '../../../lib/form-feedback';
import {
  addsLineBeyondLimit,
  applyOps,
  byOpId,
  keyOfProduct,
  lineChangeBody,
  takeNextOp,
  type LineProduct,
  type PendingOp,
} from '../order-lines';
import { TABLE_TEXT } from '../table-text';
import { requestVoid } from '../voids/void-requests';
import { afterNextPaint } from './after-paint';
import { tableKeys } from './keys';
import { tapStore, type StoredTap } from './tap-store';
import { isLiveTab, THIS_TAB } from './tab-liveness';

/** A change of one line: the tap's product with its choices, and the quantity to add. */
export interface LineDelta {
  product: LineProduct;
  delta: number;
}

/**
 * The device's outbox of taps (docs/counter.md, "Taps (web)"): a tap shows at once, is kept on
 * the device (tap-store.ts) and is sent in order, per table, with the same op id until the server
 * answers; a refusal drops it with the reason; a session that ended keeps it for the next
 * sign-in; taps a closed tab left are taken over at the next start. A tap names its line's
 * choices (variant, add-ons, note); quick taps merge per line (`lineKeyOf`).
 *
 * A tap's event only shows it (the order in the query cache) and queues it in memory: keeping it
 * on the device and sending it wait until the tap's frame is painted (after-paint.ts, a frame or
 * some 16 ms later), or are done at once when the page is hidden or closed (`pagehide`,
 * `visibilitychange`) or the outbox stops. That is safe: a tap is written before it is first
 * sent (`drain` writes its table's taps not written yet before it takes one), the writes keep
 * the order the taps were made (tap-store.ts's one chain), and a write asked for in the event
 * was not done there either: IndexedDB commits it some milliseconds later, so a tab killed in
 * between lost the tap before too; the window is one frame longer.
 */

/** Waits before each new try of a request that got no answer; the last one repeats. */
export const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 5_000];
/**
 * Taps older than this are not sent when found on the device: the server remembers op ids for
 * 24 hours (tables.lines.usecases.ts), so an older one could apply twice; and the table has long been
 * billed. The app says how many were dropped.
 */
export const STALE_TAP_MS = 12 * 60 * 60 * 1000;
/**
 * The most taps a device keeps unsent (issue 33, item 8): some three hours of a busy floor cut
 * off (40 tables at 15 taps an hour are 600 an hour), a few hundred KB of IndexedDB. A tap
 * beyond it is refused with the reason (what is kept must be sent first); the offline banner
 * warns from `OUTBOX_WARN_AT` on.
 */
export const OUTBOX_LIMIT = 2_000;
export const OUTBOX_WARN_AT = 1_600;

/** How many taps a device holds unsent, and how many more it may keep. */
export function outboxRoom(state: OutboxState) {
  const count = [...state.unsent.values()].reduce((sum, ops) => sum + ops.length, 0);
  return { count, left: Math.max(0, OUTBOX_LIMIT - count), warn: count >= OUTBOX_WARN_AT };
}

/** How often the device looks for taps left by tabs that are gone. */
const ADOPT_EVERY_MS = 15_000;

/** Statuses that mean the change did not reach a server able to answer it: try again. */
const unanswered = (error: unknown) =>
  error instanceof ApiError && [0, 408, 429, 500, 502, 503, 504].includes(error.status);
/** The session ended or the plan stopped it: keep the taps for the next sign-in. */
const signedOut = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

class Stopped extends Error {}

const postLine = (tableId: string, body: LineChange) =>
  api<TableOrder>(`/tables/${encodeURIComponent(tableId)}/lines`, { method: 'POST', body });

/** What the screens read of the outbox. */
export interface OutboxState {
  /** The server could not be reached by the last try (or the browser says it is offline). */
  offline: boolean;
  /** Taps not yet answered, per table id. */
  unsent: ReadonlyMap<string, readonly PendingOp[]>;
}

export const EMPTY_OUTBOX: OutboxState = { offline: false, unsent: new Map() };

export class TapOutbox {
  private readonly queues = new Map<string, PendingOp[]>();
  /** Taps queued but not written to the device yet, in the order they were made. */
  private unwritten: { tableId: string; op: PendingOp }[] = [];
  private readonly draining = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();
  private sleepers = new Set<() => void>();
  private unreachable = false;
  private active = true;
  private state: OutboxState = EMPTY_OUTBOX;
  private adoptTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly queryClient: QueryClient,
    readonly branchId: string,
    private readonly notify: () => void,
  ) {
    window.addEventListener('online', this.wake);
    window.addEventListener('pagehide', this.flush);
    document.addEventListener('visibilitychange', this.flushWhenHidden);
    this.adoptTimer = setInterval(() => void this.adopt(false), ADOPT_EVERY_MS);
    void this.adopt(true);
  }

  get snapshot(): OutboxState {
    return this.state;
  }

  queued(tableId: string): readonly PendingOp[] {
    return this.queues.get(tableId) ?? [];
  }

  /** Whether any tap is not answered yet (published or not). */
  get holdsTaps(): boolean {
    return this.queues.size > 0;
  }

  stop() {
    // What was tapped stays on the device for the next start.
    this.write();
    this.active = false;
    clearInterval(this.adoptTimer);
    window.removeEventListener('online', this.wake);
    window.removeEventListener('pagehide', this.flush);
    document.removeEventListener('visibilitychange', this.flushWhenHidden);
    this.wake();
    for (const resolvers of this.waiting.values()) resolvers.forEach((resolve) => resolve());
    this.waiting.clear();
  }

  saved(tableId: string): Promise<void> {
    if (!this.draining.has(tableId) && this.queued(tableId).length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.set(tableId, [...(this.waiting.get(tableId) ?? []), resolve]);
    });
  }

  /** Changes made as one: shown at once, queued together (a group when several), then kept. */
  change(tableId: string, changes: readonly LineDelta[]) {
    if (changes.length === 0) return;
    const key = tableKeys.order(tableId);
    const shown = this.queryClient.getQueryData<TableOrder>(key);
    if (shown && addsLineBeyondLimit(shown, changes)) {
      notifyFailure(TABLE_TEXT.lineNotSaved, TABLE_TEXT.tooManyLines);
      return;
    }
    let held = changes.length;
    for (const queue of this.queues.values()) held += queue.length;
    if (held > OUTBOX_LIMIT) {
      notifyFailure(TABLE_TEXT.lineNotSaved, TABLE_TEXT.outboxFull(OUTBOX_LIMIT));
      return;
    }
    // A read on its way would overwrite the tap with an older order.
    void this.queryClient.cancelQueries({ queryKey: key });
    const madeAt = Date.now();
    const ops = changes.map(({ product, delta }): PendingOp => ({
      opId: uuidv7(),
      product,
      delta,
      madeAt,
    }));
    const group = ops.length > 1 ? ops[0]!.opId : undefined;
    const queued = group ? ops.map((op) => ({ ...op, group })) : ops;
    this.queryClient.setQueryData<TableOrder>(key, (order) =>
      order ? applyOps(order, queued) : order,
    );
    if (this.unwritten.length === 0) afterNextPaint(this.flush);
    this.unwritten.push(...queued.map((op) => ({ tableId, op })));
    // Published (the screens' "Not sent yet") with the write, after the tap's frame.
    this.queues.set(tableId, [...this.queued(tableId), ...queued]);
  }

  /**
   * Writes the taps made since the last write to the device, publishes them and starts their
   * tables' sending: after a tap's frame, or at once when the page is hidden or closed.
   */
  private readonly flush = () => {
    if (this.unwritten.length === 0) return;
    const tables = new Set(this.unwritten.map(({ tableId }) => tableId));
    this.write();
    this.publish();
    for (const tableId of tables) void this.drain(tableId);
  };

  private readonly flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') this.flush();
  };

  /**
   * Asks for the writes of the taps not written yet (of one table, or all), in the order they
   * were made: tap-store.ts does them in that order, before any later change of them.
   */
  private write(ofTable?: string) {
    const now = this.unwritten.filter(
      ({ tableId }) => ofTable === undefined || tableId === ofTable,
    );
    if (now.length === 0) return;
    this.unwritten = this.unwritten.filter((tap) => !now.includes(tap));
    for (const { tableId, op } of now) void tapStore.put(this.stored(tableId, op));
  }

  private stored(tableId: string, op: PendingOp): StoredTap {
    return {
      ...op,
      tableId,
      branchId: this.branchId,
      tabId: THIS_TAB,
      madeAt: op.madeAt ?? Date.now(),
    };
  }

  private setQueue(tableId: string, queue: PendingOp[]) {
    if (queue.length > 0) this.queues.set(tableId, queue);
    else this.queues.delete(tableId);
    this.publish();
  }

  private setUnreachable(unreachable: boolean) {
    if (this.unreachable === unreachable) return;
    this.unreachable = unreachable;
    this.publish();
  }

  private publish() {
    this.state = { offline: this.unreachable, unsent: new Map(this.queues) };
    this.notify();
  }

  /** Ends every wait before a new try at once (the browser is back online, or the outbox stops). */
  private readonly wake = () => {
    const sleepers = this.sleepers;
    this.sleepers = new Set();
    sleepers.forEach((resolve) => resolve());
  };

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Sends one change until the server answers it; throws its refusal, or `Stopped`. */
  private async send(tableId: string, op: PendingOp): Promise<TableOrder> {
    const body = lineChangeBody(op);
    for (let attempt = 0; ; attempt += 1) {
      if (!this.active) throw new Stopped();
      try {
        const answer = await postLine(tableId, body);
        this.setUnreachable(false);
        return answer;
      } catch (error) {
        if (signedOut(error)) throw new Stopped();
        if (!unanswered(error)) {
          this.setUnreachable(false);
          throw error;
        }
        if (error instanceof ApiError && error.status === 0) this.setUnreachable(true);
        await this.sleep(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!);
      }
    }
  }

  private async drain(tableId: string) {
    if (this.draining.has(tableId)) return;
    this.draining.add(tableId);
    const key = tableKeys.order(tableId);
    try {
      while (this.active && this.queued(tableId).length > 0) {
        // A tap made while the last one was on its way: written before it may be sent.
        this.write(tableId);
        const { op, merged, rest } = takeNextOp(this.queued(tableId));
        if (!op) {
          this.setQueue(tableId, rest);
          await Promise.all(merged.map((tap) => tapStore.remove(tap.opId)));
          continue;
        }
        const sending: PendingOp = { ...op, sent: true };
        this.setQueue(tableId, [sending, ...rest]);
        // Written before it leaves: from now on it may reach the server, so it is kept as is.
        const mine = await tapStore.replace(
          this.stored(tableId, sending),
          merged.map((tap) => tap.opId),
        );
        if (mine === false) {
          // Another tab took these taps over (it found this one silent): it sends them.
          this.setQueue(tableId, this.queued(tableId).slice(1));
          continue;
        }
        try {
          const answer = await this.send(tableId, sending);
          this.setQueue(tableId, this.queued(tableId).slice(1));
          void tapStore.remove(sending.opId);
          await this.queryClient.cancelQueries({ queryKey: key });
          this.queryClient.setQueryData<TableOrder>(key, applyOps(answer, this.queued(tableId)));
        } catch (error) {
          if (error instanceof Stopped) return;
          // The changes made with it (a note moved) go with it: the line stays as it was.
          const dropped = this.queued(tableId).filter(
            (tap, index) =>
              index === 0 || (sending.group !== undefined && tap.group === sending.group),
          );
          this.setQueue(
            tableId,
            this.queued(tableId).filter((tap) => !dropped.includes(tap)),
          );
          dropped.forEach((tap) => void tapStore.remove(tap.opId));
          // A take-off below what the kitchen was sent: the order screen offers the void.
          const voidAsked =
            error instanceof ApiError &&
            error.code === 'tables.void_required' &&
            requestVoid(tableId, keyOfProduct(sending.product));
          if (!voidAsked) notifyActionFailure(error, TABLE_TEXT.lineNotSaved);
          // Sold out meanwhile: the menu greys it out.
          if (error instanceof ApiError && error.status === 409) {
            void this.queryClient.invalidateQueries({ queryKey: tableKeys.menu });
          }
          await this.queryClient.invalidateQueries({ queryKey: key });
        }
      }
    } finally {
      this.draining.delete(tableId);
      if (this.queued(tableId).length === 0) {
        this.waiting.get(tableId)?.forEach((resolve) => resolve());
        this.waiting.delete(tableId);
      }
      void this.queryClient.invalidateQueries({ queryKey: tableKeys.list });
    }
  }

  /**
   * Takes over the branch's taps left on the device by a tab that is gone (closed, crashed, or
   * this tab before a sign-out): they join their tables' queues in the order they were made and
   * are sent as they were. Taps too old to send safely are dropped, and the app says so. This
   * tab's own taps are taken only when the outbox starts (`atStart`): later, one missing from
   * memory is one being merged or answered, whose stored copy is about to change.
   */
  private async adopt(atStart: boolean) {
    const left = await tapStore.ofBranch(this.branchId);
    if (!left || !this.active) return;
    const known = new Set([...this.queues.values()].flat().map((op) => op.opId));
    const orphans: StoredTap[] = [];
    for (const tap of left) {
      if (known.has(tap.opId)) continue;
      if (tap.tabId === THIS_TAB ? !atStart : await isLiveTab(tap.tabId)) continue;
      orphans.push(tap);
    }
    if (!this.active || orphans.length === 0) return;
    const stale = orphans.filter((tap) => Date.now() - tap.madeAt > STALE_TAP_MS);
    const fresh = orphans.filter((tap) => !stale.includes(tap));
    await Promise.all(stale.map((tap) => tapStore.remove(tap.opId)));
    if (stale.length > 0) notifyFailure(TABLE_TEXT.staleTapsDropped(stale.length));
    const tables = new Set<string>();
    for (const tap of fresh) {
      const { tableId, opId, product, delta, madeAt, group } = tap;
      void tapStore.put({ ...tap, tabId: THIS_TAB, sent: true });
      const op: PendingOp = { opId, product, delta, madeAt, sent: true, group };
      const [head, ...others] = this.queued(tableId);
      // The head may be on its way: it stays first; the rest keeps the order taps were made.
      const inFlight = head && this.draining.has(tableId) ? [head] : [];
      const queue = [...(inFlight.length ? others : this.queued(tableId)), op].sort(byOpId);
      this.setQueue(tableId, [...inFlight, ...queue]);
      tables.add(tableId);
    }
    for (const tableId of tables) {
      const key = tableKeys.order(tableId);
      this.queryClient.setQueryData<TableOrder>(key, (order) =>
        order
          ? applyOps(
              order,
              fresh.filter((tap) => tap.tableId === tableId),
            )
          : order,
      );
      void this.drain(tableId);
    }
  }
}

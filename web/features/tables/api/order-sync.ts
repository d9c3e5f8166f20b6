import type { QueryClient } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import type { LineChange, TableOrder } from '../../../../shared/schemas/tables.schemas';
import { ApiError, api } from '../../../lib/api';
import { notifyActionFailure, notifyFailure } from '../../../lib/form-feedback';
import { applyDelta, applyOps, takeNextOp, type LineProduct, type PendingOp } from '../order-lines';
import { TABLE_TEXT } from '../table-text';
import { tableKeys } from './keys';

/**
 * Saving the taps on a table's order, one line change per request, exactly once:
 * - each tap shows at once (the cached order is changed before anything is sent);
 * - taps wait in a queue per table and go one request at a time, so every answer holds all the
 *   changes sent before it: the cache becomes that answer with the taps still queued on top;
 * - a request that did not reach the server is sent again with the SAME opId (backoff), so
 *   it is applied once however often it is retried;
 * - a refused change (a product no longer on sale, ...) is dropped with a short message and the
 *   order is reloaded from the server.
 * The queues live outside the screens: leaving the table does not lose taps on their way.
 */

/** Waits before each retry of a request that did not reach the server. */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000];
/** Answers worth retrying: no answer at all, or a gateway/overload between us and the server. */
const retryable = (error: unknown) =>
  error instanceof ApiError && [0, 502, 503, 504].includes(error.status);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const postLine = (tableId: string, body: LineChange) =>
  api<TableOrder>(`/tables/${encodeURIComponent(tableId)}/lines`, { method: 'POST', body });

async function sendWithRetry(tableId: string, op: PendingOp): Promise<TableOrder> {
  const body = { opId: op.opId, productId: op.product.productId, delta: op.delta };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await postLine(tableId, body);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!retryable(error) || delay === undefined) throw error;
      await sleep(delay);
    }
  }
}

class TableOrderSync {
  private queue: PendingOp[] = [];
  private sending = false;
  private waiting: (() => void)[] = [];

  constructor(
    private readonly queryClient: QueryClient,
    private readonly tableId: string,
  ) {}

  /** The taps not sent yet, to lay over an order read from the server. */
  get queued(): readonly PendingOp[] {
    return this.queue;
  }

  /** Resolves once every tap made so far has been answered by the server. */
  saved(): Promise<void> {
    if (!this.sending && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  change(product: LineProduct, delta: number) {
    const key = tableKeys.order(this.tableId);
    // A read on its way would overwrite the tap with an older order.
    void this.queryClient.cancelQueries({ queryKey: key });
    this.queryClient.setQueryData<TableOrder>(key, (order) =>
      order ? applyDelta(order, product, delta) : order,
    );
    this.queue.push({ opId: uuidv7(), product, delta });
    void this.drain();
  }

  private async drain() {
    if (this.sending) return;
    this.sending = true;
    const key = tableKeys.order(this.tableId);
    while (this.queue.length > 0) {
      const { op, rest } = takeNextOp(this.queue);
      this.queue = rest;
      if (!op) continue;
      try {
        const answer = await sendWithRetry(this.tableId, op);
        await this.queryClient.cancelQueries({ queryKey: key });
        this.queryClient.setQueryData<TableOrder>(key, applyOps(answer, this.queue));
      } catch (error) {
        if (retryable(error)) {
          // Still no connection after the retries: what is queued would fail the same way.
          this.queue = [];
          notifyFailure(TABLE_TEXT.lineNotSaved, TABLE_TEXT.lineOffline);
        } else {
          notifyActionFailure(error, TABLE_TEXT.lineNotSaved);
        }
        await this.queryClient.invalidateQueries({ queryKey: key });
      }
    }
    this.sending = false;
    this.waiting.splice(0).forEach((resolve) => resolve());
    void this.queryClient.invalidateQueries({ queryKey: tableKeys.list });
  }
}

const syncs = new WeakMap<QueryClient, Map<string, TableOrderSync>>();

function syncOf(queryClient: QueryClient, tableId: string): TableOrderSync {
  let byTable = syncs.get(queryClient);
  if (!byTable) syncs.set(queryClient, (byTable = new Map()));
  let sync = byTable.get(tableId);
  if (!sync) byTable.set(tableId, (sync = new TableOrderSync(queryClient, tableId)));
  return sync;
}

/** One tap on a table's order: shown at once, saved exactly once. */
export function changeLine(
  queryClient: QueryClient,
  tableId: string,
  product: LineProduct,
  delta: number,
) {
  syncOf(queryClient, tableId).change(product, delta);
}

/** The taps on this table not sent yet (laid over an order read from the server). */
export function queuedOps(queryClient: QueryClient, tableId: string): readonly PendingOp[] {
  return syncs.get(queryClient)?.get(tableId)?.queued ?? [];
}

/**
 * Resolves once every tap on this table has reached the server (or was refused), so a payment
 * made right after a tap bills that tap too instead of leaving it to land on the emptied table.
 */
export function tableOrderSaved(queryClient: QueryClient, tableId: string): Promise<void> {
  return syncs.get(queryClient)?.get(tableId)?.saved() ?? Promise.resolve();
}

import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { can } from '../../../../shared/permissions';
import type { Session } from '../../../../shared/schemas/auth.schemas';
import type { TableList, TableOrder } from '../../../../shared/schemas/tables.schemas';
import type { LineProduct, PendingOp } from '../order-lines';
import { tableKeys } from './keys';
import { keepTabAlive } from './tab-liveness';
import {
  EMPTY_OUTBOX,
  TapOutbox,
  outboxRoom,
  type LineDelta,
  type OutboxState,
} from './tap-outbox';

/*
 * The one outbox of taps of the signed-in branch (tap-outbox.ts, docs/counter.md "Taps (web)"),
 * and what the screens call of it: a tap (`changeLine`), the taps not sent yet, a table's order
 * saved before its payment, the outbox's state for the screens.
 */

let outbox: TapOutbox | null = null;
const listeners = new Set<() => void>();
const notifyAll = () => listeners.forEach((listener) => listener());

/**
 * Starts the outbox for the signed-in branch (mounted by the branch area's layout) and returns
 * its stop: taps not answered by then stay on the device for the next start. Exported for the
 * unit tests (order-sync.test.ts), which start it without React.
 */
export function startTapOutbox(queryClient: QueryClient, branchId: string): () => void {
  outbox?.stop();
  keepTabAlive();
  const started = new TapOutbox(queryClient, branchId, notifyAll);
  outbox = started;
  notifyAll();
  return () => {
    started.stop();
    if (outbox === started) outbox = null;
    notifyAll();
  };
}

/**
 * Mounted once in the branch area's layout: the outbox runs while a user who works at the tables
 * is signed in (`session` undefined outside the branch area), and stops when they sign out.
 */
export function useTapOutboxOf(session: Session | undefined) {
  const queryClient = useQueryClient();
  const branchId =
    session && can(session.user.role, 'tables.use') ? (session.branch?.id ?? null) : null;
  useEffect(
    () => (branchId ? startTapOutbox(queryClient, branchId) : undefined),
    [queryClient, branchId],
  );
}

/** One tap on a table's order: shown at once, kept on the device, saved exactly once. */
export function changeLine(tableId: string, product: LineProduct, delta: number) {
  outbox?.change(tableId, [{ product, delta }]);
}

/**
 * Changes of several lines made as one (a line's note changed: its quantity moves to the line
 * with the new note), sent in turn; a refusal of one drops the rest, so nothing is lost halfway.
 */
export function changeLines(tableId: string, changes: readonly LineDelta[]) {
  outbox?.change(tableId, changes);
}

/** Whether any tap on this device is not answered yet (an idle sign-out waits for them). */
export function hasUnsentTaps(): boolean {
  return outbox?.holdsTaps ?? false;
}

/** The taps on this table not answered yet (laid over an order read from the server). */
export function queuedOps(tableId: string): readonly PendingOp[] {
  return outbox?.queued(tableId) ?? [];
}

/**
 * Resolves once every tap on this table has reached the server (or was refused), so a payment
 * made right after a tap bills that tap too instead of leaving it to land on the emptied table.
 */
export function tableOrderSaved(tableId: string): Promise<void> {
  return outbox?.saved(tableId) ?? Promise.resolve();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

let lastOffline = false;
let lastState: OutboxState = EMPTY_OUTBOX;
let lastSnapshot: OutboxState = EMPTY_OUTBOX;
const snapshot = (): OutboxState => {
  const state = outbox?.snapshot ?? EMPTY_OUTBOX;
  const offline = state.offline || !navigator.onLine;
  if (state !== lastState || offline !== lastOffline) {
    lastState = state;
    lastOffline = offline;
    lastSnapshot = { ...state, offline };
  }
  return lastSnapshot;
};

/** The outbox as the screens show it: offline or not, and the taps not sent yet per table. */
export function useTapOutbox(): OutboxState {
  return useSyncExternalStore(subscribe, snapshot);
}

/** How many taps are not sent yet, and the labels of their tables (as this device knows them). */
export function unsentSummary(queryClient: QueryClient, state: OutboxState) {
  const tableIds = [...state.unsent.keys()];
  const { count } = outboxRoom(state);
  const labels = tableIds.map(
    (tableId) =>
      queryClient.getQueryData<TableOrder>(tableKeys.order(tableId))?.label ??
      queryClient
        .getQueryData<TableList>(tableKeys.list)
        ?.items.find((table) => table.id === tableId)?.label ??
      'a table',
  );
  return { count, labels };
}

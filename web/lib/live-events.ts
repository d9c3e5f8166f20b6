import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { can } from '../../shared/permissions';
import type { Session } from '../../shared/schemas/auth.schemas';
import { BRANCH_EVENT_TYPES, EVENTS_RETRY_MS, isBranchEventType } from '../../shared/events';
import type { BranchEvent, BranchEventType } from '../../shared/schemas/events.schemas';
import { fetchSession, sessionQueryKey } from './session';

/**
 * Live updates between the devices of a branch: one EventSource on /api/events for the
 * signed-in branch user, and a registry through which each feature says which of its queries
 * an event makes stale (`onBranchEvent('table.changed', (e) => [tableKeys.order(e.tableId)])`).
 * A reconnect refetches everything shown (events may have been missed while away); a session
 * that ended closes the stream.
 */

type KeysOf<T extends BranchEventType> = (
  event: Extract<BranchEvent, { type: T }>,
  /** For a feature that also tells the user (the kitchen's "ready", for its sender). */
  queryClient: QueryClient,
) => QueryKey[];

const registry = new Map<
  BranchEventType,
  Set<(event: BranchEvent, queryClient: QueryClient) => QueryKey[]>
>();

/**
 * Registers the query keys an event type makes stale; called once by a feature's module (its
 * api keys file). Returns the unregister function (for tests).
 */
export function onBranchEvent<T extends BranchEventType>(type: T, keys: KeysOf<T>): () => void {
  const set = registry.get(type) ?? new Set();
  registry.set(type, set);
  // The registry holds an event of `type` only under `type`.
  const entry = (event: BranchEvent, queryClient: QueryClient) =>
    keys(event as Extract<BranchEvent, { type: T }>, queryClient);
  set.add(entry);
  return () => set.delete(entry);
}

/** Marks stale every query the event touches; shown queries refetch at once. */
export function applyBranchEvent(queryClient: QueryClient, event: BranchEvent) {
  for (const keysOf of registry.get(event.type) ?? []) {
    for (const queryKey of keysOf(event, queryClient)) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }
}

/** Everything but the session: what a device refetches after it missed events. */
function invalidateBranchQueries(queryClient: QueryClient) {
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
  });
}

/**
 * The event in a message's `data`, or null when it is not JSON or not of a type this app knows
 * (a newer server's). Only the type is checked, not the fields (the server checks every event
 * against `branchEventSchema` before it sends it): the schema would bring zod into the first
 * load of every signed-in screen.
 */
export function branchEventOf(data: string): BranchEvent | null {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof event !== 'object' || event === null) return null;
  return isBranchEventType((event as { type?: unknown }).type) ? (event as BranchEvent) : null;
}

const RETRY_MIN_MS = EVENTS_RETRY_MS;
const RETRY_MAX_MS = 30_000;

/**
 * The stream as a screen may show it: 'open' (events arrive), 'connecting' (lost, trying again:
 * what is shown may be stale), 'off' (no stream: not signed in at a branch, or no EventSource).
 */
export type LiveStatus = 'open' | 'connecting' | 'off';

let liveStatus: LiveStatus = 'off';
const statusListeners = new Set<() => void>();
function setLiveStatus(status: LiveStatus) {
  if (status === liveStatus) return;
  liveStatus = status;
  statusListeners.forEach((listener) => listener());
}

/** The live stream's state (the kitchen display hides its tickets while it is not 'open'). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => liveStatus,
  );
}

/**
 * Mounted once in the branch area's layout. `session` is the signed-in user (undefined outside
 * the branch area); the stream opens only for users who work at the tables or the kitchen
 * display.
 */
export function useBranchEvents(session: Session | undefined) {
  const queryClient = useQueryClient();
  const enabled = Boolean(
    session && (can(session.user.role, 'tables.use') || can(session.user.role, 'kitchen.display')),
  );

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let retryMs = RETRY_MIN_MS;
    let missedEvents = false;
    let stopped = false;

    const open = () => {
      setLiveStatus('connecting');
      source = new EventSource('/api/events', { withCredentials: true });
      source.onopen = () => {
        setLiveStatus('open');
        retryMs = RETRY_MIN_MS;
        if (missedEvents) invalidateBranchQueries(queryClient);
        missedEvents = false;
      };
      // Each message's `event:` is its type and its `data` the event as JSON.
      const onEvent = (message: MessageEvent<string>) => {
        const event = branchEventOf(message.data);
        if (event) applyBranchEvent(queryClient, event);
      };
      for (const type of BRANCH_EVENT_TYPES) source.addEventListener(type, onEvent);
      source.onerror = () => {
        missedEvents = true;
        setLiveStatus('connecting');
        // CONNECTING: the browser reconnects by itself (a network drop, a server restart).
        if (source?.readyState !== EventSource.CLOSED) return;
        // CLOSED: the server refused the stream (a 401 when the session ended, a 403 when the
        // plan or account no longer allows work, a 5xx). The stream cannot read why; the session
        // check can: the server kept a refused session for it, and its message goes to the login
        // screen.
        source = null;
        void fetchSession()
          .catch(() => undefined)
          .then((current) => {
            if (stopped) return;
            if (current === null) {
              queryClient.setQueryData(sessionQueryKey, null);
              return;
            }
            retryTimer = window.setTimeout(open, retryMs);
            retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          });
      };
    };

    open();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      source?.close();
      setLiveStatus('off');
    };
  }, [enabled, queryClient]);
}

import { useEffect } from 'react';

/**
 * A take-off tap the server refused because the kitchen was sent the item (409
 * tables.void_required): the outbox (api/order-sync.ts) asks the order screen of that table to
 * open the void dialog for the line, instead of only saying no.
 */
type Listener = (lineKey: string) => void;
const listeners = new Map<string, Set<Listener>>();

/** Asks the open order screen of `tableId` (if any) to void the line; false when none listens. */
export function requestVoid(tableId: string, lineKey: string): boolean {
  const mine = listeners.get(tableId);
  mine?.forEach((listener) => listener(lineKey));
  return Boolean(mine?.size);
}

/** The order screen of `tableId` opens the void dialog when a take-off needs one. */
export function useVoidRequests(tableId: string, onRequest: Listener) {
  useEffect(() => {
    const mine = listeners.get(tableId) ?? new Set<Listener>();
    listeners.set(tableId, mine);
    mine.add(onRequest);
    return () => {
      mine.delete(onRequest);
      if (mine.size === 0) listeners.delete(tableId);
    };
  }, [tableId, onRequest]);
}

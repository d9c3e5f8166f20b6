import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';
import { applyOps } from '../order-lines';
import { afterNextPaint } from './after-paint';
import { tableKeys } from './keys';
import { queuedOps } from './order-sync';

export const tableOrderQueryOptions = (tableId: string) =>
  queryOptions({
    queryKey: tableKeys.order(tableId),
    queryFn: async ({ signal }) => {
      const order = await api<TableOrder>(`/tables/${encodeURIComponent(tableId)}/order`, {
        signal,
      });
      // Taps not answered yet are not in it (or not all of them): keep showing them.
      return applyOps(order, queuedOps(tableId));
    },
  });

/**
 * A table's open order, as the device shows it (taps on their way included): the query
 * (fetching, errors, retries). The screen reads its data by the hooks below, which say when.
 */
export function useTableOrder(tableId: string) {
  return useQuery(tableOrderQueryOptions(tableId));
}

/**
 * The table's order in the query cache as it is now, and a subscription to its changes: told at
 * once, a tap's own change (api/order-sync.ts `setQueryData`) is drawn in the tap's event
 * (TanStack Query's hooks tell React a task later, by its notifyManager); or told once the frame
 * being made is painted (after-paint.ts), but at once of the order's first reading (the screen
 * waits for it).
 */
function useOrderInCache(tableId: string, when: 'at once' | 'after the paint') {
  const queryClient = useQueryClient();
  const hash = hashKey(tableKeys.order(tableId));
  const read = useCallback(
    () => queryClient.getQueryCache().get<TableOrder, Error, TableOrder>(hash)?.state.data,
    [queryClient, hash],
  );
  const subscribe = useCallback(
    (changed: () => void) => {
      let known = read() !== undefined;
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash !== hash) return;
        if (when === 'after the paint' && known) afterNextPaint(changed);
        else changed();
        known = read() !== undefined;
      });
    },
    [queryClient, hash, when, read],
  );
  return { subscribe, read };
}

/**
 * The order as the query cache holds it, told of each change at once: what a tap changes and
 * must draw in its own frame (issue 32, item 4), the order's lines.
 */
export function useTableOrderNow(tableId: string): TableOrder | undefined {
  const { subscribe, read } = useOrderInCache(tableId, 'at once');
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The order as the query cache holds it, told of a change once the frame being made is
 * painted (after-paint.ts): the rest of the order screen (header, totals, kitchen, dialogs)
 * follows a tap's frame instead of making it longer.
 */
export function useTableOrderShown(tableId: string): TableOrder | undefined {
  const { subscribe, read } = useOrderInCache(tableId, 'after the paint');
  return useSyncExternalStore(subscribe, read, read);
}

/** Items of each product on an order (all its lines), worked out once per order. */
const quantitiesOfOrder = new WeakMap<TableOrder, ReadonlyMap<string, number>>();

function quantitiesOf(order: TableOrder): ReadonlyMap<string, number> {
  let counts = quantitiesOfOrder.get(order);
  if (!counts) {
    const summed = new Map<string, number>();
    for (const line of order.lines) {
      summed.set(line.productId, (summed.get(line.productId) ?? 0) + line.quantity);
    }
    quantitiesOfOrder.set(order, summed);
    counts = summed;
  }
  return counts;
}

/**
 * Items of a product on the table's order (all its lines), told of each change at once: a tap
 * on a product card draws that card, and no other, in the tap's own frame.
 */
export function useProductQuantity(tableId: string, productId: string): number {
  const { subscribe, read } = useOrderInCache(tableId, 'at once');
  const quantity = () => {
    const order = read();
    return order ? (quantitiesOf(order).get(productId) ?? 0) : 0;
  };
  return useSyncExternalStore(subscribe, quantity, quantity);
}

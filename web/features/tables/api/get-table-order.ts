import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';
import { applyOps } from '../order-lines';
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

/** A table's open order, as the device shows it (taps on their way included). */
export function useTableOrder(tableId: string) {
  return useQuery(tableOrderQueryOptions(tableId));
}

/**
 * The order as the query cache holds it now, told of each change at once: a tap's own change
 * (api/order-sync.ts `setQueryData`) is drawn in the tap's event. `useTableOrder` tells React a
 * task later (TanStack Query's notifyManager), a frame lost on a phone (issue 32, item 4); it
 * stays the query's owner (fetching, errors, retries), the screen reads the data from here.
 */
export function useTableOrderNow(tableId: string): TableOrder | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (changed: () => void) => {
      const hash = hashKey(tableKeys.order(tableId));
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) changed();
      });
    },
    [queryClient, tableId],
  );
  const read = () => queryClient.getQueryData<TableOrder>(tableKeys.order(tableId));
  return useSyncExternalStore(subscribe, read, read);
}

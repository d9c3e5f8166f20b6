import { queryOptions, useQuery } from '@tanstack/react-query';
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

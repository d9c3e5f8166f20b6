import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';
import { applyOps } from '../order-lines';
import { tableKeys } from './keys';
import { queuedOps } from './order-sync';

export const tableOrderQueryOptions = (queryClient: QueryClient, tableId: string) =>
  queryOptions({
    queryKey: tableKeys.order(tableId),
    queryFn: async ({ signal }) => {
      const order = await api<TableOrder>(`/tables/${encodeURIComponent(tableId)}/order`, {
        signal,
      });
      // Taps made while this was read are not in it yet: keep showing them.
      return applyOps(order, queuedOps(queryClient, tableId));
    },
  });

/** A table's open order, as the device shows it (taps on their way included). */
export function useTableOrder(tableId: string) {
  const queryClient = useQueryClient();
  return useQuery(tableOrderQueryOptions(queryClient, tableId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';

/**
 * The table's open order, under the same key the tables feature reads it by, so the modal shows
 * what the order screen shows and follows the live events that invalidate it.
 */
export const tableOrderQueryKey = (tableId: string) => ['tables', tableId, 'order'] as const;

export const tableOrderQueryOptions = (tableId: string) =>
  queryOptions({
    queryKey: tableOrderQueryKey(tableId),
    queryFn: ({ signal }) =>
      api<TableOrder>(`/tables/${encodeURIComponent(tableId)}/order`, { signal }),
  });

export function useTableOrder(tableId: string) {
  return useQuery(tableOrderQueryOptions(tableId));
}

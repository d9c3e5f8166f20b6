import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryHistory } from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { inventoryQueryKey } from './get-inventory';

export const fetchInventoryHistory = (id: string, signal?: AbortSignal) =>
  api<InventoryHistory>(`/inventory/${encodeURIComponent(id)}/history`, { signal });

export const inventoryHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...inventoryQueryKey, 'history', id],
    queryFn: ({ signal }) => fetchInventoryHistory(id, signal),
  });

/** An item's movements, newest first; loaded when its row is expanded. */
export function useInventoryHistory(id: string) {
  return useQuery(inventoryHistoryQueryOptions(id));
}

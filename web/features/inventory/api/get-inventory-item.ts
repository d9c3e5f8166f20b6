import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { inventoryQueryKey } from './get-inventory';

export const fetchInventoryItem = (id: string, signal?: AbortSignal) =>
  api<InventoryItem>(`/inventory/${encodeURIComponent(id)}`, { signal });

export const inventoryItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...inventoryQueryKey, 'item', id],
    queryFn: ({ signal }) => fetchInventoryItem(id, signal),
  });

/** One item, for its edit form. */
export function useInventoryItem(id: string) {
  return useQuery(inventoryItemQueryOptions(id));
}

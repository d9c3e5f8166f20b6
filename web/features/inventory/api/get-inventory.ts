import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  InventoryList,
  InventoryListQuery,
} from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';

/**
 * Everything read from inventory (lists, items, histories, categories): every inventory or
 * stock change invalidates it all.
 */
export const inventoryQueryKey = ['inventory'] as const;

export const fetchInventory = (filters: InventoryListQuery, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (filters.category) query.set('category', filters.category);
  if (filters.name) query.set('name', filters.name);
  const search = query.toString();
  return api<InventoryList>(search ? `/inventory?${search}` : '/inventory', { signal });
};

export const inventoryQueryOptions = (filters: InventoryListQuery) =>
  queryOptions({
    queryKey: [...inventoryQueryKey, 'list', filters],
    queryFn: ({ signal }) => fetchInventory(filters, signal),
    // While a new filter loads, the previous rows stay instead of a blank table.
    placeholderData: keepPreviousData,
  });

/** The dashboard's items, count, low-stock count and total value, after the filters. */
export function useInventory(filters: InventoryListQuery) {
  return useQuery(inventoryQueryOptions(filters));
}

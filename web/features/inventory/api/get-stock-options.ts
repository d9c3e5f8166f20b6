import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockOptions } from '../../../../shared/schemas/vendors.schemas';
import { api } from '../../../lib/api';

/** What the Add Stock form offers; a stock or inventory change makes it stale. */
export const stockOptionsQueryKey = ['stock', 'options'] as const;

export const fetchStockOptions = (signal?: AbortSignal) =>
  api<StockOptions>('/stock/options', { signal });

export const stockOptionsQueryOptions = queryOptions({
  queryKey: stockOptionsQueryKey,
  queryFn: ({ signal }) => fetchStockOptions(signal),
  // Vendors are added and quantities sold on other screens and devices: fetched on each visit.
  staleTime: 0,
});

/** Live vendors with their categories and supplied items (current quantity and unit). */
export function useStockOptions() {
  return useQuery(stockOptionsQueryOptions);
}

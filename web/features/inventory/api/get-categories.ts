import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Categories } from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { inventoryQueryKey } from './get-inventory';

export const fetchCategories = (prefix: string, signal?: AbortSignal) =>
  api<Categories>(
    prefix ? `/inventory/categories?prefix=${encodeURIComponent(prefix)}` : '/inventory/categories',
    { signal },
  );

export const categoriesQueryOptions = (prefix: string) =>
  queryOptions({
    queryKey: [...inventoryQueryKey, 'categories', prefix],
    queryFn: ({ signal }) => fetchCategories(prefix, signal),
    placeholderData: keepPreviousData,
  });

/** The branch's ingredient categories starting with `prefix` (any case); all of them for ''. */
export function useCategories(prefix: string) {
  return useQuery(categoriesQueryOptions(prefix));
}

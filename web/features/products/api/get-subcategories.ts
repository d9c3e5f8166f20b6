import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Subcategories } from '../../../../shared/schemas/products.schemas';
import { api } from '../../../lib/api';
import { productsQueryKey } from './keys';

export const subcategoriesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'subcategories', search],
    queryFn: ({ signal }) =>
      api<Subcategories>(
        search
          ? `/products/subcategories?search=${encodeURIComponent(search)}`
          : '/products/subcategories',
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** The branch's subcategories containing `search` (any case); all of them for ''. */
export function useSubcategories(search: string) {
  return useQuery(subcategoriesQueryOptions(search));
}

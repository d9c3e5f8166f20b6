import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Menu } from '../../../../shared/schemas/products.schemas';
import { api } from '../../../lib/api';
import { tableKeys } from './keys';

export const menuQueryOptions = () =>
  queryOptions({
    queryKey: tableKeys.menu,
    queryFn: ({ signal }) => api<Menu>('/products/menu', { signal }),
    staleTime: 60_000,
  });

/** The products on sale, to order from (no costs: staff see it too). */
export function useMenu() {
  return useQuery(menuQueryOptions());
}

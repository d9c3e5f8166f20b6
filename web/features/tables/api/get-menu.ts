import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Menu } from '../../../../shared/schemas/products.schemas';
import { api } from '../../../lib/api';
import { tableKeys } from './keys';

export const menuQueryOptions = () =>
  queryOptions({
    queryKey: tableKeys.menu,
    queryFn: ({ signal }) => api<Menu>('/products/menu', { signal }),
    // `menu.changed` (keys.ts) refetches it on every device when anything of the menu changes.
    staleTime: 60_000,
  });

/**
 * The products on sale, to order from (no costs: staff see it too), in the branch's menu order,
 * with their variants, add-on groups, sold-out state and the branch's quick notes.
 */
export function useMenu() {
  return useQuery(menuQueryOptions());
}

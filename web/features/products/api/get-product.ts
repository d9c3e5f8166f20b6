import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../shared/schemas/products.schemas';
import { api } from '../../../lib/api';
import { productsQueryKey } from './keys';

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'one', id],
    queryFn: ({ signal }) => api<Product>(`/products/${encodeURIComponent(id)}`, { signal }),
  });

/** One product with its recipe. */
export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}

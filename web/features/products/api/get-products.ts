import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '../../../../shared/schemas/products.schemas';
import { api } from '../../../lib/api';
import { productsQueryKey } from './keys';

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: [...productsQueryKey, 'list'],
    queryFn: ({ signal }) => api<ProductList>('/products', { signal }),
  });

/** The Product List: products on sale with their food cost and margin. */
export function useProducts() {
  return useQuery(productsQueryOptions());
}

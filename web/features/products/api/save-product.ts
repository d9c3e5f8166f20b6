import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Product,
  ProductBody,
  ProductTaxBody,
  ProductTaxResult,
} from '../../../../shared/schemas/products.schemas';
import { api } from '../../../lib/api';
import { productsQueryKey } from './keys';

export const createProduct = (body: ProductBody) =>
  api<Product>('/products', { method: 'POST', body });

export const updateProduct = ({ id, body }: { id: string; body: ProductBody }) =>
  api<Product>(`/products/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const archiveProduct = (id: string) =>
  api<{ ok: true }>(`/products/${encodeURIComponent(id)}`, { method: 'DELETE' });

function useProductMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}

export const useCreateProduct = () => useProductMutation(createProduct);
export const useUpdateProduct = () => useProductMutation(updateProduct);
export const useArchiveProduct = () => useProductMutation(archiveProduct);

export const setProductsTax = (body: ProductTaxBody) =>
  api<ProductTaxResult>('/products/tax', { method: 'PATCH', body });

export const useSetProductsTax = () => useProductMutation(setProductsTax);

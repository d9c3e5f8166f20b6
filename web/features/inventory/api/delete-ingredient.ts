import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateStockViews } from './invalidate';

export const deleteIngredient = (id: string) =>
  api<{ ok: true }>(`/inventory/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Refused (409) while a product's recipe uses the item: the server's message names them. */
export function useDeleteIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIngredient,
    onSuccess: () => invalidateStockViews(queryClient),
  });
}

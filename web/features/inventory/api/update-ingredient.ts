import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InventoryItem,
  UpdateIngredientBody,
} from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { invalidateStockViews } from './invalidate';

export const updateIngredient = ({ id, body }: { id: string; body: UpdateIngredientBody }) =>
  api<InventoryItem>(`/inventory/${encodeURIComponent(id)}`, { method: 'PUT', body });

export function useUpdateIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIngredient,
    // Also after a refusal: a 409 (the quantity moved since the form opened) shows the current
    // quantity, and the next save is checked against it.
    onSettled: () => invalidateStockViews(queryClient),
  });
}

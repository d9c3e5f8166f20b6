import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateIngredientBody,
  InventoryItem,
} from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { invalidateStockViews } from './invalidate';

export const createIngredient = (body: CreateIngredientBody) =>
  api<InventoryItem>('/inventory', { method: 'POST', body });

export function useCreateIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIngredient,
    onSuccess: () => invalidateStockViews(queryClient),
  });
}

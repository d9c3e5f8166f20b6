import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { invalidateStockViews } from './invalidate';

export const reverseStockEntry = ({ itemId, movementId }: { itemId: string; movementId: string }) =>
  api<InventoryItem>(
    `/inventory/${encodeURIComponent(itemId)}/history/${encodeURIComponent(movementId)}/reversal`,
    { method: 'POST', body: {} },
  );

/** Takes a stock entry back (once): the item, its history and the stock form are stale. */
export function useReverseStockEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseStockEntry,
    onSettled: () => invalidateStockViews(queryClient),
  });
}

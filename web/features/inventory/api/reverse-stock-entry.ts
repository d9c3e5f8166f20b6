import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { INVENTORY_TEXT } from '../inventory-text';
import { invalidateStockViews } from './invalidate';

interface Reversal {
  itemId: string;
  movementId: string;
  /** What the toasts name: the quantity taken back and the item. */
  quantity: string;
  itemName: string;
}

export const reverseStockEntry = ({ itemId, movementId }: Reversal) =>
  api<InventoryItem>(
    `/inventory/${encodeURIComponent(itemId)}/history/${encodeURIComponent(movementId)}/reversal`,
    { method: 'POST', body: {} },
  );

/**
 * Takes a stock entry back (once): the item, its history and the stock form are stale. The toasts
 * are the mutation's own, not the button's: the live update of the reversal can redraw the
 * history (and take the entry's Reverse button away) before the answer arrives, and a callback
 * given to `mutate` is dropped when its component goes.
 */
export function useReverseStockEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseStockEntry,
    onSuccess: (_item, { quantity, itemName }) =>
      notifySuccess(INVENTORY_TEXT.reversed(quantity, itemName)),
    onError: (error) => notifyActionFailure(error, INVENTORY_TEXT.reverseFailed),
    onSettled: () => invalidateStockViews(queryClient),
  });
}

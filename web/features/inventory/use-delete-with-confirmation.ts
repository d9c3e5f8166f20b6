import type { InventoryItem } from '../../../shared/schemas/inventory.schemas';
import { confirmAction } from '../../components/confirm';
import { notifyActionFailure, notifySuccess } from '../../lib/form-feedback';
import { useDeleteIngredient } from './api/delete-ingredient';
import { INVENTORY_TEXT } from './inventory-text';

/**
 * Delete after a confirmation. Held by the dashboard, not by the row: the row leaves the list
 * when the deletion lands, and the outcome's toast must still show.
 */
export function useDeleteWithConfirmation() {
  const remove = useDeleteIngredient();
  const onDelete = (item: InventoryItem) =>
    confirmAction({
      title: INVENTORY_TEXT.deleteTitle(item.name),
      message: INVENTORY_TEXT.deleteMessage,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notifySuccess(INVENTORY_TEXT.deleted(item.name)),
          // A refusal names the products whose recipes use the item.
          onError: (error) => notifyActionFailure(error, INVENTORY_TEXT.deleteFailed),
        }),
    });
  return { onDelete, deletingId: remove.isPending ? remove.variables : null };
}

import { IconTrash } from '@tabler/icons-react';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { RowActions } from '../../../components/row-actions';
import { paths } from '../../../config/paths';

export type ItemActionsProps = {
  /** Asks, then deletes (see `useDeleteWithConfirmation`). */
  onDelete: (item: InventoryItem) => void;
  /** The item whose deletion is on its way. */
  deletingId: string | null;
};

/** Edit (to /editinventory/{id}) and delete; for the manager. */
export function ItemActions({
  item,
  onDelete,
  deletingId,
}: { item: InventoryItem } & ItemActionsProps) {
  return (
    <RowActions
      name={item.name}
      editTo={paths.editInventory(item.id)}
      removeLabel="Delete"
      removeIcon={<IconTrash size={18} aria-hidden />}
      onRemove={() => onDelete(item)}
      removing={deletingId === item.id}
    />
  );
}

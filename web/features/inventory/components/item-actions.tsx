import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
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
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon
          component={Link}
          to={paths.editInventory(item.id)}
          variant="subtle"
          size="lg"
          aria-label={`Edit ${item.name}`}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={() => onDelete(item)}
          loading={deletingId === item.id}
          aria-label={`Delete ${item.name}`}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

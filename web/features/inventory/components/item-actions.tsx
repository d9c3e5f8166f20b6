import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { confirmAction } from '../../../components/confirm';
import { paths } from '../../../config/paths';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useDeleteIngredient } from '../api/delete-ingredient';
import { INVENTORY_TEXT } from '../inventory-text';

/** Edit (to /editinventory/{id}) and delete after a confirmation; for the manager. */
export function ItemActions({ item }: { item: InventoryItem }) {
  const remove = useDeleteIngredient();
  const askDelete = () =>
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
          onClick={askDelete}
          loading={remove.isPending}
          aria-label={`Delete ${item.name}`}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

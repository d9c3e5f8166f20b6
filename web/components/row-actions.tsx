import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '../lib/router';

type Props = {
  /** The row's name, for the buttons' accessible names ('Edit Rice', 'Delete Rice'). */
  name: string;
  /** Where Edit goes. */
  editTo: string;
  /** The red action: 'Delete', 'Archive'... (its tooltip and the start of its name). */
  removeLabel: string;
  removeIcon: ReactNode;
  onRemove: () => void;
  removing: boolean;
};

/** A list row's Edit link and its red remove action, as icons with tooltips. */
export function RowActions({ name, editTo, removeLabel, removeIcon, onRemove, removing }: Props) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon
          component={Link}
          to={editTo}
          variant="subtle"
          size="lg"
          aria-label={`Edit ${name}`}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={removeLabel}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={onRemove}
          loading={removing}
          aria-label={`${removeLabel} ${name}`}
        >
          {removeIcon}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

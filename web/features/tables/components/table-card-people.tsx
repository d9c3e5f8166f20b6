import { Text, VisuallyHidden } from '@mantine/core';
import { IconUser, IconUsers } from '@tabler/icons-react';
import type { TableSummary } from '../../../../shared/schemas/tables.schemas';
import { SECTIONS_TEXT } from '../sections-text';

/** The card's guests (covers) and the waiter who opened the order, when known. */
export function TableCardPeople({ table }: { table: TableSummary }) {
  if (table.guests === null && table.openedByName === null) return null;
  return (
    <Text component="div" size="sm" c="gray.7" className="tf-table-card-meta">
      {table.guests !== null && (
        <span data-testid="table-guests">
          <IconUsers size={14} aria-hidden style={{ verticalAlign: -2 }} />{' '}
          {SECTIONS_TEXT.guests(table.guests)}
        </span>
      )}{' '}
      {table.openedByName !== null && (
        <span
          data-testid="table-opened-by"
          title={SECTIONS_TEXT.openedBy(table.openedByName)}
          style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          <IconUser size={14} aria-hidden style={{ verticalAlign: -2 }} />{' '}
          <VisuallyHidden>{SECTIONS_TEXT.openedBy('')}</VisuallyHidden>
          {table.openedByName}
        </span>
      )}
    </Text>
  );
}

import { List, Stack, Text } from '@mantine/core';
import { formatInr } from '../../../../shared/money';
import type { OpenTableAtClose } from '../../../../shared/schemas/cash.schemas';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';

/**
 * The close dialog's message: what closing leaves open (docs/cash.md, "Tables open at the
 * close"): each open table with its grand total and the items not yet sent to the kitchen.
 */
export function CloseDayMessage({ openTables }: { openTables: readonly OpenTableAtClose[] }) {
  if (openTables.length === 0) return <Text size="sm">{TEXT.closeDayMessage}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {TEXT.openTablesAtClose(openTables.length)}
      </Text>
      <List size="sm" spacing={4} data-testid="open-tables-at-close">
        {openTables.map((table) => (
          <List.Item key={table.tableId}>
            <Text size="sm" span fw={600}>
              {table.label}
            </Text>{' '}
            <Text size="sm" span>
              {formatInr(table.totalPaise)}
            </Text>
            {table.unsentItems.length > 0 && (
              <Text size="xs" c="dimmed">
                {TEXT.unsentItems(
                  table.unsentItems.map((item) => `${item.quantity} × ${item.name}`).join(', '),
                )}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      <Text size="sm">{TEXT.openTablesRule}</Text>
      <Text size="sm">{TEXT.closeDayMessage}</Text>
    </Stack>
  );
}

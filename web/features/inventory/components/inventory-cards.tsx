import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatInr } from '../../../../shared/money';
import { UNIT_SYMBOLS } from '../../../../shared/units';
import { formatDay, formatStoredNumber, readableQuantity } from '../inventory-format';
import { INVENTORY_TEXT } from '../inventory-text';
import { InventoryHistory } from './inventory-history';
import { NameToggle, type InventoryListProps } from './inventory-table';
import { ItemActions } from './item-actions';
import { LowStockBadge } from './quantity-text';

/** Phones: one card per item with the same facts as a table row; the history opens inside. */
export function InventoryCards({
  items,
  timeZone,
  canManage,
  expanded,
  onToggle,
  ...actions
}: InventoryListProps) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none', alignItems: 'start' }}
      aria-label="Inventory items"
    >
      {items.map((item) => {
        const open = expanded.has(item.id);
        const readable = readableQuantity(item.quantity, item.unit);
        return (
          <Paper
            key={item.id}
            component="li"
            withBorder
            radius="lg"
            p="sm"
            bg={item.isLow ? 'red.0' : undefined}
            data-low={item.isLow || undefined}
          >
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} miw={0}>
                  <NameToggle item={item} open={open} onToggle={() => onToggle(item.id)} />
                  <Text size="xs" c="dimmed">
                    {item.category} · {item.branchCode} · updated{' '}
                    {formatDay(item.updatedAt, timeZone)}
                  </Text>
                </Stack>
                {canManage && <ItemActions item={item} {...actions} />}
              </Group>
              <Group justify="space-between" align="flex-end" gap="xs">
                <Text size="lg" fw={700} c={item.isLow ? 'red.7' : 'var(--tf-ink)'}>
                  {formatStoredNumber(item.quantity)} {UNIT_SYMBOLS[item.unit]}
                  {readable && (
                    <Text span size="sm" fw={400} c="dimmed">
                      {' '}
                      ({readable})
                    </Text>
                  )}
                </Text>
                {canManage && (
                  <Text size="sm" c="dimmed">
                    {item.valuePaise === null
                      ? INVENTORY_TEXT.neverBought
                      : formatInr(item.valuePaise)}
                  </Text>
                )}
              </Group>
              <LowStockBadge item={item} />
              {open && (
                <div id={`history-${item.id}`}>
                  <InventoryHistory
                    itemId={item.id}
                    itemName={item.name}
                    timeZone={timeZone}
                    compact
                    canManage={canManage}
                  />
                </div>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

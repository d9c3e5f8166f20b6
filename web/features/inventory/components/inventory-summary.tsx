import { Paper, SimpleGrid, Text, ThemeIcon, Group } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCoinRupee } from '@tabler/icons-react';
import type { InventoryList } from '../../../../shared/schemas/inventory.schemas';
import { formatInr } from '../../../../shared/money';
import { INVENTORY_TEXT } from '../inventory-text';

/**
 * The counts at the top; the store's value only when the server sent it (managers). The
 * low-stock card is a toggle: pressed, the list shows only the items below their level.
 */
export function InventorySummary({
  list,
  lowOnly,
  onToggleLow,
}: {
  list: InventoryList;
  lowOnly: boolean;
  onToggleLow: () => void;
}) {
  const total = list.totalValuePaise;
  const showValue = total !== null;
  const low = list.lowStockCount > 0;
  const clickable = low || lowOnly;
  return (
    <SimpleGrid cols={{ base: 1, xs: showValue ? 2 : 1 }} spacing="sm" maw={showValue ? 720 : 360}>
      <Paper
        withBorder
        radius="lg"
        p="sm"
        bg={low ? 'red.0' : undefined}
        {...(clickable
          ? {
              component: 'button' as const,
              type: 'button' as const,
              onClick: onToggleLow,
              'aria-pressed': lowOnly,
              title: lowOnly ? INVENTORY_TEXT.showAllItems : INVENTORY_TEXT.showLowOnly,
              className: 'tf-low-stock-card',
              style: {
                cursor: 'pointer',
                textAlign: 'left' as const,
                width: '100%',
                font: 'inherit',
                ...(lowOnly ? { outline: '2px solid var(--mantine-color-red-7)' } : {}),
              },
            }
          : { role: 'status' })}
      >
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon
            color={low ? 'red' : 'green'}
            variant="light"
            size="lg"
            radius="xl"
            aria-hidden
          >
            {low ? <IconAlertTriangle size={20} /> : <IconCircleCheck size={20} />}
          </ThemeIcon>
          <div>
            <Text size="xs" c="dimmed">
              {INVENTORY_TEXT.lowStock}
            </Text>
            <Text fw={700} c={low ? 'red.8' : 'var(--tf-ink)'}>
              {low ? INVENTORY_TEXT.lowStockCount(list.lowStockCount) : INVENTORY_TEXT.noneLow}
            </Text>
            {clickable && (
              <Text size="xs" c="var(--tf-ink)" td="underline">
                {lowOnly ? INVENTORY_TEXT.showAllItems : INVENTORY_TEXT.showLowOnly}
              </Text>
            )}
          </div>
        </Group>
      </Paper>
      {total !== null && (
        <Paper withBorder radius="lg" p="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
              <IconCoinRupee size={20} />
            </ThemeIcon>
            <div>
              <Text size="xs" c="dimmed">
                {INVENTORY_TEXT.totalValue}
              </Text>
              <Text fw={700} c="var(--tf-ink)">
                {formatInr(total)}
              </Text>
              <Text size="xs" c="dimmed">
                {INVENTORY_TEXT.totalValueHint}
              </Text>
            </div>
          </Group>
        </Paper>
      )}
    </SimpleGrid>
  );
}

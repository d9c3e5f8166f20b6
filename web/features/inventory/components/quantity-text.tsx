import { Badge, Group, Stack, Text } from '@mantine/core';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { formatQuantity } from '../../../../shared/units';
import { formatStoredNumber, readableQuantity } from '../inventory-format';
import { INVENTORY_TEXT } from '../inventory-text';

/** The stored number (12,500) with its readable form under it (12.5 kg) when that differs. */
export function QuantityText({ item }: { item: InventoryItem }) {
  const readable = readableQuantity(item.quantity, item.unit);
  return (
    <Stack gap={0} align="flex-end">
      <Text
        size="sm"
        fw={600}
        c={item.isLow ? 'red.7' : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatStoredNumber(item.quantity)}
      </Text>
      {readable && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {readable}
        </Text>
      )}
    </Stack>
  );
}

/** 'Low stock' and the level, for an item under its level; nothing otherwise. */
export function LowStockBadge({ item }: { item: InventoryItem }) {
  if (!item.isLow) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        color="red"
        variant="light"
        radius="sm"
        styles={{ root: { flexShrink: 0 }, label: { color: '#912018' } }}
      >
        {INVENTORY_TEXT.lowStock}
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        below {formatQuantity(item.lowStockThreshold, item.unit)}
      </Text>
    </Group>
  );
}

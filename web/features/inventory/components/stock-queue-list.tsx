import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatDisplayDate } from '../../../../shared/dates';
import { LABELS } from '../../../../shared/messages';
import { formatInr, sumPaise } from '../../../../shared/money';
import { formatQuantity } from '../../../../shared/units';
import { INVENTORY_TEXT } from '../inventory-text';
import type { QueuedEntry } from '../stock-queue';

type Props = {
  entries: readonly QueuedEntry[];
  phone: boolean;
  onRemove: (id: string) => void;
  onSubmit: () => void;
  submitting: boolean;
};

function RemoveButton({
  entry,
  onRemove,
  disabled,
}: {
  entry: QueuedEntry;
  onRemove: (id: string) => void;
  disabled: boolean;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      onClick={() => onRemove(entry.id)}
      disabled={disabled}
      aria-label={INVENTORY_TEXT.remove(entry.ingredientName)}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}

/** 'Stock Entries to Submit': each line removable, their total, and 'Submit All Stock Entries'. */
export function StockQueueList({ entries, phone, onRemove, onSubmit, submitting }: Props) {
  const total = sumPaise(entries.map((entry) => entry.pricePaise));
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="stock-queue-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="stock-queue-title">
            {LABELS.stock.entriesToSubmit}
          </Title>
          {entries.length > 0 && (
            <Text size="sm" c="dimmed">
              {INVENTORY_TEXT.queuedNote(entries.length)}
            </Text>
          )}
        </Group>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {INVENTORY_TEXT.emptyQueue}
          </Text>
        ) : phone ? (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={LABELS.stock.entriesToSubmit}
          >
            {entries.map((entry) => (
              <Group
                key={entry.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                py={6}
                style={{ borderTop: '1px solid var(--tf-line)' }}
              >
                <Stack gap={0} miw={0}>
                  <Text fw={600} size="sm">
                    {entry.ingredientName} · {formatQuantity(entry.quantity, entry.unit)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.vendorName} · {entry.category} · {formatDisplayDate(entry.invoiceDate)}
                  </Text>
                  <Text size="sm">{formatInr(entry.pricePaise)}</Text>
                </Stack>
                <RemoveButton entry={entry} onRemove={onRemove} disabled={submitting} />
              </Group>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label={LABELS.stock.entriesToSubmit}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Vendor</Table.Th>
                  <Table.Th>Invoice Date</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{entry.vendorName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDisplayDate(entry.invoiceDate)}
                    </Table.Td>
                    <Table.Td>{entry.category}</Table.Td>
                    <Table.Td>{entry.ingredientName}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatQuantity(entry.quantity, entry.unit)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatInr(entry.pricePaise)}
                    </Table.Td>
                    <Table.Td w={48}>
                      <RemoveButton entry={entry} onRemove={onRemove} disabled={submitting} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {entries.length > 0 && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fw={600}>Total {formatInr(total)}</Text>
            <Button onClick={onSubmit} loading={submitting} disabled={submitting}>
              {LABELS.stock.submitAll}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

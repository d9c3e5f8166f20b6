import { Stack, Table, Text } from '@mantine/core';
import {
  MOVEMENT_ACTION_LABELS,
  type InventoryMovement,
} from '../../../../shared/schemas/inventory.schemas';
import { formatDisplayDate } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import { UNIT_SYMBOLS } from '../../../../shared/units';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { useInventoryHistory } from '../api/get-inventory-history';
import { formatDelta, formatMoment, formatStoredNumber } from '../inventory-format';
import { INVENTORY_TEXT } from '../inventory-text';

/** What else a movement tells: the vendor and invoice of a purchase, a correction's reason, an edit's changes. */
function movementDetails(movement: InventoryMovement): string | null {
  const parts: string[] = [];
  if (movement.vendorName) parts.push(movement.vendorName);
  if (movement.invoiceDate) parts.push(`invoice of ${formatDisplayDate(movement.invoiceDate)}`);
  if (movement.invoiceNumber) parts.push(`no. ${movement.invoiceNumber}`);
  if (movement.note) parts.push(movement.note);
  for (const [field, change] of Object.entries(movement.changes ?? {})) {
    parts.push(`${field}: ${String(change.from)} → ${String(change.to)}`);
  }
  if (movement.userName) parts.push(`by ${movement.userName}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

const price = (movement: InventoryMovement) =>
  movement.pricePaise === null ? '—' : formatInr(movement.pricePaise);

const updatedQuantity = (movement: InventoryMovement) =>
  `${formatStoredNumber(movement.quantityAfter)} ${UNIT_SYMBOLS[movement.unit]}`;

type Props = { itemId: string; itemName: string; timeZone: string; compact: boolean };

/**
 * An item's history, newest first: updated on, quantity added, price, updated quantity and
 * action ('Add Inventory', 'Add Stock', 'Update', sales, corrections). A table on wide
 * screens, a list on phones (`compact`).
 */
export function InventoryHistory({ itemId, itemName, timeZone, compact }: Props) {
  const history = useInventoryHistory(itemId);
  if (history.isPending) return <ListSkeleton label="Loading history..." rows={2} />;
  if (history.isError) {
    return (
      <QueryError
        title={INVENTORY_TEXT.historyLoadFailed}
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const { items } = history.data;
  if (items.length === 0) return <Text size="sm">{INVENTORY_TEXT.noHistory}</Text>;

  if (compact) {
    return (
      <Stack
        gap="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`History of ${itemName}`}
      >
        {items.map((movement) => {
          const details = movementDetails(movement);
          return (
            <Stack
              key={movement.id}
              component="li"
              gap={0}
              py={6}
              style={{ borderTop: '1px solid var(--tf-line)' }}
            >
              <Text size="sm" fw={600}>
                {MOVEMENT_ACTION_LABELS[movement.action]}{' '}
                {formatDelta(movement.quantityDelta, movement.unit)}
              </Text>
              <Text size="xs">
                {formatMoment(movement.createdAt, timeZone)} · now {updatedQuantity(movement)} ·{' '}
                {price(movement)}
              </Text>
              {details && (
                <Text size="xs" c="dimmed">
                  {details}
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} fz="sm" aria-label={`History of ${itemName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Updated On</Table.Th>
            <Table.Th ta="right">Quantity Added</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Updated Quantity</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((movement) => {
            const details = movementDetails(movement);
            return (
              <Table.Tr key={movement.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatMoment(movement.createdAt, timeZone)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatDelta(movement.quantityDelta, movement.unit)}
                </Table.Td>
                <Table.Td ta="right">{price(movement)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {updatedQuantity(movement)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {MOVEMENT_ACTION_LABELS[movement.action]}
                  </Text>
                  {details && (
                    <Text size="xs" c="dimmed">
                      {details}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

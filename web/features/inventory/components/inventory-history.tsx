import { Button, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import {
  MOVEMENT_ACTION_LABELS,
  type InventoryMovement,
} from '../../../../shared/schemas/inventory.schemas';
import { formatDisplayDate } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import { UNIT_SYMBOLS, formatQuantity } from '../../../../shared/units';
import { confirmAction } from '../../../components/confirm';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { useInventoryHistory } from '../api/get-inventory-history';
import { useReverseStockEntry } from '../api/reverse-stock-entry';
import { formatDelta, formatMoment, formatStoredNumber } from '../inventory-format';
import { INVENTORY_TEXT } from '../inventory-text';

/**
 * What else a movement tells: a sale's bill and table, the vendor and invoice of a purchase, a
 * reversal's link and a reversed entry's who and when, a correction's reason, an edit's changes.
 */
function movementDetails(
  movement: InventoryMovement,
  all: readonly InventoryMovement[],
  timeZone: string,
): string | null {
  const parts: string[] = [];
  if (movement.billNumber) parts.push(INVENTORY_TEXT.saleOf(movement.billNumber));
  if (movement.tableLabel) parts.push(movement.tableLabel);
  if (movement.reversesMovementId) {
    const reversed = all.find((row) => row.id === movement.reversesMovementId);
    parts.push(
      reversed
        ? INVENTORY_TEXT.reversesEntryOf(formatMoment(reversed.createdAt, timeZone))
        : INVENTORY_TEXT.reversesEntry,
    );
  }
  if (movement.reversedAt) {
    parts.push(
      INVENTORY_TEXT.reversedOn(
        formatMoment(movement.reversedAt, timeZone),
        movement.reversedByName,
      ),
    );
  }
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

type Props = {
  itemId: string;
  itemName: string;
  timeZone: string;
  compact: boolean;
  /** The manager: a stock entry made by mistake can be reversed. */
  canManage: boolean;
};

/** 'Reverse' on a stock entry that stands, for the manager, after a confirmation. */
function ReverseButton({
  itemId,
  itemName,
  movement,
  timeZone,
}: {
  itemId: string;
  itemName: string;
  movement: InventoryMovement;
  timeZone: string;
}) {
  const reverse = useReverseStockEntry();
  const quantity = formatQuantity(movement.quantityDelta, movement.unit);
  const ask = () =>
    confirmAction({
      title: INVENTORY_TEXT.reverseTitle(quantity, itemName),
      message: INVENTORY_TEXT.reverseMessage(formatMoment(movement.createdAt, timeZone)),
      confirmLabel: INVENTORY_TEXT.reverse,
      danger: true,
      onConfirm: () => reverse.mutate({ itemId, movementId: movement.id, quantity, itemName }),
    });
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color="red"
      leftSection={<IconArrowBackUp size={14} aria-hidden />}
      loading={reverse.isPending}
      onClick={ask}
      aria-label={INVENTORY_TEXT.reverseLabel(quantity, formatMoment(movement.createdAt, timeZone))}
      style={{ alignSelf: 'flex-start' }}
    >
      {INVENTORY_TEXT.reverse}
    </Button>
  );
}

const reversible = (movement: InventoryMovement) =>
  movement.action === 'add_stock' && movement.reversedAt === null;

/**
 * An item's history, newest first: updated on, quantity added, price, updated quantity and
 * action ('Add Inventory', 'Add Stock', 'Update', sales with their bill and table,
 * corrections, reversals). A table on wide screens, a list on phones (`compact`). The manager
 * may reverse a stock entry made by mistake.
 */
/** Under a movement: its details (who, which bill or delivery) and, if allowed, Reverse. */
function MovementExtras({
  details,
  reverse,
  ...entry
}: {
  details: string | null;
  reverse: boolean;
  itemId: string;
  itemName: string;
  movement: InventoryMovement;
  timeZone: string;
}) {
  return (
    <>
      {details && (
        <Text size="xs" c="dimmed">
          {details}
        </Text>
      )}
      {reverse && <ReverseButton {...entry} />}
    </>
  );
}

export function InventoryHistory({ itemId, itemName, timeZone, compact, canManage }: Props) {
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
          const details = movementDetails(movement, items, timeZone);
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
              <MovementExtras
                details={details}
                reverse={canManage && reversible(movement)}
                {...{ itemId, itemName, movement, timeZone }}
              />
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
            const details = movementDetails(movement, items, timeZone);
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
                  <MovementExtras
                    details={details}
                    reverse={canManage && reversible(movement)}
                    {...{ itemId, itemName, movement, timeZone }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

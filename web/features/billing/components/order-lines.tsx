import { Badge, Table, Text } from '@mantine/core';
import { complimentaryQuantity } from '../../../../shared/complimentary';
import { formatInr } from '../../../../shared/money';
import type { OrderLine } from '../../../../shared/schemas/tables.schemas';
import { BILLING_TEXT } from '../billing-text';
import type { LineChange } from '../payment-form';

/** How many of a line are complimentary (billed at nothing). */
const freeOf = (line: OrderLine) =>
  complimentaryQuantity({ quantity: line.quantity, complimentary: line.complimentary ?? null });

function ChangeBadge({ change }: { change: LineChange | undefined }) {
  if (!change) return null;
  const label =
    change.kind === 'added'
      ? BILLING_TEXT.changeAdded
      : change.kind === 'removed'
        ? BILLING_TEXT.changeRemoved
        : BILLING_TEXT.changeChanged(change.before.quantity);
  return (
    <Badge ml={6} size="sm" variant="light" color={change.kind === 'removed' ? 'red' : 'yellow'}>
      {label}
    </Badge>
  );
}

/** A line's add-ons with their prices and its note, under its name (its variant is in it). */
function LineChoices({ line }: { line: OrderLine }) {
  return (
    <>
      {line.addons.length > 0 && (
        <Text size="xs" c="var(--tf-muted)">
          {line.addons
            .map((addon) =>
              addon.pricePaise > 0
                ? `+ ${addon.name} ${formatInr(addon.pricePaise)}`
                : `+ ${addon.name}`,
            )
            .join(', ')}
        </Text>
      )}
      {line.note && (
        <Text size="xs" fw={600} c="var(--tf-ink)">
          {BILLING_TEXT.note}: {line.note}
        </Text>
      )}
    </>
  );
}

/**
 * The order's lines as they are now, with what changed since the cashier opened the modal
 * (added, changed with the old quantity, removed lines struck through).
 */
export function OrderLines({
  lines,
  changes,
}: {
  lines: readonly OrderLine[];
  changes: readonly LineChange[];
}) {
  const changeOf = new Map(changes.map((change) => [change.line.key, change]));
  const removed = changes.filter((change) => change.kind === 'removed');
  return (
    <Table verticalSpacing={4} fz="sm" aria-label="Order">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{BILLING_TEXT.item}</Table.Th>
          <Table.Th ta="right">{BILLING_TEXT.qty}</Table.Th>
          <Table.Th ta="right">{BILLING_TEXT.amount}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => {
          const change = changeOf.get(line.key);
          return (
            <Table.Tr key={line.key} bg={change ? 'var(--mantine-color-yellow-light)' : undefined}>
              <Table.Td>
                {line.name}
                <ChangeBadge change={change} />
                <LineChoices line={line} />
                <Text size="xs" c="var(--tf-muted)">
                  @ {formatInr(line.unitPricePaise)}
                </Text>
                {line.complimentary && freeOf(line) > 0 && (
                  <Text size="xs" fw={700} c="teal.9" data-testid="payment-line-nc">
                    {BILLING_TEXT.complimentaryItems(freeOf(line), line.complimentary.reason)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{formatInr(line.lineTotalPaise)}</Table.Td>
            </Table.Tr>
          );
        })}
        {removed.map(({ line }) => (
          <Table.Tr key={line.key} bg="var(--mantine-color-red-light)">
            <Table.Td>
              <Text span td="line-through" size="sm">
                {line.name}
              </Text>
              <ChangeBadge change={changeOf.get(line.key)} />
            </Table.Td>
            <Table.Td ta="right" td="line-through">
              {line.quantity}
            </Table.Td>
            <Table.Td ta="right" td="line-through">
              {formatInr(line.lineTotalPaise)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import { Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import type { DueRow } from '../../../../shared/schemas/payments-report.schemas';
import { StatusButton } from '../payments/status-button';
import { DUES_TEXT as text } from './dues-text';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type Props = {
  rows: DueRow[];
  /** The status was clicked: open 'Update Payment'. */
  onStatus: (row: DueRow) => void;
  timeZone: string;
};

/**
 * The spec's dues table (table number, total, discounted total, payment method, payment
 * status, responsible, time), what is still owed under a part-paid bill's discounted total: a
 * table from 768 px, two-line rows on phones.
 */
export function DuesTable({ rows, onStatus, timeZone }: Props) {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const when = (row: DueRow) => formatDisplayDateTime(new Date(row.createdAt), timeZone);
  const owed = (row: DueRow) =>
    row.paidPaise > 0 && (
      <Text size="xs" c="dimmed" style={numeric}>
        {text.owed(formatInr(row.outstandingPaise))}
      </Text>
    );
  const status = (row: DueRow) => (
    <StatusButton status={row.status} billNumber={row.number} onClick={() => onStatus(row)} />
  );

  if (phone) {
    return (
      <Stack
        gap={0}
        component="ul"
        p={0}
        m={0}
        aria-label={text.rowsCaption}
        style={{ listStyle: 'none' }}
      >
        {rows.map((row) => (
          <Group
            key={row.id}
            component="li"
            justify="space-between"
            align="center"
            wrap="nowrap"
            gap="xs"
            py={8}
            style={{ borderBottom: '1px solid var(--tf-line)' }}
          >
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.tableLabel}
                <Text span size="xs" c="dimmed" fw={400}>
                  {' '}
                  · {row.responsible}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {when(row)} · {row.method}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="sm" fw={600} style={numeric}>
                {formatInr(row.totalPaise)}
              </Text>
              {owed(row)}
              {status(row)}
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={text.rowsCaption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.columns.table}</Table.Th>
            <Table.Th ta="right">{text.columns.total}</Table.Th>
            <Table.Th ta="right">{text.columns.discountedTotal}</Table.Th>
            <Table.Th>{text.columns.method}</Table.Th>
            <Table.Th>{text.columns.status}</Table.Th>
            <Table.Th>{text.columns.responsible}</Table.Th>
            <Table.Th>{text.columns.time}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.tableLabel}</Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatInr(row.subtotalPaise)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatInr(row.totalPaise)}
                {owed(row)}
              </Table.Td>
              <Table.Td>{row.method}</Table.Td>
              <Table.Td>{status(row)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.responsible}</Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{when(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

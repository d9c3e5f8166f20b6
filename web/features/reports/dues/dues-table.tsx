import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  businessDate,
  formatDisplayDate,
  formatDisplayDateTime,
  formatDisplayTime,
} from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import type { DueRow } from '../../../../shared/schemas/payments-report.schemas';
import { numeric, usePhoneLayout } from '../components/report-layout';
import { RowItem, RowList, RowTable } from '../components/report-rows';
import { BillActions } from '../payments/bill-actions';
import type { BillToCancel } from '../payments/cancel-bill-modal';
import { StatusButton } from '../payments/status-button';
import { DUES_TEXT as text } from './dues-text';

type Props = {
  rows: DueRow[];
  /** The status was clicked: open 'Update Payment'. */
  onStatus: (row: DueRow) => void;
  /** Cancel bill was chosen (managers): ask why, then cancel. */
  onCancel: (bill: BillToCancel) => void;
  timeZone: string;
};

/**
 * The spec's dues table (table number, total, discounted total, payment method, payment
 * status, responsible, time), what is still owed under a part-paid bill's discounted total: a
 * table from 768 px, two-line rows on phones.
 */
export function DuesTable({ rows, onStatus, onCancel, timeZone }: Props) {
  const phone = usePhoneLayout();
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
  const actions = (row: DueRow) => <BillActions bill={row} onCancel={onCancel} />;

  if (phone) {
    return (
      <RowList label={text.rowsCaption}>
        {rows.map((row) => (
          <RowItem key={row.id} align="center" gap="xs">
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.tableLabel}
                <Text span size="xs" c="dimmed" fw={400}>
                  {' '}
                  · {row.responsible}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {when(row)} · {row.number} · {row.method}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="sm" fw={600} style={numeric}>
                {formatInr(row.totalPaise)}
              </Text>
              {owed(row)}
              <Group gap={4} wrap="nowrap">
                {actions(row)}
                {status(row)}
              </Group>
            </Stack>
          </RowItem>
        ))}
      </RowList>
    );
  }
  return (
    <RowTable label={text.rowsCaption} minWidth={680}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{text.columns.table}</Table.Th>
          <Table.Th ta="right">{text.columns.total}</Table.Th>
          <Table.Th ta="right">{text.columns.discountedTotal}</Table.Th>
          <Table.Th>{text.columns.method}</Table.Th>
          <Table.Th>{text.columns.status}</Table.Th>
          <Table.Th>{text.columns.responsible}</Table.Th>
          <Table.Th>{text.columns.time}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{text.columns.actions}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {row.tableLabel}
              <Text size="xs" c="dimmed" style={numeric}>
                {text.billNumber(row.number)}
              </Text>
            </Table.Td>
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
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatDisplayDate(businessDate(new Date(row.createdAt), timeZone))}
              <Text size="xs" c="dimmed">
                {formatDisplayTime(new Date(row.createdAt), timeZone)}
              </Text>
            </Table.Td>
            <Table.Td>{actions(row)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </RowTable>
  );
}

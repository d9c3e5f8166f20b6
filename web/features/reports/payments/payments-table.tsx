import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import {
  SPLIT_LABEL,
  formatPaymentMethods,
  isSplitPayment,
} from '../../../../shared/payment-methods';
import type { PaymentsReportRow } from '../../../../shared/schemas/payments-report.schemas';
import { numeric, usePhoneLayout } from '../components/report-layout';
import { ReportPagination } from '../components/report-pagination';
import { RowItem, RowList, RowTable } from '../components/report-rows';
import { BillActions } from './bill-actions';
import type { BillToCancel } from './cancel-bill-modal';
import { PAYMENTS_TEXT as text } from './payments-text';
import { StatusButton } from './status-button';

type RowActions = {
  /** The total was clicked: open the bill's Associated Orders. */
  onOpen: (row: PaymentsReportRow) => void;
  /** A Due status was clicked: ask, then settle. */
  onStatus: (row: PaymentsReportRow) => void;
  /** Cancel bill was chosen (managers): ask why, then cancel. */
  onCancel: (bill: BillToCancel) => void;
  /** The bill whose status is being changed. */
  pendingId: string | null;
  /** The branch's time zone: times are shown on its clock. */
  timeZone: string;
};

type Props = RowActions & {
  rows: PaymentsReportRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
};

/**
 * The payment table, a page at a time from the server: a table from 768 px, two-line rows on
 * phones. The total opens the bill's Associated Orders; a Due status settles it.
 */
export function PaymentsTable({
  rows,
  page,
  pageSize,
  totalRows,
  onPage,
  onPageSize,
  ...actions
}: Props) {
  return (
    <Stack gap="xs">
      <Rows rows={rows} {...actions} />
      <ReportPagination
        page={page}
        pageSize={pageSize}
        shown={rows.length}
        totalRows={totalRows}
        onPage={onPage}
        onPageSize={onPageSize}
        siblings={1}
      />
    </Stack>
  );
}

function Rows({
  rows,
  onOpen,
  onStatus,
  onCancel,
  pendingId,
  timeZone,
}: RowActions & { rows: PaymentsReportRow[] }) {
  const phone = usePhoneLayout();
  const when = (row: PaymentsReportRow) => formatDisplayDateTime(new Date(row.createdAt), timeZone);
  const total = (row: PaymentsReportRow) => (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={() => onOpen(row)}
      aria-label={text.openBill(formatInr(row.totalPaise), row.number)}
      style={numeric}
    >
      {formatInr(row.totalPaise)}
    </Button>
  );
  const status = (row: PaymentsReportRow) => (
    <StatusButton
      status={row.status}
      billNumber={row.number}
      onClick={() => onStatus(row)}
      loading={pendingId === row.id}
    />
  );
  const actions = (row: PaymentsReportRow) => <BillActions bill={row} onCancel={onCancel} />;

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
                  · {formatPaymentMethods(row, row.paidByMethod)}
                  {responsibleOf(row) ? ` · ${responsibleOf(row)}` : ''}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {when(row)} · {row.number}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              {total(row)}
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
    <RowTable label={text.rowsCaption} minWidth={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{text.columns.bill}</Table.Th>
          <Table.Th>{text.columns.table}</Table.Th>
          <Table.Th ta="right">{text.columns.total}</Table.Th>
          <Table.Th>{text.columns.method}</Table.Th>
          <Table.Th>{text.columns.status}</Table.Th>
          <Table.Th>{text.columns.responsible}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{text.columns.actions}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={numeric}>
              {row.number}
              <Text size="xs" c="dimmed">
                {when(row)}
              </Text>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.tableLabel}</Table.Td>
            <Table.Td ta="right">{total(row)}</Table.Td>
            <Table.Td>
              <Methods row={row} />
            </Table.Td>
            <Table.Td>{status(row)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{responsibleOf(row)}</Table.Td>
            <Table.Td>{actions(row)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </RowTable>
  );
}

/**
 * Who owes the bill: only a Due bill's (a settled or cancelled bill that was once due keeps the
 * name on its record and in its status history, not in this column).
 */
const responsibleOf = (row: PaymentsReportRow) =>
  row.status === 'Due' ? (row.responsible ?? '') : '';

/** The bill's method; a split says so, with every method and its amount under it. */
function Methods({ row }: { row: PaymentsReportRow }) {
  if (!isSplitPayment(row, row.paidByMethod)) return formatPaymentMethods(row, row.paidByMethod);
  return (
    <>
      {SPLIT_LABEL}
      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPaymentMethods(row, row.paidByMethod)}
      </Text>
    </>
  );
}

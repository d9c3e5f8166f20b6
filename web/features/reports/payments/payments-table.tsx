import { Button, Group, NativeSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import type { PaymentsReportRow } from '../../../../shared/schemas/payments-report.schemas';
import { REPORT_PAGE_SIZES } from '../../../../shared/schemas/reports.schemas';
import { PAYMENTS_TEXT as text } from './payments-text';
import { StatusButton } from './status-button';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type RowActions = {
  /** The total was clicked: open the bill's Associated Orders. */
  onOpen: (row: PaymentsReportRow) => void;
  /** A Due status was clicked: ask, then settle. */
  onStatus: (row: PaymentsReportRow) => void;
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
  const pages = Math.max(1, Math.ceil(totalRows / pageSize));
  const first = (page - 1) * pageSize;
  return (
    <Stack gap="xs">
      <Rows rows={rows} {...actions} />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" style={numeric} aria-live="polite">
            {text.showing(first + 1, first + rows.length, totalRows)}
          </Text>
          <NativeSelect
            aria-label={text.pageSize}
            size="xs"
            value={String(pageSize)}
            onChange={(event) => onPageSize(Number(event.currentTarget.value))}
            data={REPORT_PAGE_SIZES.map(String)}
          />
        </Group>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </Group>
    </Stack>
  );
}

function Rows({
  rows,
  onOpen,
  onStatus,
  pendingId,
  timeZone,
}: RowActions & { rows: PaymentsReportRow[] }) {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
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
                  · {row.method}
                  {row.responsible ? ` · ${row.responsible}` : ''}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {when(row)} · {row.number}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              {total(row)}
              {status(row)}
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={text.rowsCaption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.columns.bill}</Table.Th>
            <Table.Th>{text.columns.table}</Table.Th>
            <Table.Th ta="right">{text.columns.total}</Table.Th>
            <Table.Th>{text.columns.method}</Table.Th>
            <Table.Th>{text.columns.status}</Table.Th>
            <Table.Th>{text.columns.responsible}</Table.Th>
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
              <Table.Td>{row.method}</Table.Td>
              <Table.Td>{status(row)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.responsible ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

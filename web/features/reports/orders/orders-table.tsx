import { Group, NativeSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import type { OrderReportRow } from '../../../../shared/schemas/orders-report.schemas';
import { REPORT_PAGE_SIZES } from '../../../../shared/schemas/reports.schemas';
import { ORDERS_REPORT_TEXT as text } from './orders-report-text';

const [TABLE_NUMBER, ORDER_DATE, QUANTITY, ITEM_NAME, PRICE, TOTAL] = LABELS.orderReport.columns;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type Props = {
  rows: OrderReportRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The branch's time zone: the payment time is shown on its clock. */
  timeZone: string;
};

/**
 * The spec's table (Table Number, Order Date, Quantity, Item Name, Price, Total), one row per
 * bill line, a page at a time from the server: a table from 768 px, two-line rows on phones.
 */
export function OrdersTable({
  rows,
  page,
  pageSize,
  totalRows,
  onPage,
  onPageSize,
  timeZone,
}: Props) {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const pages = Math.max(1, Math.ceil(totalRows / pageSize));
  const first = (page - 1) * pageSize;
  return (
    <Stack gap="xs">
      <Rows rows={rows} timeZone={timeZone} phone={phone} />
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
            siblings={phone ? 0 : 1}
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
  timeZone,
  phone,
}: {
  rows: OrderReportRow[];
  timeZone: string;
  phone: boolean;
}) {
  const when = (row: OrderReportRow) => formatDisplayDateTime(new Date(row.createdAt), timeZone);
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
            key={row.lineId}
            component="li"
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            py={8}
            style={{ borderBottom: '1px solid var(--tf-line)' }}
          >
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed">
                {row.tableLabel} · {row.quantity} × {formatInr(row.unitPricePaise)}
              </Text>
              <Text size="xs" c="dimmed">
                {when(row)}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={numeric}>
              {formatInr(row.lineTotalPaise)}
            </Text>
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
            <Table.Th>{TABLE_NUMBER}</Table.Th>
            <Table.Th>{ORDER_DATE}</Table.Th>
            <Table.Th ta="right">{QUANTITY}</Table.Th>
            <Table.Th>{ITEM_NAME}</Table.Th>
            <Table.Th ta="right">{PRICE}</Table.Th>
            <Table.Th ta="right">{TOTAL}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.lineId}>
              <Table.Td>{row.tableLabel}</Table.Td>
              <Table.Td style={numeric}>{when(row)}</Table.Td>
              <Table.Td ta="right" style={numeric}>
                {row.quantity}
              </Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatInr(row.unitPricePaise)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatInr(row.lineTotalPaise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

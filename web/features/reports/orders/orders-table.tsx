import { Stack, Table, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import type { OrderReportRow } from '../../../../shared/schemas/orders-report.schemas';
import { shareFiguresOf, shareLineText } from '../../../../shared/split';
import { numeric, usePhoneLayout } from '../components/report-layout';
import { ReportPagination } from '../components/report-pagination';
import { RowItem, RowList, RowTable } from '../components/report-rows';
import { ORDERS_REPORT_TEXT as text } from './orders-report-text';

const [TABLE_NUMBER, ORDER_DATE, QUANTITY, ITEM_NAME, PRICE, TOTAL] = LABELS.orderReport.columns;

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
  const phone = usePhoneLayout();
  return (
    <Stack gap="xs">
      <Rows rows={rows} timeZone={timeZone} phone={phone} />
      <ReportPagination
        page={page}
        pageSize={pageSize}
        shown={rows.length}
        totalRows={totalRows}
        onPage={onPage}
        onPageSize={onPageSize}
        siblings={phone ? 0 : 1}
      />
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
      <RowList label={text.rowsCaption}>
        {rows.map((row) => (
          <RowItem key={row.lineId} align="flex-start" gap="sm">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.name}
              </Text>
              <Text size="xs" c="dimmed">
                {row.tableLabel} ·{' '}
                {shareLineText(row, formatInr) ??
                  `${row.quantity} × ${formatInr(row.unitPricePaise)}`}
              </Text>
              <Text size="xs" c="dimmed">
                {when(row)}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={numeric}>
              {formatInr(row.lineTotalPaise)}
            </Text>
          </RowItem>
        ))}
      </RowList>
    );
  }
  return (
    <RowTable label={text.rowsCaption} minWidth={640}>
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
            {/* A share of an equal split: as its invoice prints it (fraction of the line). */}
            <Table.Td ta="right" style={numeric}>
              {shareFiguresOf(row)?.fraction ?? row.quantity}
            </Table.Td>
            <Table.Td>
              {row.name}
              {shareLineText(row, formatInr) && (
                <Text size="xs" c="dimmed">
                  {shareLineText(row, formatInr)}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {formatInr(shareFiguresOf(row)?.wholePaise ?? row.unitPricePaise)}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {formatInr(row.lineTotalPaise)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </RowTable>
  );
}

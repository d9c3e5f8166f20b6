import { Stack, Table, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import type { VoidRecord } from '../../../../shared/schemas/voids.schemas';
import { numeric, usePhoneLayout } from '../components/report-layout';
import { ReportPagination } from '../components/report-pagination';
import { RowItem, RowList, RowTable } from '../components/report-rows';
import { VOIDS_TEXT as text } from './voids-text';

type Props = {
  rows: VoidRecord[];
  page: number;
  pageSize: number;
  totalRows: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The branch's time zone: the void's time on its clock. */
  timeZone: string;
};

/** The range's voids a page at a time: a table from 768 px, three-line rows on phones. */
export function VoidsTable({
  rows,
  page,
  pageSize,
  totalRows,
  onPage,
  onPageSize,
  timeZone,
}: Props) {
  const phone = usePhoneLayout();
  const when = (row: VoidRecord) => formatDisplayDateTime(new Date(row.createdAt), timeZone);
  const { columns } = text;
  return (
    <Stack gap="xs">
      {phone ? (
        <RowList label={text.rowsCaption}>
          {rows.map((row) => (
            <RowItem key={row.id} align="flex-start" gap="sm">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.quantity} × {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.tableLabel} · {when(row)}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.reason} · {text.people(row.requestedByName, row.approvedByName)}
                </Text>
              </Stack>
              <Text size="sm" fw={600} style={numeric}>
                {formatInr(row.valuePaise)}
              </Text>
            </RowItem>
          ))}
        </RowList>
      ) : (
        <RowTable label={text.rowsCaption} minWidth={880}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{columns.when}</Table.Th>
              <Table.Th>{columns.table}</Table.Th>
              <Table.Th>{columns.item}</Table.Th>
              <Table.Th ta="right">{columns.quantity}</Table.Th>
              <Table.Th ta="right">{columns.value}</Table.Th>
              <Table.Th>{columns.reason}</Table.Th>
              <Table.Th>{columns.askedBy}</Table.Th>
              <Table.Th>{columns.approvedBy}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td style={numeric}>{when(row)}</Table.Td>
                <Table.Td>{row.tableLabel}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {row.quantity}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {formatInr(row.valuePaise)}
                </Table.Td>
                <Table.Td>{row.reason}</Table.Td>
                <Table.Td>{row.requestedByName}</Table.Td>
                <Table.Td>{row.approvedByName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </RowTable>
      )}
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

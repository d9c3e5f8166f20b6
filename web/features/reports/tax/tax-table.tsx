import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import { RowTable } from '../components/report-rows';
import { numeric } from '../components/report-layout';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned, tabular digits. */
  numeric?: boolean;
}

type Props<Row> = {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The Total row's cells, one per column (none: no total row). */
  footer?: ReactNode[];
  minWidth: number;
};

/** A section's rows as a table that scrolls sideways on narrow screens, with its Total row. */
export function TaxTable<Row>({ label, columns, rows, rowKey, footer, minWidth }: Props<Row>) {
  const align = (column: Column<Row>) =>
    column.numeric ? ({ textAlign: 'right', ...numeric } as const) : undefined;
  return (
    <RowTable label={label} minWidth={minWidth}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header} style={align(column)}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td key={column.header} style={align(column)}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {footer && (
        <Table.Tfoot>
          <Table.Tr fw={700}>
            {footer.map((cell, index) => (
              <Table.Td key={index} style={align(columns[index]!)}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </RowTable>
  );
}

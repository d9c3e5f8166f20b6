import { useState } from 'react';
import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { formatDisplayDate } from '../../../../shared/dates';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import type { VendorStockRow } from '../../../../shared/schemas/vendors.schemas';
import { formatQuantity } from '../../../../shared/units';
import { useBelow } from '../../../lib/use-below';

const [INVOICE_DATE, STOCK_NAME, QUANTITY, PRICE] = LABELS.vendor.stockColumns;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Rows per page: a vendor delivering daily has hundreds of rows in a year. */
const PAGE_SIZE = 10;

/**
 * A vendor's stock purchases (Invoice Date, Stock Name, Quantity, Price), ten to a page: a
 * table on wide screens, a list of two-line rows on phones. Give it a `key` that changes with
 * a new search, so it starts again on the first page.
 */
export function StockTable({ items, caption }: { items: VendorStockRow[]; caption: string }) {
  const [page, setPage] = useState(1);
  const pages = Math.ceil(items.length / PAGE_SIZE);
  const current = Math.min(page, Math.max(pages, 1));
  const first = (current - 1) * PAGE_SIZE;
  const rows = items.slice(first, first + PAGE_SIZE);
  return (
    <Stack gap="xs">
      <Rows items={rows} caption={caption} />
      {pages > 1 && (
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {first + 1}–{first + rows.length} of {items.length}
          </Text>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            siblings={0}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}

function Rows({ items, caption }: { items: VendorStockRow[]; caption: string }) {
  const phone = useBelow('sm');
  if (phone) {
    return (
      <Stack gap={0} component="ul" p={0} m={0} aria-label={caption} style={{ listStyle: 'none' }}>
        {items.map((row) => (
          <Group
            key={row.id}
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
                {row.stockName}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDisplayDate(row.invoiceDate)} · {formatQuantity(row.quantity, row.unit)}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={numeric}>
              {formatInr(row.pricePaise)}
            </Text>
          </Group>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{INVOICE_DATE}</Table.Th>
            <Table.Th>{STOCK_NAME}</Table.Th>
            <Table.Th ta="right">{QUANTITY}</Table.Th>
            <Table.Th ta="right">{PRICE}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={numeric}>{formatDisplayDate(row.invoiceDate)}</Table.Td>
              <Table.Td>{row.stockName}</Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatQuantity(row.quantity, row.unit)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatInr(row.pricePaise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

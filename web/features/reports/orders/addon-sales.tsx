import { Paper, Table, Text, Title } from '@mantine/core';
import { formatInr } from '../../../../shared/money';
import type { AddonSale } from '../../../../shared/schemas/orders-report.schemas';
import { ORDERS_REPORT_TEXT as text } from './orders-report-text';

/**
 * The add-ons sold over the range (docs/menu.md): each option with its group, the units of
 * lines that carried it and what it added to them, most sold first.
 */
export function AddonSales({ sales }: { sales: AddonSale[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="addon-sales-title">
      <Title order={2} size="h4" id="addon-sales-title">
        {text.addonSales}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {text.addonSalesHint}
      </Text>
      {/* Four short columns: they fit a phone, so no scrolling region to reach by keyboard. */}
      <Table striped verticalSpacing="xs" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.addon}</Table.Th>
            <Table.Th>{text.addonGroup}</Table.Th>
            <Table.Th ta="right">{text.addonQuantity}</Table.Th>
            <Table.Th ta="right">{text.addonRevenue}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.map((sale) => (
            <Table.Tr key={`${sale.group}\u0000${sale.name}`}>
              <Table.Td>{sale.name}</Table.Td>
              <Table.Td c="dimmed">{sale.group}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {sale.quantity.toLocaleString('en-IN')}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatInr(sale.revenuePaise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

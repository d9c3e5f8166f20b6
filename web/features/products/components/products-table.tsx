import { Table } from '@mantine/core';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import { PRODUCT_TEXT } from '../product-text';
import { FoodCostText, MarginText } from './cost-text';
import { ProductActions } from './product-actions';

const [NAME, PRICE, SUBCATEGORY, ACTIONS] = LABELS.product.columns;

/** Wide screens: Name, Price, Subcategory, food cost, margin, Actions. */
export function ProductsTable({ items }: { items: ProductSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{NAME}</Table.Th>
            <Table.Th ta="right">{PRICE}</Table.Th>
            <Table.Th>{SUBCATEGORY}</Table.Th>
            <Table.Th ta="right" title={PRODUCT_TEXT.foodCostHint}>
              {PRODUCT_TEXT.foodCost}
            </Table.Th>
            <Table.Th ta="right">{PRODUCT_TEXT.margin}</Table.Th>
            <Table.Th>{ACTIONS}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((product) => (
            <Table.Tr key={product.id}>
              <Table.Td fw={600}>{product.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatInr(product.pricePaise)}
              </Table.Td>
              <Table.Td>{product.subcategory}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <FoodCostText product={product} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <MarginText product={product} />
              </Table.Td>
              <Table.Td>
                <ProductActions product={product} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

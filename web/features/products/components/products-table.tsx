import { Checkbox, Group, Table } from '@mantine/core';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import { gstText } from '../product-form';
import { PRODUCT_TEXT } from '../product-text';
import { FoodCostText, MarginText } from './cost-text';
import { ProductActions } from './product-actions';
import { ProductName } from './product-name';
import { SoldOutControl } from './sold-out-control';

const [NAME, PRICE, SUBCATEGORY, ACTIONS] = LABELS.product.columns;

export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  /** Selects every product shown, or none when all are. */
  toggleAll: () => void;
}

/**
 * Wide screens: a select box, Name (colour, short code, badges, variants), Price, Subcategory,
 * GST, food cost, margin, Actions (sold out, edit, archive).
 */
export function ProductsTable({
  items,
  selection,
}: {
  items: ProductSummary[];
  selection: Selection;
}) {
  const { selected, toggle, toggleAll } = selection;
  const all = items.length > 0 && items.every((product) => selected.has(product.id));
  const some = items.some((product) => selected.has(product.id));
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={PRODUCT_TEXT.selectAll}
                checked={all}
                indeterminate={some && !all}
                onChange={toggleAll}
              />
            </Table.Th>
            <Table.Th>{NAME}</Table.Th>
            <Table.Th ta="right">{PRICE}</Table.Th>
            <Table.Th>{SUBCATEGORY}</Table.Th>
            <Table.Th>{PRODUCT_TEXT.gstColumn}</Table.Th>
            <Table.Th ta="right" title={PRODUCT_TEXT.foodCostHint}>
              {PRODUCT_TEXT.foodCost}
            </Table.Th>
            <Table.Th ta="right">{PRODUCT_TEXT.margin}</Table.Th>
            <Table.Th>{ACTIONS}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((product) => (
            <Table.Tr
              key={product.id}
              bg={selected.has(product.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <Checkbox
                  aria-label={PRODUCT_TEXT.selectProduct(product.name)}
                  checked={selected.has(product.id)}
                  onChange={() => toggle(product.id)}
                />
              </Table.Td>
              <Table.Td>
                <ProductName product={product} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatInr(product.pricePaise)}
              </Table.Td>
              <Table.Td>{product.subcategory}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{gstText(product)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <FoodCostText product={product} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <MarginText product={product} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <SoldOutControl product={product} />
                  <ProductActions product={product} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import { gstText } from '../product-form';
import { PRODUCT_TEXT } from '../product-text';
import { FoodCostText, MarginText } from './cost-text';
import { ProductActions } from './product-actions';
import { ProductName } from './product-name';
import { SoldOutControl } from './sold-out-control';
import type { Selection } from './products-table';

const [, PRICE] = LABELS.product.columns;

/** Phones and tablets: one card per product (two a row on tablets), the table row's facts. */
export function ProductCards({
  items,
  selection,
}: {
  items: ProductSummary[];
  selection: Selection;
}) {
  const { selected, toggle } = selection;
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {items.map((product) => (
        <Paper
          key={product.id}
          component="li"
          withBorder
          radius="md"
          p="md"
          style={{ display: 'flex', flexDirection: 'column' }}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
              <Checkbox
                mt={3}
                aria-label={PRODUCT_TEXT.selectProduct(product.name)}
                checked={selected.has(product.id)}
                onChange={() => toggle(product.id)}
              />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <ProductName product={product} />
                <Text size="sm" c="dimmed">
                  {product.subcategory} ·{' '}
                  <span style={{ whiteSpace: 'nowrap' }}>
                    {PRODUCT_TEXT.gstColumn} {gstText(product)}
                  </span>
                </Text>
              </Stack>
            </Group>
            <ProductActions product={product} />
          </Group>
          <SimpleGrid cols={3} spacing="xs" mt="sm">
            <Fact label={PRICE}>{formatInr(product.pricePaise)}</Fact>
            <Fact label={PRODUCT_TEXT.foodCost}>
              <FoodCostText product={product} />
            </Fact>
            <Fact label={PRODUCT_TEXT.margin}>
              <MarginText product={product} />
            </Fact>
          </SimpleGrid>
          <Group mt="auto" pt="sm" justify="flex-end">
            <SoldOutControl product={product} />
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import { PRODUCT_TEXT } from '../product-text';
import { FoodCostText, MarginText } from './cost-text';
import { ProductActions } from './product-actions';

const [, PRICE] = LABELS.product.columns;

/** Phones: one card per product, the same facts as the table's row. */
export function ProductCards({ items }: { items: ProductSummary[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((product) => (
        <Paper key={product.id} component="li" withBorder radius="md" p="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{product.name}</Text>
              <Text size="sm" c="dimmed">
                {product.subcategory}
              </Text>
            </Stack>
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
        </Paper>
      ))}
    </Stack>
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

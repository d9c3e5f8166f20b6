import { Text, Tooltip } from '@mantine/core';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { formatInr } from '../../../../shared/money';
import { PRODUCT_TEXT } from '../product-text';

/** 'unknown' (with the reason on hover) until every ingredient has been bought once. */
function Unknown() {
  return (
    <Tooltip label={PRODUCT_TEXT.unknownHint}>
      <Text span size="sm" c="dimmed" fs="italic" tabIndex={0}>
        {PRODUCT_TEXT.unknown}
      </Text>
    </Tooltip>
  );
}

export function FoodCostText({ product }: { product: ProductSummary }) {
  return product.foodCostPaise === null ? <Unknown /> : <>{formatInr(product.foodCostPaise)}</>;
}

/** The margin in rupees and as a share of the price (red when sold at a loss). */
export function MarginText({ product }: { product: ProductSummary }) {
  const { marginPaise, pricePaise } = product;
  if (marginPaise === null) return <Unknown />;
  // Display only: the share is rounded for the eye, the amounts stay exact paise.
  const share = pricePaise > 0 ? ` (${Math.round((marginPaise * 100) / pricePaise)}%)` : '';
  return (
    <Text span size="sm" c={marginPaise < 0 ? 'red' : undefined} fw={500}>
      {formatInr(marginPaise)}
      <Text span size="xs" c="dimmed">
        {share}
      </Text>
    </Text>
  );
}

import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { runOutText, variantsText } from '../menu-arrange';
import { PRODUCT_TEXT } from '../product-text';
import { ColourDot } from './colour';

/**
 * A product's name as the list shows it: its colour, short code and badges (sold out, an
 * ingredient run out), then its variants with their prices (a sold-out variant struck through).
 */
export function ProductName({ product }: { product: ProductSummary }) {
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="wrap" align="center">
        <Group gap={6} wrap="nowrap" miw={0}>
          <ColourDot colour={product.colour} />
          <Text fw={600} c={product.soldOut ? 'dimmed' : undefined}>
            {product.name}
          </Text>
        </Group>
        {product.shortCode && (
          <Badge variant="outline" color="gray" radius="sm" size="sm" tt="none">
            <VisuallyHidden>{PRODUCT_TEXT.shortCodePrefix}</VisuallyHidden>
            {product.shortCode}
          </Badge>
        )}
        {product.soldOut && (
          <Badge color="red" variant="light" size="sm">
            {PRODUCT_TEXT.soldOut}
          </Badge>
        )}
        {product.runOutIngredients.length > 0 && (
          <Badge
            color="yellow"
            c="var(--tf-ink)"
            variant="light"
            size="sm"
            tt="none"
            leftSection={<IconAlertTriangle size={12} aria-hidden />}
            style={{ maxWidth: '100%' }}
          >
            {runOutText(product.runOutIngredients)}
          </Badge>
        )}
      </Group>
      {product.variants.length > 0 && (
        <Text size="sm" c="dimmed">
          {product.variants.map((variant, index) => (
            <span key={variant.id}>
              {index > 0 && ' · '}
              {variantsText([variant])}
              {variant.soldOut && (
                <Text span size="sm" c="red" fw={500}>
                  {' '}
                  ({PRODUCT_TEXT.soldOut.toLowerCase()})
                </Text>
              )}
            </span>
          ))}
        </Text>
      )}
    </Stack>
  );
}

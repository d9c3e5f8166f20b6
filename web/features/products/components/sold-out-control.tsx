import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useSetSoldOut } from '../api/menu';
import { PRODUCT_TEXT } from '../product-text';

/**
 * Sold out (86) from the list: one button for a plain product ('Mark sold out' / 'Back on
 * sale'); for a product with variants, a menu with the whole product and each variant.
 */
export function SoldOutControl({ product }: { product: ProductSummary }) {
  const setSoldOut = useSetSoldOut();
  const change = (soldOut: boolean, variant?: { id: string; name: string }) => {
    const name = variant ? `${product.name} (${variant.name})` : product.name;
    setSoldOut.mutate(
      { productId: product.id, body: { soldOut, ...(variant ? { variantId: variant.id } : {}) } },
      {
        onSuccess: () =>
          notifySuccess(soldOut ? PRODUCT_TEXT.nowSoldOut(name) : PRODUCT_TEXT.nowOnSale(name)),
        onError: (error) => notifyActionFailure(error, PRODUCT_TEXT.soldOutFailed),
      },
    );
  };
  const label = (soldOut: boolean) =>
    soldOut ? PRODUCT_TEXT.backOnSale : PRODUCT_TEXT.markSoldOut;

  if (product.variants.length === 0) {
    return (
      <Button
        size="compact-sm"
        // Back on sale is the one call to action of a sold-out row: the brand's filled button.
        variant={product.soldOut ? 'filled' : 'default'}
        loading={setSoldOut.isPending}
        onClick={() => change(!product.soldOut)}
        aria-label={`${label(product.soldOut)}: ${product.name}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        {label(product.soldOut)}
      </Button>
    );
  }
  const anySoldOut = product.soldOut || product.variants.some((variant) => variant.soldOut);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant={anySoldOut ? 'light' : 'default'}
          loading={setSoldOut.isPending}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={PRODUCT_TEXT.soldOutMenu(product.name)}
          style={{ whiteSpace: 'nowrap' }}
        >
          {PRODUCT_TEXT.soldOut}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => change(!product.soldOut)}>
          {PRODUCT_TEXT.wholeProduct}: {label(product.soldOut)}
        </Menu.Item>
        <Menu.Divider />
        {product.variants.map((variant) => (
          <Menu.Item key={variant.id} onClick={() => change(!variant.soldOut, variant)}>
            {variant.name}: {label(variant.soldOut)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import { useRef } from 'react';
import { Menu } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconBan, IconCheck, IconDots } from '@tabler/icons-react';
import { formatInr } from '../../../../shared/money';
import type { MenuItem } from '../../../../shared/schemas/products.schemas';
import { cardPrice, isSoldOut } from '../choices';
import { TABLE_TEXT } from '../table-text';

/** How long a press on a card opens the picker instead of adding (touch screens). */
const LONG_PRESS_MS = 550;

type Props = {
  item: MenuItem;
  /** Items of it on the order (all its lines). */
  quantity: number;
  /** Chosen by the search's arrows (Enter adds it). */
  selected: boolean;
  /** The card's tap: adds it, opens the picker, or says it is sold out. */
  onTap: () => void;
  /** 'Add with choices…' (or a long press): the picker, for add-ons or a note. */
  onChoices: () => void;
  /** Staff and managers: mark it or a variant sold out or back on sale. */
  onSoldOut?: (soldOut: boolean, variantId: string | null) => void;
};

/**
 * A product on the order screen: its colour as an edge, its short code, its full name (wrapping,
 * never cut), its price and how many are on the order. A sold-out card is greyed and says so;
 * tapping it adds nothing. The '⋯' button holds 'Add with choices…' and the sold-out switches.
 */
export function ProductCard({ item, quantity, selected, onTap, onChoices, onSoldOut }: Props) {
  const soldOut = isSoldOut(item);
  const price = cardPrice(item);
  const pressTimer = useRef<number | undefined>(undefined);
  const longPressed = useRef(false);

  const startPress = (event: React.PointerEvent) => {
    if (event.pointerType !== 'touch' || soldOut) return;
    longPressed.current = false;
    pressTimer.current = window.setTimeout(() => {
      longPressed.current = true;
      onChoices();
    }, LONG_PRESS_MS);
  };
  const endPress = () => window.clearTimeout(pressTimer.current);

  return (
    <li
      className="tf-product"
      data-colour={item.colour ?? undefined}
      data-soldout={soldOut || undefined}
      data-selected={selected || undefined}
    >
      <button
        id={`product-${item.id}`}
        type="button"
        className="tf-product-add"
        aria-label={soldOut ? TABLE_TEXT.soldOutLabel(item.name) : TABLE_TEXT.add(item.name)}
        aria-disabled={soldOut || undefined}
        onClick={() => {
          if (longPressed.current) {
            longPressed.current = false;
            return;
          }
          onTap();
        }}
        onPointerDown={startPress}
        onPointerUp={endPress}
        onPointerLeave={endPress}
        onPointerCancel={endPress}
        onContextMenu={(event) => {
          // A long press on a touch screen opens the picker, not the browser's menu.
          if (longPressed.current) event.preventDefault();
        }}
      >
        {item.shortCode && (
          <span className="tf-product-code" aria-hidden>
            {item.shortCode}
          </span>
        )}
        <span className="tf-product-name">{item.name}</span>
        <span className="tf-product-foot">
          {soldOut ? (
            <span className="tf-product-soldout">{TABLE_TEXT.soldOut}</span>
          ) : (
            <span className="tf-product-price">
              {price.from
                ? TABLE_TEXT.fromPrice(formatInr(price.pricePaise))
                : formatInr(price.pricePaise)}
            </span>
          )}
          {quantity > 0 && (
            <span className="tf-product-qty" aria-hidden>
              ×{quantity}
            </span>
          )}
        </span>
      </button>
      <Menu position="bottom-end" withinPortal classNames={{ item: 'tf-menu-item' }}>
        <Menu.Target>
          <button
            type="button"
            className="tf-product-more"
            aria-label={TABLE_TEXT.cardMenu(item.name)}
          >
            <IconDots size={18} aria-hidden />
          </button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            disabled={soldOut}
            onClick={onChoices}
          >
            {TABLE_TEXT.addWithChoices}
          </Menu.Item>
          {onSoldOut && (
            <>
              <Menu.Divider />
              {item.soldOut ? (
                <Menu.Item
                  leftSection={<IconCheck size={16} aria-hidden />}
                  onClick={() => onSoldOut(false, null)}
                >
                  {TABLE_TEXT.backOnSale}
                </Menu.Item>
              ) : (
                <Menu.Item
                  leftSection={<IconBan size={16} aria-hidden />}
                  onClick={() => onSoldOut(true, null)}
                >
                  {TABLE_TEXT.markSoldOut}
                </Menu.Item>
              )}
              {!item.soldOut &&
                item.variants.map((variant) => (
                  <Menu.Item
                    key={variant.id}
                    leftSection={
                      variant.soldOut ? (
                        <IconCheck size={16} aria-hidden />
                      ) : (
                        <IconBan size={16} aria-hidden />
                      )
                    }
                    onClick={() => onSoldOut(!variant.soldOut, variant.id)}
                  >
                    {variant.soldOut
                      ? TABLE_TEXT.variantBackOnSale(variant.name)
                      : TABLE_TEXT.markVariantSoldOut(variant.name)}
                  </Menu.Item>
                ))}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </li>
  );
}

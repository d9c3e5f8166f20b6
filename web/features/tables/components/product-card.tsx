import { memo, useRef } from 'react';
import { IconAdjustmentsHorizontal, IconBan, IconCheck, IconDots } from '@tabler/icons-react';
import { formatInr } from '../../../../shared/money';
import type { MenuItem } from '../../../../shared/schemas/products.schemas';
import { Sheet } from '../../../components/kit/sheet';
import { cardPrice, isSoldOut } from '../choices';
import { TABLE_TEXT } from '../table-text';
import { arrowFocus } from './choice-picker';

/** How long a press on a card opens the picker instead of adding (touch screens). */
const LONG_PRESS_MS = 550;

type Props = {
  item: MenuItem;
  /** Items of it on the order (all its lines). */
  quantity: number;
  /** Chosen by the search's arrows (Enter adds it). */
  selected: boolean;
  /** The card's tap: adds it, opens the picker, or says it is sold out. */
  onTap: (item: MenuItem) => void;
  /** A long press: the picker, for add-ons or a note. */
  onChoices: (item: MenuItem) => void;
  /** '⋯': the card's other actions (ProductActions). */
  onMore: (item: MenuItem) => void;
};

/**
 * A product on the order screen: its colour as an edge, its short code, its full name (wrapping,
 * never cut), its price and how many are on the order. A sold-out card is greyed and says so;
 * tapping it adds nothing. The '⋯' button opens 'Add with choices…' and the sold-out switches.
 * Memoised: a tap draws again only the card whose quantity changed (the callbacks are stable).
 */
export const ProductCard = memo(function ProductCard({
  item,
  quantity,
  selected,
  onTap,
  onChoices,
  onMore,
}: Props) {
  const soldOut = isSoldOut(item);
  const price = cardPrice(item);
  const pressTimer = useRef<number | undefined>(undefined);
  const longPressed = useRef(false);

  const startPress = (event: React.PointerEvent) => {
    if (event.pointerType !== 'touch' || soldOut) return;
    longPressed.current = false;
    pressTimer.current = window.setTimeout(() => {
      longPressed.current = true;
      onChoices(item);
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
          onTap(item);
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
      <button
        type="button"
        className="tf-product-more"
        aria-label={TABLE_TEXT.cardMenu(item.name)}
        aria-haspopup="dialog"
        onClick={() => onMore(item)}
      >
        <IconDots size={18} aria-hidden />
      </button>
    </li>
  );
});

/**
 * A card's other actions, one sheet for the whole menu: 'Add with choices…', and for those who
 * may, the product or one of its variants sold out or back on sale. A menu of items (arrows move
 * between them); choosing one closes the sheet.
 */
export function ProductActions({
  item,
  onClose,
  onChoices,
  onSoldOut,
}: {
  item: MenuItem | null;
  onClose: () => void;
  onChoices: (item: MenuItem) => void;
  onSoldOut?: (item: MenuItem, soldOut: boolean, variantId: string | null) => void;
}) {
  const act = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Sheet
      opened={item !== null}
      onClose={onClose}
      title={item?.name}
      closeLabel={TABLE_TEXT.closePicker}
    >
      {item && (
        <div
          role="menu"
          aria-label={TABLE_TEXT.cardMenu(item.name)}
          className="tf-actions"
          onKeyDown={arrowFocus}
        >
          <button
            type="button"
            role="menuitem"
            className="tf-action"
            disabled={isSoldOut(item)}
            data-autofocus={!isSoldOut(item) || undefined}
            onClick={act(() => onChoices(item))}
          >
            <IconAdjustmentsHorizontal size={18} aria-hidden />
            {TABLE_TEXT.addWithChoices}
          </button>
          {onSoldOut &&
            (item.soldOut ? (
              <button
                type="button"
                role="menuitem"
                className="tf-action"
                data-autofocus
                onClick={act(() => onSoldOut(item, false, null))}
              >
                <IconCheck size={18} aria-hidden />
                {TABLE_TEXT.backOnSale}
              </button>
            ) : (
              <button
                type="button"
                role="menuitem"
                className="tf-action"
                onClick={act(() => onSoldOut(item, true, null))}
              >
                <IconBan size={18} aria-hidden />
                {TABLE_TEXT.markSoldOut}
              </button>
            ))}
          {onSoldOut &&
            !item.soldOut &&
            item.variants.map((variant) => (
              <button
                key={variant.id}
                type="button"
                role="menuitem"
                className="tf-action"
                onClick={act(() => onSoldOut(item, !variant.soldOut, variant.id))}
              >
                {variant.soldOut ? (
                  <IconCheck size={18} aria-hidden />
                ) : (
                  <IconBan size={18} aria-hidden />
                )}
                {variant.soldOut
                  ? TABLE_TEXT.variantBackOnSale(variant.name)
                  : TABLE_TEXT.markVariantSoldOut(variant.name)}
              </button>
            ))}
        </div>
      )}
    </Sheet>
  );
}

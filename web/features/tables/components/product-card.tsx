import { memo, useRef } from 'react';
import { IconDots } from '@tabler/icons-react';
import { formatInr } from '../../../../shared/money';
import type { MenuItem } from '../../../../shared/schemas/products.schemas';
import { lazyPiece, usePreloadWhenIdle } from '../../../components/kit/lazy';
import { Sheet } from '../../../components/kit/sheet';
import { useProductQuantity } from '../api/get-table-order';
import type { ActionsProps } from './product-actions';
import { cardPrice, isSoldOut } from '../choices';
import { TABLE_TEXT } from '../table-text';

const ActionsMenu = lazyPiece(async () => (await import('./product-actions')).ProductActionsMenu);

/** How long a press on a card opens the picker instead of adding (touch screens). */
const LONG_PRESS_MS = 550;

type Props = {
  item: MenuItem;
  /** The table whose order holds it: the card shows how many (all its lines). */
  tableId: string;
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
 * Memoised, and told of its own quantity at once: a tap draws again this card alone, in the tap's
 * own frame (issue 32, item 4; the callbacks are stable).
 */
export const ProductCard = memo(function ProductCard({
  item,
  tableId,
  selected,
  onTap,
  onChoices,
  onMore,
}: Props) {
  const quantity = useProductQuantity(tableId, item.id);
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
 * A card's other actions, one sheet for the whole menu (product-actions.tsx, loaded after the
 * screen's first view): 'Add with choices…', and for those who may, the product or one of its
 * variants sold out or back on sale.
 */
export function ProductActions(props: ActionsProps) {
  usePreloadWhenIdle(ActionsMenu);
  return (
    <Sheet
      opened={props.item !== null}
      onClose={props.onClose}
      title={props.item?.name}
      closeLabel={TABLE_TEXT.closePicker}
    >
      {props.item && <ActionsMenu {...props} item={props.item} />}
    </Sheet>
  );
}

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
/** How far a finger may move between down and up and still tap (CSS px; Android's slop is 8 dp). */
const TAP_SLOP_PX = 10;

/** A finger on a card: where it went down, its long-press timer, and what it did. */
type TouchPress = {
  x: number;
  y: number;
  down: boolean;
  timer: number | undefined;
  longPressed: boolean;
  /** Counted at the finger's lift: the click the browser makes of it is not a second tap. */
  tapped: boolean;
};
const idlePress = (): TouchPress => ({
  x: 0,
  y: 0,
  down: false,
  timer: undefined,
  longPressed: false,
  tapped: false,
});

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
  const press = useRef<TouchPress>(idlePress());

  /** The finger held: the picker, once (at the timer or the browser's long press, the first). */
  const longPress = () => {
    const current = press.current;
    if (!current.down || current.longPressed) return current.longPressed;
    window.clearTimeout(current.timer);
    current.longPressed = true;
    onChoices(item);
    return true;
  };
  const startPress = (event: React.PointerEvent) => {
    if (event.pointerType !== 'touch' || soldOut) return;
    press.current = { ...idlePress(), x: event.clientX, y: event.clientY, down: true };
    press.current.timer = window.setTimeout(longPress, LONG_PRESS_MS);
  };
  const cancelPress = () => {
    window.clearTimeout(press.current.timer);
    press.current.down = false;
  };
  const endPress = (event: React.PointerEvent) => {
    const current = press.current;
    window.clearTimeout(current.timer);
    if (event.pointerType !== 'touch' || !current.down || current.longPressed) return;
    current.down = false;
    if (Math.hypot(event.clientX - current.x, event.clientY - current.y) > TAP_SLOP_PX) return;
    // The finger is up: the tap counts now, not at the click the browser makes of it a gesture
    // later (some 15–30 ms on a slow phone). touchend cancels that click (below).
    current.tapped = true;
    onTap(item);
  };

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
          // A mouse, a keyboard or a screen reader: touch was handled at the finger's lift.
          if (press.current.longPressed || press.current.tapped) press.current = idlePress();
          else onTap(item);
        }}
        onPointerDown={startPress}
        onPointerUp={endPress}
        onPointerLeave={cancelPress}
        onPointerCancel={cancelPress}
        onTouchEnd={(event) => {
          // No click after a tap already counted or a long press: no second add, and no
          // "ghost" click on what they opened under the finger (the choice picker).
          const { tapped, longPressed } = press.current;
          if ((tapped || longPressed) && event.cancelable) {
            event.preventDefault();
            press.current = idlePress();
          }
        }}
        onContextMenu={(event) => {
          // A long press on a touch screen opens the picker, not the browser's menu. Chrome
          // says a long press with this event (after Android's own delay, 400-500 ms), and
          // cancels the finger's pointer unless it is refused: it opens the picker too.
          if (longPress()) event.preventDefault();
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

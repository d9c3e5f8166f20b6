import { IconAdjustmentsHorizontal, IconBan, IconCheck } from '@tabler/icons-react';
import type { MenuItem } from '../../../../shared/schemas/products.schemas';
import { arrowFocus } from '../../../components/kit/arrow-focus';
import { isSoldOut } from '../choices';
import { TABLE_TEXT } from '../table-text';

export type ActionsProps = {
  item: MenuItem | null;
  onClose: () => void;
  onChoices: (item: MenuItem) => void;
  onSoldOut?: (item: MenuItem, soldOut: boolean, variantId: string | null) => void;
};

/**
 * A card's other actions (product-card.tsx's sheet): 'Add with choices…', and for those who may,
 * the product or one of its variants sold out or back on sale. A menu of items (arrows move
 * between them); choosing one closes the sheet.
 */
export function ProductActionsMenu({
  item,
  onClose,
  onChoices,
  onSoldOut,
}: ActionsProps & { item: MenuItem }) {
  const act = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
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
  );
}

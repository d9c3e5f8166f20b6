import { memo, useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import { IconSearch } from '@tabler/icons-react';
import type { Menu, MenuItem } from '../../../../shared/schemas/products.schemas';
import { itemByShortCode, searchItems } from '../choices';
import { TABLE_TEXT } from '../table-text';
import { ProductCard } from './product-card';

type Props = {
  menu: Menu;
  /** The table whose order each card reads its quantity from. */
  tableId: string;
  /** A card's tap, or Enter in the search: add, open the picker, or say it is sold out. */
  onTap: (item: MenuItem) => void;
  /** A long press or Shift+Enter: the picker, for add-ons or a note. */
  onChoices: (item: MenuItem) => void;
  /** A card's '⋯': its other actions. */
  onMore: (item: MenuItem) => void;
  /** Wider screens: 'Skip to the order' after the search, for the keyboard (Pay in two keys). */
  onSkipToOrder?: () => void;
};

/** The cards a phone shows and more: the menu's first render draws these alone. */
const FIRST_CARDS = 16;

/** A keyboard and a mouse: the search takes the focus at once, ready for a name or code. */
const FINE_POINTER = '(hover: hover) and (pointer: fine)';

/**
 * The menu side of the order screen: a search box made for a busy counter (type a name or a
 * short code, ↑/↓ to choose, Enter adds: an exact short code first, else the chosen match, and
 * the text is selected so the next can be typed at once), the subcategories in the branch's
 * order as a row of chips that scrolls sideways, and the product cards. Memoised (its props are
 * stable): a change of the order draws again only the cards whose quantity changed, by their own
 * reading of it.
 */
export const MenuPanel = memo(function MenuPanel({
  menu,
  tableId,
  onTap,
  onChoices,
  onMore,
  onSkipToOrder,
}: Props) {
  const [subcategory, setSubcategory] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState(0);
  // Not on touch screens: their keyboard would cover the menu (read once, at the first render).
  const [focusFirst] = useState(() => window.matchMedia(FINE_POINTER).matches);

  const subcategories = useMemo(() => {
    const used = new Set(menu.items.map((item) => item.subcategory));
    const ordered = menu.subcategories.filter((name) => used.has(name));
    return [...ordered, ...[...used].filter((name) => !ordered.includes(name))];
  }, [menu]);
  const needle = search.trim();
  const shown = useMemo(
    () =>
      needle
        ? searchItems(menu.items, needle)
        : menu.items.filter((item) => subcategory === null || item.subcategory === subcategory),
    [menu, needle, subcategory],
  );
  const active = needle && shown.length > 0 ? Math.min(selected, shown.length - 1) : -1;
  // The first render draws the cards in view; the rest of a long menu follows in a background
  // render (React's transition, in slices): the screen is not one long task on a slow phone.
  const allCards = useDeferredValue(true, false);
  const cards = allCards ? shown : shown.slice(0, FIRST_CARDS);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((index) => Math.max(0, Math.min(shown.length - 1, index + step)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!needle) return;
      const item = itemByShortCode(menu.items, needle) ?? shown[Math.max(active, 0)];
      if (!item) return;
      event.currentTarget.select();
      // Shift+Enter: the picker, for add-ons or a note.
      if (event.shiftKey) onChoices(item);
      else onTap(item);
    } else if (event.key === 'Escape' && search) {
      event.preventDefault();
      setSearch('');
    }
  };

  return (
    <div className="tf-menu">
      <div className="tf-menu-tools">
        <div className="tf-search">
          <IconSearch size={18} aria-hidden />
          <input
            type="search"
            className="tf-input"
            aria-label={TABLE_TEXT.search}
            placeholder={TABLE_TEXT.searchPlaceholder}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setSelected(0);
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
            autoFocus={focusFirst}
            enterKeyHint="go"
            aria-controls="product-cards"
            aria-activedescendant={active >= 0 ? `product-${shown[active]?.id}` : undefined}
            aria-describedby="tf-search-hint"
          />
        </div>
        <p id="tf-search-hint" className="tf-search-hint">
          {TABLE_TEXT.searchHint}
        </p>
        {onSkipToOrder && (
          <button type="button" className="tf-skip" onClick={onSkipToOrder}>
            {TABLE_TEXT.skipToOrder}
          </button>
        )}
        {!needle && subcategories.length > 1 && (
          <div role="group" aria-label={TABLE_TEXT.subcategories} className="tf-chips">
            {[null, ...subcategories].map((name) => (
              <button
                key={name ?? ''}
                type="button"
                className="tf-chip"
                aria-pressed={subcategory === name}
                onClick={() => setSubcategory(name)}
              >
                {name ?? TABLE_TEXT.allSubcategories}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="tf-menu-scroll">
        {shown.length === 0 ? (
          <p className="tf-menu-empty">{TABLE_TEXT.noMatch}</p>
        ) : (
          <ul id="product-cards" className="tf-products">
            {cards.map((item, index) => (
              <ProductCard
                key={item.id}
                item={item}
                tableId={tableId}
                selected={index === active}
                onTap={onTap}
                onChoices={onChoices}
                onMore={onMore}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
});

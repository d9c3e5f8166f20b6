import { MAX_QUICK_NOTE_LENGTH, MAX_QUICK_NOTES, normaliseNote } from '../../../shared/menu';
import { formatInr } from '../../../shared/money';
import { MENU_TEXT, type MenuOrderBody } from '../../../shared/schemas/menu.schemas';

/**
 * The product list's menu logic: how variants and run-out ingredients read, the arrange mode's
 * moves (subcategories and products up and down) and the quick notes' list.
 */

/** '₹180' for whole rupees, '₹99.50' otherwise: prices in a line of text. */
export const shortInr = (paise: number) => formatInr(paise).replace(/\.00$/, '');

/** A product's variants in a line: 'Half ₹180 · Full ₹320'. */
export const variantsText = (variants: readonly { name: string; pricePaise: number }[]) =>
  variants.map((variant) => `${variant.name} ${shortInr(variant.pricePaise)}`).join(' · ');

/** The warning for ingredients of a product's recipes with no stock left: 'Out of: Paneer'. */
export const runOutText = (ingredients: readonly string[]) => `Out of: ${ingredients.join(', ')}`;

/** `list` with the item at `from` moved to `to` (a new array; out of range: unchanged). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** One subcategory of the arrange mode with its products' ids, in order. */
export interface ArrangeSection {
  subcategory: string;
  productIds: string[];
}

/** The product list (in menu order) as subcategories, each with its products. */
export function arrangeSections(
  items: readonly { id: string; subcategory: string }[],
): ArrangeSection[] {
  const sections: ArrangeSection[] = [];
  const byName = new Map<string, ArrangeSection>();
  for (const item of items) {
    let section = byName.get(item.subcategory);
    if (!section) {
      section = { subcategory: item.subcategory, productIds: [] };
      byName.set(item.subcategory, section);
      sections.push(section);
    }
    section.productIds.push(item.id);
  }
  return sections;
}

/** Moves the product at `index` of section `section` by `delta` places within its section. */
export function moveProduct(
  sections: readonly ArrangeSection[],
  section: number,
  index: number,
  delta: number,
): ArrangeSection[] {
  return sections.map((current, at) =>
    at === section
      ? { ...current, productIds: moveItem(current.productIds, index, index + delta) }
      : current,
  );
}

/** PUT /api/menu/order's body: every subcategory, then every product, in the order shown. */
export const menuOrderBody = (sections: readonly ArrangeSection[]): MenuOrderBody => ({
  subcategories: sections.map((section) => section.subcategory),
  productIds: sections.flatMap((section) => section.productIds),
});

/** True when the arrangement differs from where it started. */
export const arrangementChanged = (
  before: readonly ArrangeSection[],
  after: readonly ArrangeSection[],
) => JSON.stringify(menuOrderBody(before)) !== JSON.stringify(menuOrderBody(after));

/** A quick note typed into the settings: added at the end, or why it cannot be. */
export function addQuickNote(
  notes: readonly string[],
  typed: string,
): { notes: string[]; error?: undefined } | { notes?: undefined; error: string } {
  const note = normaliseNote(typed);
  if (note === '') return { error: 'Type a note first' };
  if (note.length > MAX_QUICK_NOTE_LENGTH) {
    return { error: `Quick note must be at most ${MAX_QUICK_NOTE_LENGTH} characters` };
  }
  if (notes.some((existing) => existing.toLowerCase() === note.toLowerCase())) {
    return { error: MENU_TEXT.duplicateQuickNote };
  }
  if (notes.length >= MAX_QUICK_NOTES) return { error: `At most ${MAX_QUICK_NOTES} quick notes` };
  return { notes: [...notes, note] };
}

import { sumPaise } from '../../../shared/money';
import {
  addonChoicesProblem,
  lineNameOf,
  MAX_NOTE_LENGTH,
  needsPicker,
  normaliseNote,
  type LineAddon,
} from '../../../shared/menu';
import type { MenuAddonGroup } from '../../../shared/schemas/menu.schemas';
import type { MenuItem } from '../../../shared/schemas/products.schemas';
import type { LineProduct } from './order-lines';
import { TABLE_TEXT } from './table-text';

/**
 * What the order screen does with a product's choices (docs/menu.md, "The order screen"): which
 * tap adds at once and which opens the picker, the line a set of choices makes, the picker's
 * rules (add-on min and max through shared/menu.ts), short codes and quick notes.
 */

/** What the picker holds: a variant (null for a plain product), add-on options, a note. */
export interface Choices {
  variantId: string | null;
  addonIds: readonly string[];
  note: string;
}

/** The add-on groups a product offers, in the picker's order. */
export function groupsOf(item: MenuItem, groups: readonly MenuAddonGroup[]): MenuAddonGroup[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  return item.addonGroupIds.flatMap((id) => byId.get(id) ?? []);
}

/** Sold out as the screen shows it: the product, or every one of its variants. */
export function isSoldOut(item: MenuItem): boolean {
  return item.soldOut || (item.variants.length > 0 && item.variants.every((v) => v.soldOut));
}

/** The default variant when it can be ordered now. */
function defaultVariant(item: MenuItem) {
  return item.variants.find((variant) => variant.isDefault && !variant.soldOut) ?? null;
}

/**
 * 'add': one tap on the card adds it (a plain product, or one with a default variant on sale,
 * and no required add-on group); 'picker': a choice must be made first.
 */
export function cardAction(item: MenuItem, groups: readonly MenuAddonGroup[]): 'add' | 'picker' {
  const offered = groupsOf(item, groups);
  if (needsPicker({ variants: item.variants, addonGroups: offered })) return 'picker';
  return item.variants.length > 0 && !defaultVariant(item) ? 'picker' : 'add';
}

/** The picker's first state: the default variant (when on sale), nothing else chosen. */
export function defaultChoices(item: MenuItem): Choices {
  return { variantId: defaultVariant(item)?.id ?? null, addonIds: [], note: '' };
}

/** The tap these choices make: the line's name, unit price (variant or product plus add-ons). */
export function lineProductOf(
  item: MenuItem,
  groups: readonly MenuAddonGroup[],
  choices: Choices,
): LineProduct {
  const variant = item.variants.find((v) => v.id === choices.variantId) ?? null;
  const chosen = new Set(choices.addonIds);
  const addons: LineAddon[] = groupsOf(item, groups).flatMap((group) =>
    group.options
      .filter((option) => chosen.has(option.id))
      .map((option) => ({
        id: option.id,
        group: group.name,
        name: option.name,
        pricePaise: option.pricePaise,
      })),
  );
  return {
    productId: item.id,
    name: lineNameOf(item.name, variant?.name ?? null),
    unitPricePaise: sumPaise([
      variant?.pricePaise ?? item.pricePaise,
      ...addons.map((addon) => addon.pricePaise),
    ]),
    subcategory: item.subcategory,
    variantId: variant?.id ?? null,
    variantName: variant?.name ?? null,
    addons,
    note: normaliseNote(choices.note),
  };
}

/**
 * Why these choices cannot be added yet, in words for the waiter; null when they can: a
 * variant to choose (or one sold out), an add-on group's min or max, a note too long.
 */
export function choicesProblem(
  item: MenuItem,
  groups: readonly MenuAddonGroup[],
  choices: Choices,
): string | null {
  if (isSoldOut(item)) return TABLE_TEXT.soldOutRefused(item.name);
  if (item.variants.length > 0) {
    const variant = item.variants.find((v) => v.id === choices.variantId);
    if (!variant)
      return `${TABLE_TEXT.chooseVariant}: ${item.variants.map((v) => v.name).join(', ')}`;
    if (variant.soldOut) return TABLE_TEXT.soldOutRefused(lineNameOf(item.name, variant.name));
  }
  if (normaliseNote(choices.note).length > MAX_NOTE_LENGTH) {
    return `Note must be at most ${MAX_NOTE_LENGTH} characters`;
  }
  return addonChoicesProblem(groupsOf(item, groups), choices.addonIds);
}

/**
 * The add-ons after a tap on an option: a group of one choice takes the new one instead of its
 * other; a group at its maximum takes no more (the tap does nothing); a chosen one is taken off.
 */
export function toggleAddon(
  group: MenuAddonGroup,
  addonIds: readonly string[],
  optionId: string,
): string[] {
  if (addonIds.includes(optionId)) return addonIds.filter((id) => id !== optionId);
  const inGroup = new Set(group.options.map((option) => option.id));
  if (group.maxChoices === 1) return [...addonIds.filter((id) => !inGroup.has(id)), optionId];
  const count = addonIds.filter((id) => inGroup.has(id)).length;
  return count >= group.maxChoices ? [...addonIds] : [...addonIds, optionId];
}

/** A quick note on or off in a note: notes are joined with ', '. */
export function toggleQuickNote(note: string, quick: string): string {
  const parts = note
    .split(',')
    .map((part) => normaliseNote(part))
    .filter(Boolean);
  const at = parts.findIndex((part) => part.toLowerCase() === quick.toLowerCase());
  if (at >= 0) parts.splice(at, 1);
  else parts.push(quick);
  return parts.join(', ');
}

/** Whether the note holds this quick note (for its chip's pressed state). */
export function hasQuickNote(note: string, quick: string): boolean {
  return note.split(',').some((part) => normaliseNote(part).toLowerCase() === quick.toLowerCase());
}

/** The product whose short code is exactly the text typed (any case). */
export function itemByShortCode(items: readonly MenuItem[], text: string): MenuItem | undefined {
  const code = text.trim().toUpperCase();
  return code ? items.find((item) => item.shortCode === code) : undefined;
}

/**
 * The products a search finds, in menu order: an exact short code first, then short codes that
 * start with the text, then names that hold it.
 */
export function searchItems(items: readonly MenuItem[], text: string): MenuItem[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...items];
  const code = needle.toUpperCase();
  const rank = (item: MenuItem) =>
    item.shortCode === code
      ? 0
      : item.shortCode?.startsWith(code)
        ? 1
        : item.name.toLowerCase().includes(needle)
          ? 2
          : 3;
  return items
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.item);
}

/** The price a card shows: the product's, or 'from' the cheapest variant on sale. */
export function cardPrice(item: MenuItem): { pricePaise: number; from: boolean } {
  const prices = item.variants.filter((v) => !v.soldOut).map((v) => v.pricePaise);
  if (prices.length < 2 || defaultVariant(item))
    return { pricePaise: item.pricePaise, from: false };
  return { pricePaise: Math.min(...prices), from: new Set(prices).size > 1 };
}

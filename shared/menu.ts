/**
 * The menu's rules shared by the server and the order screen (docs/menu.md): what makes two
 * taps the same order line, how a line's price is made, and which choices a product takes.
 *
 * A line is a product, at most one variant (Half / Full), a set of add-on options (cheese,
 * mild) and a note ('no onion'). Taps with the same four add to one line; any difference
 * makes another line. The server computes the key of every tap with `lineKeyOf` (the device's
 * is never trusted) and the order screen uses the same function to lay its unsent taps over
 * the server's lines.
 */

/** Colours a product's card may carry on the order screen (theme palette names). */
export const PRODUCT_COLOURS = [
  'red',
  'orange',
  'yellow',
  'lime',
  'green',
  'teal',
  'cyan',
  'blue',
  'violet',
  'pink',
  'gray',
] as const;
export type ProductColour = (typeof PRODUCT_COLOURS)[number];

/** Largest change of one line in one tap (the order screen splits a larger one). */
export const MAX_LINE_DELTA = 50;
/** Most variants of one product. */
export const MAX_VARIANTS = 12;
/** Most add-on groups on one product, and options in one group. */
export const MAX_PRODUCT_ADDON_GROUPS = 10;
export const MAX_GROUP_OPTIONS = 30;
/** Most add-on options on one line (groups × their max choices are capped by this too). */
export const MAX_LINE_ADDONS = 30;
/** Longest note on a line, and longest quick note. */
export const MAX_NOTE_LENGTH = 140;
export const MAX_QUICK_NOTE_LENGTH = 40;
/**
 * Most lines on one table's order, and most add-on groups of a branch (live ones). Far above
 * any real order or menu (a wedding's table of 80 guests orders some 60 different lines), they
 * stop a device or a script from growing an order until a tap answers megabytes: every tap
 * answers the whole order (docs/counter.md, "Limits").
 */
export const MAX_ORDER_LINES = 300;
export const MAX_BRANCH_ADDON_GROUPS = 200;
/** Most quick notes of a branch. */
export const MAX_QUICK_NOTES = 20;
/** A product's short code: 1–8 letters or digits, stored upper case. */
export const SHORT_CODE_PATTERN = /^[A-Z0-9]{1,8}$/;

/** The quick notes of a branch that has not set its own. */
export const DEFAULT_QUICK_NOTES = [
  'Less spicy',
  'Extra spicy',
  'No onion',
  'No garlic',
  'Jain',
  'Parcel',
] as const;

/** An add-on as an order line and a bill line keep it (snapshot at the first tap). */
export interface LineAddon {
  id: string;
  /** The group's name ('Extras'). */
  group: string;
  name: string;
  pricePaise: number;
}

/** The choices of a tap: what, besides the quantity, a line is. */
export interface LineChoices {
  productId: string;
  variantId: string | null;
  addonIds: readonly string[];
  note: string;
}

/** A note as it is stored: trimmed, inner runs of white space made one space. */
export function normaliseNote(note: string): string {
  return note.trim().replace(/\s+/g, ' ');
}

/** The add-on ids of a line in one order, each once. */
export function sortedAddonIds(addonIds: readonly string[]): string[] {
  return [...new Set(addonIds)].sort();
}

/**
 * The identity of an order line: product, variant, add-on ids (sorted, each once) and
 * normalised note. A plain product's key is `<productId>|||`.
 */
export function lineKeyOf(choices: LineChoices): string {
  return [
    choices.productId,
    choices.variantId ?? '',
    sortedAddonIds(choices.addonIds).join(','),
    normaliseNote(choices.note),
  ].join('|');
}

/** The name a line carries: the product's, with the variant's in brackets. */
export function lineNameOf(productName: string, variantName: string | null): string {
  return variantName === null ? productName : `${productName} (${variantName})`;
}

/** What the picker and the server need of an add-on group to check a line's choices. */
export interface ChoiceGroup {
  id: string;
  name: string;
  minChoices: number;
  maxChoices: number;
  options: readonly { id: string }[];
}

/**
 * Why these add-on choices cannot make a line of a product offering `groups`, in words for the
 * waiter; null when they can. Each group takes between its min and max options; an option
 * must belong to one of the groups.
 */
export function addonChoicesProblem(
  groups: readonly ChoiceGroup[],
  addonIds: readonly string[],
): string | null {
  const chosen = new Set(addonIds);
  let known = 0;
  for (const group of groups) {
    const count = group.options.filter((option) => chosen.has(option.id)).length;
    known += count;
    if (count < group.minChoices) {
      return group.minChoices === 1
        ? `Choose ${group.name}`
        : `Choose at least ${group.minChoices} of ${group.name}`;
    }
    if (count > group.maxChoices) {
      return group.maxChoices === 1
        ? `Choose one ${group.name}`
        : `Choose at most ${group.maxChoices} of ${group.name}`;
    }
  }
  return known === chosen.size ? null : 'An add-on is not offered with this product';
}

/** True when a product is ordered through the picker: a choice must be made first. */
export function needsPicker(item: {
  variants: readonly { isDefault: boolean }[];
  addonGroups: readonly { minChoices: number }[];
}): boolean {
  const variantToChoose =
    item.variants.length > 0 && !item.variants.some((variant) => variant.isDefault);
  return variantToChoose || item.addonGroups.some((group) => group.minChoices > 0);
}

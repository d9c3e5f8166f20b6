import { describe, expect, it } from 'vitest';
import type { MenuAddonGroup } from '../../../shared/schemas/menu.schemas';
import type { MenuItem } from '../../../shared/schemas/products.schemas';
import {
  cardAction,
  cardPrice,
  choicesProblem,
  defaultChoices,
  itemByShortCode,
  lineProductOf,
  searchItems,
  toggleAddon,
  toggleQuickNote,
} from './choices';

const item = (patch: Partial<MenuItem>): MenuItem => ({
  id: 'p-tea',
  name: 'Masala Chai',
  pricePaise: 3_000,
  subcategory: 'Drinks',
  shortCode: null,
  colour: null,
  position: 0,
  soldOut: false,
  addonGroupIds: [],
  variants: [],
  ...patch,
});
const variant = (id: string, pricePaise: number, patch = {}) => ({
  id,
  name: id === 'v-half' ? 'Half' : 'Full',
  pricePaise,
  isDefault: false,
  soldOut: false,
  ...patch,
});
const extras: MenuAddonGroup = {
  id: 'g-extras',
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  options: [
    { id: 'o-cheese', name: 'Cheese', pricePaise: 3_000 },
    { id: 'o-egg', name: 'Egg', pricePaise: 2_000 },
    { id: 'o-raita', name: 'Raita', pricePaise: 1_500 },
  ],
};
const spice: MenuAddonGroup = {
  id: 'g-spice',
  name: 'Spice level',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { id: 'o-mild', name: 'Mild', pricePaise: 0 },
    { id: 'o-hot', name: 'Hot', pricePaise: 0 },
  ],
};
const GROUPS = [extras, spice];
const biryani = item({
  id: 'p-biryani',
  name: 'Chicken Biryani',
  pricePaise: 18_000,
  shortCode: 'CB',
  variants: [variant('v-half', 18_000), variant('v-full', 32_000)],
  addonGroupIds: ['g-extras'],
});

describe('what a tap on a card does', () => {
  it('adds a plain product, or one with a default variant on sale and nothing required, at once', () => {
    expect(cardAction(item({}), GROUPS)).toBe('add');
    expect(cardAction(item({ addonGroupIds: ['g-extras'] }), GROUPS)).toBe('add');
    const withDefault = item({
      variants: [variant('v-half', 18_000, { isDefault: true }), variant('v-full', 32_000)],
    });
    expect(cardAction(withDefault, GROUPS)).toBe('add');
    expect(defaultChoices(withDefault).variantId).toBe('v-half');
  });

  it('opens the picker for a variant to choose, a required group, or a default sold out', () => {
    expect(cardAction(biryani, GROUPS)).toBe('picker');
    expect(cardAction(item({ addonGroupIds: ['g-spice'] }), GROUPS)).toBe('picker');
    const defaultGone = item({
      variants: [
        variant('v-half', 18_000, { isDefault: true, soldOut: true }),
        variant('v-full', 32_000),
      ],
    });
    expect(cardAction(defaultGone, GROUPS)).toBe('picker');
    expect(defaultChoices(defaultGone).variantId).toBeNull();
  });
});

describe('the line a set of choices makes', () => {
  it('names the variant and prices the variant plus the add-ons', () => {
    const product = lineProductOf(biryani, GROUPS, {
      variantId: 'v-full',
      addonIds: ['o-egg', 'o-cheese'],
      note: ' no  onion ',
    });
    expect(product).toMatchObject({
      productId: 'p-biryani',
      name: 'Chicken Biryani (Full)',
      unitPricePaise: 37_000,
      variantId: 'v-full',
      variantName: 'Full',
      note: 'no onion',
    });
    expect(product.addons?.map((addon) => [addon.group, addon.name])).toEqual([
      ['Extras', 'Cheese'],
      ['Extras', 'Egg'],
    ]);
  });

  it('says what is missing: a variant, a sold-out one, a required group', () => {
    const none = { variantId: null, addonIds: [], note: '' };
    expect(choicesProblem(biryani, GROUPS, none)).toBe('Choose one: Half, Full');
    const halfGone = { ...biryani, variants: [variant('v-half', 1, { soldOut: true })] };
    expect(choicesProblem(halfGone, GROUPS, { ...none, variantId: 'v-half' })).toBe(
      'Chicken Biryani is sold out',
    );
    const dosa = item({ name: 'Dosa', addonGroupIds: ['g-spice'] });
    expect(choicesProblem(dosa, GROUPS, none)).toBe('Choose Spice level');
    expect(choicesProblem(dosa, GROUPS, { ...none, addonIds: ['o-mild'] })).toBeNull();
  });
});

describe('the picker', () => {
  it('swaps the choice of a one-choice group and takes no more than a group allows', () => {
    expect(toggleAddon(spice, ['o-mild'], 'o-hot')).toEqual(['o-hot']);
    expect(toggleAddon(extras, ['o-cheese', 'o-egg'], 'o-raita')).toEqual(['o-cheese', 'o-egg']);
    expect(toggleAddon(extras, ['o-cheese', 'o-egg'], 'o-egg')).toEqual(['o-cheese']);
  });

  it('puts quick notes in a note and takes them out again', () => {
    expect(toggleQuickNote('', 'No onion')).toBe('No onion');
    expect(toggleQuickNote('No onion', 'Jain')).toBe('No onion, Jain');
    expect(toggleQuickNote('no onion, Jain', 'No onion')).toBe('Jain');
  });
});

describe('search and short codes', () => {
  const items = [
    item({ id: 'a', name: 'Cold Coffee', shortCode: 'CC' }),
    item({ id: 'b', name: 'Cappuccino', shortCode: 'CAP' }),
    biryani,
  ];

  it('finds a short code exactly, in any case', () => {
    expect(itemByShortCode(items, ' cb ')?.id).toBe('p-biryani');
    expect(itemByShortCode(items, 'C')).toBeUndefined();
  });

  it('lists an exact code first, then codes that start with the text, then names', () => {
    expect(searchItems(items, 'c').map((found) => found.id)).toEqual(['a', 'b', 'p-biryani']);
    expect(searchItems(items, 'cc').map((found) => found.id)).toEqual(['a', 'b']);
    expect(searchItems(items, 'coffee').map((found) => found.id)).toEqual(['a']);
  });

  it("shows the cheapest variant's price as 'from' when there is no default", () => {
    expect(cardPrice(biryani)).toEqual({ pricePaise: 18_000, from: true });
    expect(cardPrice(item({}))).toEqual({ pricePaise: 3_000, from: false });
  });
});

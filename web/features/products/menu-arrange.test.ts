import { describe, expect, it } from 'vitest';
import {
  addQuickNote,
  arrangeSections,
  arrangementChanged,
  menuOrderBody,
  moveItem,
  moveProduct,
  runOutText,
  variantsText,
} from './menu-arrange';

const items = [
  { id: 'tea', subcategory: 'Drinks' },
  { id: 'coffee', subcategory: 'Drinks' },
  { id: 'biryani', subcategory: 'Mains' },
  { id: 'lassi', subcategory: 'Drinks' },
];

describe('the product list’s menu', () => {
  it('reads variants and run-out ingredients in a line', () => {
    expect(
      variantsText([
        { name: 'Half', pricePaise: 18000 },
        { name: 'Full', pricePaise: 32050 },
      ]),
    ).toBe('Half ₹180 · Full ₹320.50');
    expect(variantsText([])).toBe('');
    expect(runOutText(['Paneer', 'Cream'])).toBe('Out of: Paneer, Cream');
  });

  it('groups the list by subcategory in the order it came, each product once', () => {
    expect(arrangeSections(items)).toEqual([
      { subcategory: 'Drinks', productIds: ['tea', 'coffee', 'lassi'] },
      { subcategory: 'Mains', productIds: ['biryani'] },
    ]);
  });

  it('moves subcategories and products up and down, never past the ends', () => {
    const sections = arrangeSections(items);
    const moved = moveItem(sections, 1, 0);
    expect(moved.map((section) => section.subcategory)).toEqual(['Mains', 'Drinks']);
    expect(moveItem(sections, 0, -1)).toEqual(sections);
    const down = moveProduct(sections, 0, 0, 1);
    expect(down[0]!.productIds).toEqual(['coffee', 'tea', 'lassi']);
    expect(moveProduct(sections, 0, 2, 1)[0]!.productIds).toEqual(['tea', 'coffee', 'lassi']);
    expect(sections[0]!.productIds).toEqual(['tea', 'coffee', 'lassi']);
    expect(arrangementChanged(sections, sections)).toBe(false);
    expect(arrangementChanged(sections, down)).toBe(true);
  });

  it('saves every subcategory and every product in the order shown', () => {
    const sections = moveProduct(moveItem(arrangeSections(items), 1, 0), 1, 2, -2);
    expect(menuOrderBody(sections)).toEqual({
      subcategories: ['Mains', 'Drinks'],
      productIds: ['biryani', 'lassi', 'tea', 'coffee'],
    });
  });

  it('adds a quick note once, tidied, and says why not', () => {
    expect(addQuickNote(['No onion'], '  Less   oil ')).toEqual({
      notes: ['No onion', 'Less oil'],
    });
    expect(addQuickNote(['No onion'], 'no ONION').error).toBe(
      'This quick note is already in the list',
    );
    expect(addQuickNote([], '   ').error).toBe('Type a note first');
    expect(addQuickNote([], 'x'.repeat(41)).error).toBe('Quick note must be at most 40 characters');
    const full = Array.from({ length: 20 }, (_, i) => `Note ${i}`);
    expect(addQuickNote(full, 'One more').error).toBe('At most 20 quick notes');
  });
});

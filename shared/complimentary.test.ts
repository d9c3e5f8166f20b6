import { describe, expect, it } from 'vitest';
import { billedParts, chargedPaise, complimentaryValuePaise } from './complimentary';

const chai = {
  unitPricePaise: 3000,
  quantity: 3,
  complimentary: { quantity: 1, reason: 'Staff meal' },
};

describe('complimentary items', () => {
  it('bills a line’s charged items, then its complimentary ones', () => {
    expect(billedParts([chai]).map((part) => [part.quantity, part.complimentary])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(complimentaryValuePaise([chai])).toBe(3000);
  });

  it('bills the complimentary items first when a split by items takes part of a line', () => {
    expect(chargedPaise(chai, 1)).toBe(0);
    expect(chargedPaise(chai, 2)).toBe(3000);
    expect(chargedPaise(chai, 3)).toBe(6000);
    expect(chargedPaise({ ...chai, complimentary: null }, 2)).toBe(6000);
    // More marked than the line has (it shrank since): at most the line's quantity is free.
    expect(chargedPaise({ ...chai, quantity: 1, complimentary: { quantity: 5 } }, 1)).toBe(0);
  });
});

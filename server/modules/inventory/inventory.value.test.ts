import { describe, expect, it } from 'vitest';
import { stockValuePaise } from './inventory.value';

describe('stockValuePaise', () => {
  it('values stock at the latest price per base unit, rounding half a paisa up', () => {
    // ₹100 for 3 kg: 2 kg are worth 6666.67 paise -> 6667; 1.5 kg exactly 5000.
    expect(stockValuePaise(2000, { pricePaise: 10000, quantity: 3000 })).toBe(6667);
    expect(stockValuePaise(1500, { pricePaise: 10000, quantity: 3000 })).toBe(5000);
    // 0.5 paisa rounds up, 0.4999 down.
    expect(stockValuePaise(1, { pricePaise: 1, quantity: 2 })).toBe(1);
    expect(stockValuePaise(4999, { pricePaise: 1, quantity: 10000 })).toBe(0);
  });

  it('gives nothing for stock at or below zero and null for stock never bought', () => {
    expect(stockValuePaise(0, { pricePaise: 500, quantity: 10 })).toBe(0);
    expect(stockValuePaise(-20, { pricePaise: 500, quantity: 10 })).toBe(0);
    expect(stockValuePaise(20, null)).toBeNull();
  });

  it('stays exact where floating point would not', () => {
    const big = 9_000_000_000;
    expect(stockValuePaise(big, { pricePaise: 999_999_999, quantity: big })).toBe(999_999_999);
  });
});

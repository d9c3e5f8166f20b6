import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DISCOUNT_BPS,
  billTotals,
  bpsToPercentString,
  discountPaise,
  formatInr,
  isPercent,
  isRupeeAmount,
  lineTotalPaise,
  paiseToRupeesString,
  percentToBps,
  rupeesToPaise,
  sumPaise,
} from './money';

const MAX = Number.MAX_SAFE_INTEGER;
const paiseArb = fc.integer({ min: 0, max: MAX });
const bpsArb = fc.integer({ min: 0, max: MAX_DISCOUNT_BPS });
/** Realistic bill lines: up to ₹1,00,000 a unit and up to 1000 units. */
const lineArb = fc.record({
  unitPricePaise: fc.integer({ min: 0, max: 10_000_000 }),
  quantity: fc.integer({ min: 0, max: 1000 }),
});

describe('rupeesToPaise', () => {
  it.each([
    ['1234.50', 123450],
    ['1234.5', 123450],
    ['1234', 123400],
    ['0', 0],
    ['0.05', 5],
    ['0.1', 10],
    [' 99 ', 9900],
    ['007.10', 710],
    ['90071992547409.91', MAX],
  ])('parses the text %j as %i paise', (input, expected) => {
    expect(rupeesToPaise(input)).toBe(expected);
  });

  it.each([
    [1234.5, 123450],
    [0.29, 29],
    [0.1, 10],
    [19.99, 1999],
    [1.15, 115],
    [0, 0],
    [-0, 0],
  ])('parses the number %d as %i paise without floating-point error', (input, expected) => {
    expect(rupeesToPaise(input)).toBe(expected);
  });

  it.each([
    ['', 'empty text'],
    ['   ', 'blank text'],
    ['-1', 'a negative text'],
    ['-0.50', 'a negative fraction'],
    ['1.005', 'three decimals'],
    ['1.000', 'three decimals even when they are zeros'],
    ['12.', 'a trailing point'],
    ['.5', 'a leading point'],
    ['1,000', 'digit grouping'],
    ['1e3', 'exponent notation'],
    ['₹10', 'a currency symbol'],
    ['+5', 'a plus sign'],
    ['abc', 'letters'],
    ['NaN', 'the text NaN'],
    ['90071992547409.92', 'an amount beyond the largest safe integer of paise'],
  ])('rejects %j (%s) with a RangeError', (input) => {
    expect(() => rupeesToPaise(input)).toThrow(RangeError);
    expect(isRupeeAmount(input)).toBe(false);
  });

  it.each([
    [-1, 'a negative number'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [1.005, 'a number with three decimals'],
    [0.1 + 0.2, 'a floating-point sum that is not a 2-decimal amount'],
    [1e21, 'a number printed in exponent notation'],
  ])('rejects the number %d (%s) with a RangeError', (input) => {
    expect(() => rupeesToPaise(input)).toThrow(RangeError);
    expect(isRupeeAmount(input)).toBe(false);
  });

  it('rejects a value that is neither text nor number with a RangeError', () => {
    expect(() => rupeesToPaise(null as unknown as string)).toThrow(RangeError);
  });

  it('says yes to a valid amount through isRupeeAmount', () => {
    expect(isRupeeAmount('10.5')).toBe(true);
    expect(isRupeeAmount(10.5)).toBe(true);
  });

  it('round-trips every safe paise amount through its rupee text', () => {
    fc.assert(
      fc.property(paiseArb, (paise) => {
        expect(rupeesToPaise(paiseToRupeesString(paise))).toBe(paise);
      }),
    );
  });

  it('parses any whole rupees and two decimal digits exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 99 }),
        (rupees, hundredths) => {
          const text = `${rupees}.${String(hundredths).padStart(2, '0')}`;
          expect(rupeesToPaise(text)).toBe(rupees * 100 + hundredths);
          expect(paiseToRupeesString(rupeesToPaise(text))).toBe(text);
        },
      ),
    );
  });

  it('parses every 2-decimal JavaScript number the way its text reads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (paise) => {
        // paise / 100 is the nearest double to the 2-decimal amount; it prints as that amount.
        expect(rupeesToPaise(paise / 100)).toBe(paise);
      }),
    );
  });
});

describe('paiseToRupeesString', () => {
  it.each([
    [123450, '1234.50'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [-250, '-2.50'],
    [-5, '-0.05'],
    [MAX, '90071992547409.91'],
  ])('writes %i paise as %j', (paise, expected) => {
    expect(paiseToRupeesString(paise)).toBe(expected);
  });

  it.each([[1.5], [Number.NaN], [MAX + 1], ['100' as unknown as number]])(
    'rejects the non-integer or unsafe value %j with a RangeError',
    (paise) => {
      expect(() => paiseToRupeesString(paise)).toThrow(RangeError);
    },
  );

  it('always writes exactly two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX, max: MAX }), (paise) => {
        expect(paiseToRupeesString(paise)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });
});

describe('formatInr', () => {
  it.each([
    [12345600, '₹1,23,456.00'],
    [0, '₹0.00'],
    [5, '₹0.05'],
    [99999, '₹999.99'],
    [10_000_000_00, '₹1,00,00,000.00'],
    [-500, '-₹5.00'],
    [MAX, '₹9,00,71,99,25,47,409.91'],
  ])('formats %i paise as %j with Indian digit grouping', (paise, expected) => {
    expect(formatInr(paise)).toBe(expected);
  });

  it('rejects a fractional paise amount with a RangeError', () => {
    expect(() => formatInr(0.5)).toThrow(RangeError);
  });

  it('groups the last three rupee digits, then pairs, and keeps every paisa, for any safe amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX, max: MAX }), (paise) => {
        const text = formatInr(paise);
        // ₹ then 1-3 digits, or 1-2 digits, pairs, and a final group of three.
        expect(text).toMatch(/^-?₹(?:\d{1,3}|\d{1,2}(?:,\d{2})*,\d{3})\.\d{2}$/);
        expect(text.replace('₹', '').replaceAll(',', '')).toBe(paiseToRupeesString(paise));
      }),
    );
  });
});

describe('percentToBps and bpsToPercentString', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    [12.5, 1250],
    ['7.25', 725],
    ['0.05', 5],
    ['0', 0],
    ['100', 10000],
    [100, 10000],
    [' 10 ', 1000],
  ])('converts the percentage %j to %i basis points', (input, expected) => {
    expect(percentToBps(input)).toBe(expected);
    expect(isPercent(input)).toBe(true);
  });

  it.each([['100.01'], [101], ['-1'], [-0.5], ['12.345'], [''], ['ten'], [Number.NaN]])(
    'rejects the percentage %j with a RangeError',
    (input) => {
      expect(() => percentToBps(input)).toThrow(RangeError);
      expect(isPercent(input)).toBe(false);
    },
  );

  it.each([
    [1250, '12.5'],
    [1000, '10'],
    [725, '7.25'],
    [5, '0.05'],
    [10, '0.1'],
    [0, '0'],
    [10000, '100'],
  ])('writes %i basis points as the shortest percentage text %j', (bps, expected) => {
    expect(bpsToPercentString(bps)).toBe(expected);
  });

  it.each([[-1], [10001], [12.5]])('rejects %d basis points with a RangeError', (bps) => {
    expect(() => bpsToPercentString(bps)).toThrow(RangeError);
  });

  it('round-trips every basis-point value through its percentage text', () => {
    fc.assert(
      fc.property(bpsArb, (bps) => {
        expect(percentToBps(bpsToPercentString(bps))).toBe(bps);
      }),
    );
  });
});

describe('discountPaise', () => {
  it('takes 12.5 % of ₹999.99 as ₹125.00, rounding 12499.875 paise half up', () => {
    expect(discountPaise(99999, 1250)).toBe(12500);
  });

  it.each([
    [1, 5000, 1, 'exactly half a paisa rounds up'],
    [3, 5000, 2, '1.5 paise rounds up to 2'],
    [1, 4999, 0, 'just under half a paisa rounds down'],
    [1, 5001, 1, 'just over half a paisa rounds up'],
    [10000, 333, 333, 'an exact amount stays as it is'],
    [100, 0, 0, 'no discount is zero'],
    [12345, 10000, 12345, 'a full discount is the whole subtotal'],
    [0, 10000, 0, 'nothing discounted from nothing'],
    [MAX, 10000, MAX, 'the largest safe subtotal at 100 % loses no precision'],
    [MAX, 5000, 4503599627370496, 'half of the largest odd safe subtotal rounds up'],
  ])('discounts %i paise by %i bps to %i paise (%s)', (subtotal, bps, expected) => {
    expect(discountPaise(subtotal, bps)).toBe(expected);
  });

  it.each([
    [-1, 100, 'a negative subtotal'],
    [1.5, 100, 'a fractional subtotal'],
    [MAX + 1, 100, 'an unsafe subtotal'],
    [100, -1, 'a negative discount'],
    [100, 10001, 'a discount above 100 %'],
    [100, 12.5, 'a fractional basis-point value'],
  ])('rejects %d paise at %d bps (%s) with a RangeError', (subtotal, bps) => {
    expect(() => discountPaise(subtotal, bps)).toThrow(RangeError);
  });

  it('is never negative and never above the subtotal', () => {
    fc.assert(
      fc.property(paiseArb, bpsArb, (subtotal, bps) => {
        const discount = discountPaise(subtotal, bps);
        expect(Number.isSafeInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(subtotal);
      }),
    );
  });

  it('never decreases when the discount percentage grows', () => {
    fc.assert(
      fc.property(paiseArb, bpsArb, bpsArb, (subtotal, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(discountPaise(subtotal, low)).toBeLessThanOrEqual(discountPaise(subtotal, high));
      }),
    );
  });

  it('is the exact discount rounded half up, within half a paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), bpsArb, (subtotal, bps) => {
        // subtotal * bps < 2^53 here, so plain integer arithmetic is exact.
        const product = subtotal * bps;
        const expected = Math.floor(product / 10000) + (product % 10000 >= 5000 ? 1 : 0);
        expect(discountPaise(subtotal, bps)).toBe(expected);
      }),
    );
  });
});

describe('sumPaise and lineTotalPaise', () => {
  it('sums nothing to zero', () => {
    expect(sumPaise([])).toBe(0);
  });

  it('sums positive and negative amounts', () => {
    expect(sumPaise([100, 250, -50])).toBe(300);
  });

  it('rejects a fractional amount with a RangeError naming its position', () => {
    expect(() => sumPaise([100, 0.5])).toThrow(/amounts\[1\]/);
  });

  it('rejects a sum beyond the largest safe integer with a RangeError', () => {
    expect(() => sumPaise([MAX, 1])).toThrow(RangeError);
  });

  it('multiplies a unit price by a quantity', () => {
    expect(lineTotalPaise(12050, 3)).toBe(36150);
  });

  it('rejects a line total beyond the largest safe integer with a RangeError', () => {
    expect(() => lineTotalPaise(MAX, 2)).toThrow(RangeError);
  });

  it('rejects a negative or fractional quantity with a RangeError', () => {
    expect(() => lineTotalPaise(100, -1)).toThrow(RangeError);
    expect(() => lineTotalPaise(100, 1.5)).toThrow(RangeError);
  });
});

describe('billTotals', () => {
  it('adds up lines and applies the discount the spec way', () => {
    const lines = [
      { unitPricePaise: 12000, quantity: 2 }, // ₹120.00 × 2
      { unitPricePaise: 4550, quantity: 1 }, // ₹45.50
    ];
    expect(billTotals(lines, 1000)).toEqual({
      subtotalPaise: 28550,
      discountPaise: 2855,
      totalPaise: 25695,
    });
  });

  it('gives zero totals for an empty bill', () => {
    expect(billTotals([], 2500)).toEqual({ subtotalPaise: 0, discountPaise: 0, totalPaise: 0 });
  });

  it('rejects a bad line with a RangeError naming the line', () => {
    expect(() => billTotals([{ unitPricePaise: 100, quantity: 1.5 }], 0)).toThrow(/lines\[0\]/);
  });

  it('rejects a discount above 100 % with a RangeError', () => {
    expect(() => billTotals([{ unitPricePaise: 100, quantity: 1 }], 10001)).toThrow(RangeError);
  });

  it('has a subtotal equal to the sum of price times quantity over the lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 50 }), bpsArb, (lines, bps) => {
        const expected = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
        expect(billTotals(lines, bps).subtotalPaise).toBe(expected);
      }),
    );
  });

  it('always has total plus discount equal to the subtotal, with the one rounding rule', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 50 }), bpsArb, (lines, bps) => {
        const totals = billTotals(lines, bps);
        expect(totals.totalPaise + totals.discountPaise).toBe(totals.subtotalPaise);
        expect(totals.discountPaise).toBe(discountPaise(totals.subtotalPaise, bps));
        expect(totals.totalPaise).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

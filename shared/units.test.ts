import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FORM_UNITS,
  amountRuleMessage,
  displayQuantity,
  displayUnitOf,
  pricePerUnitPaise,
  STORED_UNITS,
  UNIT_CONVERSIONS,
  UNIT_OPTIONS,
  formatQuantity,
  fromBaseQuantity,
  isFormUnit,
  isStoredUnit,
  isValidAmount,
  preferredFormUnit,
  storedUnitOf,
  toBaseQuantity,
  type FormUnit,
  type StoredUnit,
} from './units';

const formUnitArb = fc.constantFrom(...FORM_UNITS);
const storedUnitArb = fc.constantFrom(...STORED_UNITS);
const quantityArb = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe('units', () => {
  it('offers every form unit once in the select, and each keeps its amounts in a stored unit', () => {
    const offered = UNIT_OPTIONS.map((option) => option.value);
    expect([...offered].sort()).toEqual([...FORM_UNITS].sort());
    for (const unit of offered) {
      expect(isStoredUnit(toBaseQuantity(1, unit).unit)).toBe(true);
    }
    // Every stored unit can be typed as itself.
    for (const stored of STORED_UNITS) expect(isFormUnit(stored)).toBe(true);
  });

  it('recognises units and rejects anything else', () => {
    expect(isFormUnit('kg')).toBe(true);
    expect(isFormUnit('KG')).toBe(false);
    expect(isFormUnit(undefined)).toBe(false);
    expect(isStoredUnit('g')).toBe(true);
    expect(isStoredUnit('kg')).toBe(false);
  });

  it.each<[FormUnit, FormUnit]>([
    ['kg', 'g'],
    ['l', 'ml'],
  ])('stores an amount in %s as 1000 times that amount in %s', (big, small) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (amount) => {
        expect(toBaseQuantity(amount, big)).toEqual(toBaseQuantity(amount * 1000, small));
      }),
    );
  });
});

describe('toBaseQuantity', () => {
  it.each<[number | string, FormUnit, number, StoredUnit]>([
    [1.5, 'kg', 1500, 'g'],
    ['1.5', 'kg', 1500, 'g'],
    ['1.001', 'kg', 1001, 'g'],
    [1.001, 'kg', 1001, 'g'],
    [0.001, 'kg', 1, 'g'],
    ['1.5000', 'kg', 1500, 'g'],
    [2, 'l', 2000, 'ml'],
    ['0.25', 'l', 250, 'ml'],
    [250, 'g', 250, 'g'],
    [' 250 ', 'ml', 250, 'ml'],
    ['2.0', 'g', 2, 'g'],
    [3, 'pcs', 3, 'pcs'],
    [4, 'box', 4, 'box'],
    [0, 'kg', 0, 'g'],
  ])('turns %j %s into %i %s', (amount, unit, quantity, stored) => {
    expect(toBaseQuantity(amount, unit)).toEqual({ quantity, unit: stored });
    expect(isValidAmount(amount, unit)).toBe(true);
  });

  it.each<[number | string, FormUnit, string]>([
    ['1.0005', 'kg', 'a fraction of a gram'],
    [1.0005, 'kg', 'a fraction of a gram given as a number'],
    ['0.5', 'g', 'half a gram'],
    [2.5, 'pcs', 'half a piece'],
    ['1.5', 'box', 'half a box'],
    [-1, 'g', 'a negative number'],
    ['-1', 'kg', 'a negative text'],
    ['', 'g', 'empty text'],
    ['1,000', 'g', 'digit grouping'],
    ['1e3', 'g', 'exponent notation'],
    ['abc', 'g', 'letters'],
    [Number.NaN, 'g', 'NaN'],
    [Number.POSITIVE_INFINITY, 'kg', 'Infinity'],
    ['9007199254740992', 'g', 'a quantity beyond the largest safe integer'],
    ['9007199254741', 'kg', 'kilograms beyond the largest safe integer of grams'],
  ])('rejects %j %s (%s) with a RangeError', (amount, unit) => {
    expect(() => toBaseQuantity(amount, unit)).toThrow(RangeError);
    expect(isValidAmount(amount, unit)).toBe(false);
  });

  it('rejects an unknown unit with a RangeError', () => {
    expect(() => toBaseQuantity(1, 'lb' as FormUnit)).toThrow(RangeError);
    expect(isValidAmount(1, 'lb' as FormUnit)).toBe(false);
  });

  it('always yields a non-negative integer in the stored unit of the chosen unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), formUnitArb, (amount, unit) => {
        const result = toBaseQuantity(amount, unit);
        expect(Number.isSafeInteger(result.quantity)).toBe(true);
        expect(result.quantity).toBe(amount * UNIT_CONVERSIONS[unit].factor);
        expect(result.unit).toBe(storedUnitOf(unit));
      }),
    );
  });

  it.each<[FormUnit, StoredUnit]>([
    ['kg', 'g'],
    ['l', 'ml'],
  ])('converts %s with up to 3 decimals to %s exactly, as numbers and as text', (big, small) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (base) => {
        expect(toBaseQuantity(base / 1000, big).quantity).toBe(base);
        expect(toBaseQuantity(fromBaseQuantity(base, small, big), big).quantity).toBe(base);
      }),
    );
  });
});

describe('fromBaseQuantity and preferredFormUnit', () => {
  it.each<[number, StoredUnit, FormUnit, string]>([
    [1500, 'g', 'kg', '1.5'],
    [1500, 'g', 'g', '1500'],
    [1001, 'g', 'kg', '1.001'],
    [1, 'g', 'kg', '0.001'],
    [2000, 'ml', 'l', '2'],
    [0, 'ml', 'l', '0'],
    [-1500, 'g', 'kg', '-1.5'],
    [3, 'pcs', 'pcs', '3'],
  ])('shows %i %s in %s as %j', (quantity, stored, unit, expected) => {
    expect(fromBaseQuantity(quantity, stored, unit)).toBe(expected);
  });

  it('refuses to show a quantity in a unit it is not kept in', () => {
    expect(() => fromBaseQuantity(1000, 'ml', 'kg')).toThrow(RangeError);
    expect(() => fromBaseQuantity(1, 'pcs', 'box')).toThrow(RangeError);
  });

  it('refuses a fractional stored quantity', () => {
    expect(() => fromBaseQuantity(1.5, 'g', 'g')).toThrow(RangeError);
  });

  it('round-trips every stored quantity through every unit it can be shown in', () => {
    fc.assert(
      fc.property(quantityArb, formUnitArb, (quantity, unit) => {
        const stored = storedUnitOf(unit);
        const text = fromBaseQuantity(quantity, stored, unit);
        expect(toBaseQuantity(text, unit)).toEqual({ quantity, unit: stored });
      }),
    );
  });

  it.each<[number, StoredUnit, FormUnit]>([
    [2000, 'g', 'kg'],
    [1500, 'g', 'g'],
    [0, 'g', 'g'],
    [5000, 'ml', 'l'],
    [250, 'ml', 'ml'],
    [1000, 'pcs', 'pcs'],
    [3000, 'box', 'box'],
  ])('pre-selects for %i %s the unit %s', (quantity, stored, expected) => {
    expect(preferredFormUnit(quantity, stored)).toBe(expected);
  });

  it('pre-selects a unit in which the quantity is a whole number', () => {
    fc.assert(
      fc.property(quantityArb, storedUnitArb, (quantity, stored) => {
        const unit = preferredFormUnit(quantity, stored);
        expect(fromBaseQuantity(quantity, stored, unit)).toMatch(/^\d+$/);
      }),
    );
  });
});

describe('formatQuantity', () => {
  it.each<[number, StoredUnit, string]>([
    [1500, 'g', '1.5 kg'],
    [250, 'g', '250 g'],
    [999, 'g', '999 g'],
    [1000, 'g', '1 kg'],
    [1234, 'g', '1.234 kg'],
    [1250000, 'g', '1,250 kg'],
    [0, 'g', '0 g'],
    [2000, 'ml', '2 L'],
    [500, 'ml', '500 ml'],
    [3, 'pcs', '3 pcs'],
    [1, 'pcs', '1 pcs'],
    [12000, 'pcs', '12,000 pcs'],
    [1, 'box', '1 box'],
    [2, 'box', '2 boxes'],
    [0, 'box', '0 boxes'],
    [-1500, 'g', '-1.5 kg'],
    [-20, 'ml', '-20 ml'],
  ])('writes %i %s as %j', (quantity, stored, expected) => {
    expect(formatQuantity(quantity, stored)).toBe(expected);
  });

  it('rejects a fractional quantity or an unknown unit with a RangeError', () => {
    expect(() => formatQuantity(1.5, 'g')).toThrow(RangeError);
    expect(() => formatQuantity(1, 'kg' as StoredUnit)).toThrow(RangeError);
  });

  it('writes grams and milliliters so that the text converts back to the same quantity', () => {
    fc.assert(
      fc.property(quantityArb, fc.constantFrom<StoredUnit>('g', 'ml'), (quantity, stored) => {
        const [number, symbol] = formatQuantity(quantity, stored).split(' ');
        const unit = ({ g: 'g', kg: 'kg', ml: 'ml', L: 'l' } as const)[symbol as 'g'];
        expect(toBaseQuantity(number!.replaceAll(',', ''), unit)).toEqual({
          quantity,
          unit: stored,
        });
      }),
    );
  });
});

describe('display units, price per unit and the amount rule', () => {
  it('shows (and so takes) g and ml of 1000 or more in kg and L, the rest as stored', () => {
    expect(displayUnitOf(10000, 'g')).toBe('kg');
    expect(displayUnitOf(-1500, 'g')).toBe('kg');
    expect(displayUnitOf(999, 'g')).toBe('g');
    expect(displayUnitOf(15000, 'ml')).toBe('l');
    expect(displayUnitOf(5000, 'pcs')).toBe('pcs');
    expect(displayQuantity(15000, 'ml')).toEqual({ amount: '15', unit: 'L' });
    expect(displayQuantity(1250, 'g')).toEqual({ amount: '1.25', unit: 'kg' });
    expect(displayQuantity(250, 'g')).toEqual({ amount: '250', unit: 'g' });
    expect(displayQuantity(1250000, 'g')).toEqual({ amount: '1250', unit: 'kg' });
    expect(displayQuantity(2, 'box')).toEqual({ amount: '2', unit: 'box' });
  });

  it('gives the price per kg, L, piece or box', () => {
    expect(pricePerUnitPaise(225000, 25, 'g')).toBe(9000000);
    expect(pricePerUnitPaise(225000, 25000, 'g')).toBe(9000);
    expect(pricePerUnitPaise(6000, 500, 'ml')).toBe(12000);
    expect(pricePerUnitPaise(1000, 4, 'pcs')).toBe(250);
    expect(pricePerUnitPaise(1000, 0, 'pcs')).toBeNull();
  });

  it('says what a unit takes', () => {
    expect(amountRuleMessage('Quantity', 'g')).toBe(
      'Quantity in grams takes whole numbers (choose kg for 2.5)',
    );
    expect(amountRuleMessage('Quantity', 'ml')).toBe(
      'Quantity in milliliters takes whole numbers (choose L for 2.5)',
    );
    expect(amountRuleMessage('Quantity', 'box')).toBe('Quantity in boxes takes whole numbers');
    expect(amountRuleMessage('Quantity', 'kg')).toBe('Quantity may have at most 3 decimals in kg');
  });
});

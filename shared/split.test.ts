import { describe, expect, it } from 'vitest';
import { equalSplit } from './split';
import { computeBill, type TaxLineInput, type TaxProfileInput } from './tax';

/** A small deterministic generator (the same bills every run). */
function random(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % max;
  };
}

const PROFILES: TaxProfileInput[] = [
  { regime: 'regular', pricesIncludeTax: false, roundOff: true, serviceChargeBps: 0 },
  { regime: 'regular', pricesIncludeTax: true, roundOff: false, serviceChargeBps: 1000 },
  { regime: 'regular', pricesIncludeTax: false, roundOff: true, serviceChargeBps: 500 },
  { regime: 'composition', pricesIncludeTax: false, roundOff: true, serviceChargeBps: 0 },
  { regime: 'unregistered', pricesIncludeTax: true, roundOff: false, serviceChargeBps: 0 },
];

describe('equalSplit', () => {
  it('parts add up to the whole bill to the paisa, figure by figure, items included', () => {
    const next = random(21);
    for (let round = 0; round < 400; round += 1) {
      const lines: TaxLineInput[] = Array.from({ length: 1 + next(6) }, () => ({
        unitPricePaise: next(50_000),
        quantity: 1 + next(5),
        gstRateBps: [0, 500, 1800, 4000][next(4)]!,
        outsideGst: next(8) === 0,
      }));
      const profile = PROFILES[round % PROFILES.length]!;
      const whole = computeBill(lines, next(3) === 0 ? next(10_001) : 0, profile);
      const n = 2 + next(19);
      const parts = equalSplit(
        whole,
        lines.map((line) => line.quantity),
        n,
      );
      expect(parts).toHaveLength(n);
      const total = (pick: (bill: (typeof parts)[number]['bill']) => number) =>
        parts.reduce((acc, part) => acc + pick(part.bill), 0);
      for (const field of [
        'subtotalPaise',
        'discountPaise',
        'taxablePaise',
        'nonGstPaise',
        'serviceChargePaise',
        'cgstPaise',
        'sgstPaise',
        'taxPaise',
        'roundOffPaise',
        'totalPaise',
      ] as const) {
        expect(
          total((bill) => bill[field]),
          field,
        ).toBe(whole[field]);
      }
      lines.forEach((line, i) => {
        expect(parts.reduce((acc, part) => acc + part.quantities[i]!, 0)).toBe(line.quantity);
        expect(parts.reduce((acc, part) => acc + part.bill.lines[i]!.amountPaise, 0)).toBe(
          whole.lines[i]!.amountPaise,
        );
      });
      const totals = parts.map((part) => part.bill.totalPaise);
      for (const part of parts) {
        const bill = part.bill;
        expect(bill.cgstPaise).toBe(bill.sgstPaise);
        expect(bill.taxPaise).toBe(bill.cgstPaise + bill.sgstPaise);
        expect(bill.totalPaise).toBe(
          bill.taxablePaise +
            bill.nonGstPaise +
            bill.serviceChargePaise +
            bill.taxPaise +
            bill.roundOffPaise,
        );
        expect(bill.roundOffPaise).toBeGreaterThanOrEqual(-49);
        expect(bill.roundOffPaise).toBeLessThanOrEqual(50);
        for (const line of bill.lines) {
          expect(line.discountPaise).toBeLessThanOrEqual(line.amountPaise);
          expect(line.netPaise).toBeGreaterThanOrEqual(0);
        }
      }
      // Equal: the parts differ by a few paise at most.
      expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
    }
  });

  it('₹100.00 in three: 33.34, 33.33, 33.33', () => {
    const whole = computeBill(
      [{ unitPricePaise: 10_000, quantity: 1, gstRateBps: 0, outsideGst: false }],
      0,
      PROFILES[4]!,
    );
    const parts = equalSplit(whole, [1], 3);
    expect(parts.map((part) => part.bill.totalPaise)).toEqual([3334, 3333, 3333]);
    expect(parts.map((part) => part.quantities[0])).toEqual([1, 0, 0]);
  });

  it('refuses fewer than 2 or more than 20 parts', () => {
    const whole = computeBill([], 0, PROFILES[0]!);
    expect(() => equalSplit(whole, [], 1)).toThrow(RangeError);
    expect(() => equalSplit(whole, [], 21)).toThrow(RangeError);
  });
});

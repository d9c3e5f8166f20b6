import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalSplit, shareAmounts } from './split';
import type { TaxLineInput, TaxProfileInput } from './tax';

// An auditor's check, written apart from shared/tax.ts: every figure a part prints is recomputed
// with plain integer arithmetic from the part's other printed figures.
const half = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

const profileArb = fc.record<TaxProfileInput>({
  regime: fc.constantFrom('regular', 'regular', 'composition', 'unregistered'),
  pricesIncludeTax: fc.boolean(),
  roundOff: fc.boolean(),
  serviceChargeBps: fc.constantFrom(0, 0, 500, 1000),
});
const lineArb = fc.record<TaxLineInput>({
  unitPricePaise: fc.integer({ min: 0, max: 80_000 }),
  quantity: fc.integer({ min: 1, max: 6 }),
  gstRateBps: fc.constantFrom(0, 500, 1800, 4000),
  outsideGst: fc.integer({ min: 0, max: 3 }).map((value) => value === 0),
});

describe('equalSplit: every part recomputes from what it prints; parts add up', () => {
  it('holds over random mixed-rate orders, every regime and price mode', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        profileArb,
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
        fc.integer({ min: 2, max: 20 }),
        fc.boolean(),
        (lines, profile, discountBps, n, serviceCharge) => {
          const { whole, parts } = equalSplit(lines, discountBps, profile, n, { serviceCharge });
          expect(parts).toHaveLength(n);
          // The parts add up to the whole's grand total to the paisa; items to the order's.
          expect(parts.reduce((acc, part) => acc + part.totalPaise, 0)).toBe(whole.totalPaise);
          lines.forEach((line, i) => {
            const amount = line.unitPricePaise * line.quantity;
            expect(parts.reduce((acc, part) => acc + part.amounts[i]!, 0)).toBe(amount);
            expect(parts.reduce((acc, part) => acc + part.quantities[i]!, 0)).toBe(line.quantity);
            // "1/N of" the line: its amount / N rounded on every part but the last.
            if ((n - 1) * half(amount, n) <= amount) {
              for (const part of parts.slice(0, -1)) expect(part.amounts[i]).toBe(half(amount, n));
            }
          });
          parts.forEach((part, k) => {
            const bill = part.bill;
            expect(k === n - 1 || part.differencePaise === 0).toBe(true);
            const subtotal = part.amounts.reduce((acc, amount) => acc + amount, 0);
            expect(bill.subtotalPaise).toBe(subtotal);
            expect(bill.discountPaise).toBe(half(subtotal * discountBps, 10_000));
            // Per rate: the goods' tax from their own taxable value (exclusive prices), or the
            // tax taken out of the price (inclusive): taxable + tax = net.
            const byRate = new Map<number, { net: number; taxable: number; half: number }>();
            bill.lines.forEach((line, i) => {
              expect(line.amountPaise).toBe(part.amounts[i]);
              if (line.gstRateBps === null) return;
              const row = byRate.get(line.gstRateBps) ?? { net: 0, taxable: 0, half: 0 };
              row.net += line.netPaise;
              row.taxable += line.taxablePaise;
              row.half += line.cgstPaise;
              byRate.set(line.gstRateBps, row);
            });
            for (const [rate, row] of byRate) {
              if (profile.pricesIncludeTax) {
                expect(row.half).toBe(half(row.net * rate, 2 * (10_000 + rate)));
                expect(row.taxable + 2 * row.half).toBe(row.net);
              } else {
                expect(row.taxable).toBe(row.net);
                expect(row.half).toBe(half(row.taxable * rate, 20_000));
              }
            }
            const charge = serviceCharge ? profile.serviceChargeBps : 0;
            expect(bill.serviceChargePaise).toBe(
              half((bill.taxablePaise + bill.nonGstPaise) * charge, 10_000),
            );
            if (bill.serviceChargeRateBps !== null) {
              expect(bill.serviceChargeCgstPaise).toBe(
                half(bill.serviceChargePaise * bill.serviceChargeRateBps, 20_000),
              );
            }
            expect(bill.cgstPaise).toBe(bill.sgstPaise);
            const pre =
              bill.taxablePaise + bill.nonGstPaise + bill.serviceChargePaise + bill.taxPaise;
            expect(bill.taxPaise).toBe(2 * bill.cgstPaise);
            if (profile.roundOff) {
              // Rounds to the rupee, 50 paise up, as any bill; the difference is whole rupees.
              expect(bill.roundOffPaise).toBe(half(pre, 100) * 100 - pre);
              expect(bill.totalPaise % 100).toBe(0);
              expect(Math.abs(part.differencePaise % 100)).toBe(0);
            } else {
              expect(bill.roundOffPaise).toBe(0);
            }
            expect(bill.totalPaise).toBe(pre + bill.roundOffPaise);
            expect(part.totalPaise).toBe(bill.totalPaise + part.differencePaise);
          });
        },
      ),
      { numRuns: 400, seed: 30 },
    );
  });

  it('a mixed-rate order in three: "1/3 of" each line, the balance and difference on part 3', () => {
    const profile: TaxProfileInput = {
      regime: 'regular',
      pricesIncludeTax: false,
      roundOff: true,
      serviceChargeBps: 0,
    };
    const { whole, parts } = equalSplit(
      [
        { unitPricePaise: 19_000, quantity: 1, gstRateBps: 500, outsideGst: false },
        { unitPricePaise: 3_000, quantity: 2, gstRateBps: 500, outsideGst: false },
        { unitPricePaise: 45_000, quantity: 1, gstRateBps: 1800, outsideGst: false },
      ],
      0,
      profile,
      3,
    );
    // 190 + 60 at 5 % = 262.50; 450 at 18 % = 531.00; 793.50 → 794.00.
    expect(whole.totalPaise).toBe(79_400);
    expect(parts.map((part) => part.amounts)).toEqual([
      [6333, 2000, 15_000],
      [6333, 2000, 15_000],
      [6334, 2000, 15_000],
    ]);
    // Parts 1, 2: 83.33 at 5 % (CGST 2.08) and 150.00 at 18 % (CGST 13.50): 264.49 → 264.00;
    // part 3: 83.34 (CGST 2.08) → 264.50 → 265.00, then +1.00 so the parts make 794.00.
    expect(parts.map((part) => part.bill.totalPaise)).toEqual([26_400, 26_400, 26_500]);
    expect(parts.map((part) => part.differencePaise)).toEqual([0, 0, 100]);
    expect(parts.map((part) => part.totalPaise)).toEqual([26_400, 26_400, 26_600]);
    expect(parts.map((part) => part.quantities)).toEqual([
      [1, 0, 1],
      [0, 1, 0],
      [0, 1, 0],
    ]);
  });

  it('shares a line: 1/N rounded, the last the balance, never negative', () => {
    expect(shareAmounts(10_000, 3)).toEqual([3333, 3333, 3334]);
    expect(shareAmounts(20_000, 3)).toEqual([6667, 6667, 6666]);
    expect(shareAmounts(110, 20)).toEqual([...Array<number>(19).fill(5), 15]);
    expect(shareAmounts(0, 4)).toEqual([0, 0, 0, 0]);
  });

  it('refuses fewer than 2 or more than 20 parts', () => {
    const profile: TaxProfileInput = {
      regime: 'regular',
      pricesIncludeTax: false,
      roundOff: true,
      serviceChargeBps: 0,
    };
    expect(() => equalSplit([], 0, profile, 1)).toThrow(RangeError);
    expect(() => equalSplit([], 0, profile, 21)).toThrow(RangeError);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_RATES_BPS, TAX_REGIMES, type TaxRegime } from './gst';
import { MAX_DISCOUNT_BPS, billTotals, sumPaise } from './money';
import {
  allocateByValue,
  computeBill,
  maxFlatDiscountPaise,
  roundHalfUp,
  type TaxLineInput,
  type TaxProfileInput,
  type TaxedBill,
} from './tax';

const REGULAR_EXCLUSIVE: TaxProfileInput = {
  regime: 'regular',
  pricesIncludeTax: false,
  roundOff: false,
  serviceChargeBps: 0,
};
const REGULAR_INCLUSIVE: TaxProfileInput = { ...REGULAR_EXCLUSIVE, pricesIncludeTax: true };

function line(unitPricePaise: number, quantity = 1, gstRateBps = 500): TaxLineInput {
  return { unitPricePaise, quantity, gstRateBps, outsideGst: false };
}
function outside(unitPricePaise: number, quantity = 1): TaxLineInput {
  return { unitPricePaise, quantity, gstRateBps: 0, outsideGst: true };
}

describe('roundHalfUp', () => {
  it.each([
    [0n, 1n, 0],
    [5n, 2n, 3], // 2.5 → 3
    [7n, 2n, 4], // 3.5 → 4
    [4n, 3n, 1], // 1.33 → 1
    [5n, 3n, 2], // 1.67 → 2
    [20_250_000n, 20_000n, 1013], // 1012.5 → 1013
  ])('%s / %s = %i', (numerator, denominator, expected) => {
    expect(roundHalfUp(numerator, denominator)).toBe(expected);
  });

  it('throws on a negative numerator or a non-positive denominator', () => {
    expect(() => roundHalfUp(-1n, 2n)).toThrow(RangeError);
    expect(() => roundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('allocateByValue', () => {
  it.each([
    [10, [1, 1, 1], [4, 3, 3]], // 3.33 each: the leftover paisa to the lowest index
    [4500, [20000, 25000], [2000, 2500]],
    [1013, [18000, 22500], [450, 563]], // 450.22, 562.78: the larger remainder gets it
    [5, [0, 0, 0], [5, 0, 0]], // nothing to split by: all on the first index
    [0, [3, 7], [0, 0]],
    [7, [0, 7], [0, 7]],
    [0, [], []],
  ])('allocates %i over %j as %j', (total, weights, expected) => {
    expect(allocateByValue(total, weights)).toEqual(expected);
  });

  it('throws on invalid input', () => {
    expect(() => allocateByValue(-1, [1])).toThrow(RangeError);
    expect(() => allocateByValue(1.5, [1])).toThrow(RangeError);
    expect(() => allocateByValue(1, [-1, 2])).toThrow(RangeError);
    expect(() => allocateByValue(1, [])).toThrow(RangeError);
  });

  it('sums exactly, never goes negative, never exceeds a weight (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * fraction);
          const parts = allocateByValue(total, weights);
          expect(sumPaise(parts)).toBe(total);
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0);
            if (sum > 0) expect(part).toBeLessThanOrEqual(weights[index] ?? 0);
            // Within one paisa of the exact share.
            if (sum > 0) {
              const exact = (total * (weights[index] ?? 0)) / sum;
              expect(Math.abs(part - exact)).toBeLessThan(1 + 1e-6);
            }
          });
        },
      ),
    );
  });
});

describe('computeBill: hand-calculated bills', () => {
  it('exclusive 5 %: ₹100 × 2 + ₹250 with a 10 % discount', () => {
    // amounts 20000 + 25000 = 45000; discount 10 % = 4500, spread by value:
    // 4500 × 20000/45000 = 2000, 4500 × 25000/45000 = 2500 → nets 18000 and 22500 (= 40500).
    // half = round(40500 × 500 / 20000) = round(1012.5) = 1013; tax = 2026; taxable = 40500.
    // halves spread by net: 1013 × 18000/40500 = 450.22, × 22500/40500 = 562.78 → 450, 563.
    // total = 40500 + 2026 = 42526.
    const bill = computeBill([line(10000, 2), line(25000)], 1000, REGULAR_EXCLUSIVE);
    expect(bill).toMatchObject({
      subtotalPaise: 45000,
      discountPaise: 4500,
      taxablePaise: 40500,
      nonGstPaise: 0,
      cgstPaise: 1013,
      sgstPaise: 1013,
      taxPaise: 2026,
      roundOffPaise: 0,
      totalPaise: 42526,
      rates: [{ rateBps: 500, taxablePaise: 40500, cgstPaise: 1013, sgstPaise: 1013 }],
    });
    expect(bill.lines).toEqual([
      {
        amountPaise: 20000,
        discountPaise: 2000,
        netPaise: 18000,
        taxablePaise: 18000,
        cgstPaise: 450,
        sgstPaise: 450,
        gstRateBps: 500,
      },
      {
        amountPaise: 25000,
        discountPaise: 2500,
        netPaise: 22500,
        taxablePaise: 22500,
        cgstPaise: 563,
        sgstPaise: 563,
        gstRateBps: 500,
      },
    ]);
  });

  it('inclusive 5 %: ₹105 is ₹100.00 taxable + ₹5.00 tax', () => {
    // half = round(10500 × 500 / (2 × 10500)) = 250; tax 500; taxable 10500 − 500 = 10000.
    const bill = computeBill([line(10500)], 0, REGULAR_INCLUSIVE);
    expect(bill).toMatchObject({
      taxablePaise: 10000,
      cgstPaise: 250,
      sgstPaise: 250,
      taxPaise: 500,
      totalPaise: 10500,
    });
    expect(bill.lines[0]).toMatchObject({ taxablePaise: 10000, cgstPaise: 250 });
  });

  it('inclusive 18 %: ₹100 is ₹84.74 + ₹15.26', () => {
    // half = round(10000 × 1800 / (2 × 11800)) = round(762.71) = 763; tax 1526; taxable 8474.
    const bill = computeBill([line(10000, 1, 1800)], 0, REGULAR_INCLUSIVE);
    expect(bill).toMatchObject({ taxablePaise: 8474, taxPaise: 1526, totalPaise: 10000 });
  });

  it('mixed 5 % and 18 % lines, exclusive', () => {
    // 5 %: 20000 → half round(20000 × 500 / 20000) = 500; 18 %: 10000 → half 900.
    // tax = 2 × (500 + 900) = 2800; total = 30000 + 2800 = 32800.
    const bill = computeBill([line(20000), line(10000, 1, 1800)], 0, REGULAR_EXCLUSIVE);
    expect(bill).toMatchObject({ taxablePaise: 30000, cgstPaise: 1400, taxPaise: 2800 });
    expect(bill.totalPaise).toBe(32800);
    expect(bill.rates).toEqual([
      { rateBps: 500, taxablePaise: 20000, cgstPaise: 500, sgstPaise: 500 },
      { rateBps: 1800, taxablePaise: 10000, cgstPaise: 900, sgstPaise: 900 },
    ]);
  });

  it('an outside-GST line is billed at its price, without GST, apart', () => {
    // food 30000 at 5 %: half 750, tax 1500; beer 40000 outside GST.
    // total = 30000 + 40000 + 1500 = 71500.
    const bill = computeBill([line(30000), outside(40000)], 0, REGULAR_EXCLUSIVE);
    expect(bill).toMatchObject({
      taxablePaise: 30000,
      nonGstPaise: 40000,
      taxPaise: 1500,
      totalPaise: 71500,
      rates: [{ rateBps: 500, taxablePaise: 30000, cgstPaise: 750, sgstPaise: 750 }],
    });
    expect(bill.lines[1]).toEqual({
      amountPaise: 40000,
      discountPaise: 0,
      netPaise: 40000,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      gstRateBps: null,
    });
  });

  it('a 10 % service charge is taxed at the principal rate, unless removed', () => {
    // base = taxable 30000 + outside 40000 = 70000; sc = 7000; principal rate 5 %:
    // sc half = round(7000 × 500 / 20000) = 175; cgst = 750 + 175 = 925; tax = 1850.
    // total = 30000 + 40000 + 7000 + 1850 = 78850.
    const profile = { ...REGULAR_EXCLUSIVE, serviceChargeBps: 1000 };
    const bill = computeBill([line(30000), outside(40000)], 0, profile);
    expect(bill).toMatchObject({
      serviceChargeBps: 1000,
      serviceChargePaise: 7000,
      serviceChargeRateBps: 500,
      serviceChargeCgstPaise: 175,
      serviceChargeSgstPaise: 175,
      cgstPaise: 925,
      taxPaise: 1850,
      totalPaise: 78850,
      rates: [{ rateBps: 500, taxablePaise: 37000, cgstPaise: 925, sgstPaise: 925 }],
    });
    const removed = computeBill([line(30000), outside(40000)], 0, profile, {
      serviceCharge: false,
    });
    expect(removed).toMatchObject({
      serviceChargeBps: 0,
      serviceChargePaise: 0,
      serviceChargeRateBps: null,
      totalPaise: 71500,
    });
  });

  it('a service charge on an inclusive bill is on the value without tax', () => {
    // ₹105 inclusive at 5 %: taxable 10000, tax 500; sc 10 % of 10000 = 1000;
    // sc half = round(1000 × 500 / 20000) = 25; tax = 500 + 50 = 550; total 10000 + 1000 + 550.
    const profile = { ...REGULAR_INCLUSIVE, serviceChargeBps: 1000 };
    expect(computeBill([line(10500)], 0, profile)).toMatchObject({
      serviceChargePaise: 1000,
      taxPaise: 550,
      totalPaise: 11550,
    });
  });

  it('the service charge follows the largest group, the higher rate on a tie, 5 % with none', () => {
    const profile = { ...REGULAR_EXCLUSIVE, serviceChargeBps: 1000 };
    // 5 % group 20000 > 18 % group 10000 → 5 %.
    expect(computeBill([line(20000), line(10000, 1, 1800)], 0, profile).serviceChargeRateBps).toBe(
      500,
    );
    // 10000 each: a tie → 18 %. sc = 2000, half = round(2000 × 1800 / 20000) = 180.
    const tie = computeBill([line(10000), line(10000, 1, 1800)], 0, profile);
    expect(tie).toMatchObject({ serviceChargeRateBps: 1800, serviceChargeCgstPaise: 180 });
    expect(tie.rates[1]).toEqual({
      rateBps: 1800,
      taxablePaise: 12000,
      cgstPaise: 1080,
      sgstPaise: 1080,
    });
    // Only outside-GST lines: sc 4000 at 5 % → half 100, its own row.
    const noGst = computeBill([outside(40000)], 0, profile);
    expect(noGst).toMatchObject({
      serviceChargePaise: 4000,
      serviceChargeRateBps: 500,
      taxPaise: 200,
      totalPaise: 44200,
      rates: [{ rateBps: 500, taxablePaise: 4000, cgstPaise: 100, sgstPaise: 100 }],
    });
  });

  it('rounds off down and up to the rupee', () => {
    const profile: TaxProfileInput = {
      ...REGULAR_EXCLUSIVE,
      regime: 'unregistered',
      roundOff: true,
    };
    // 99.49 → 99.00 (−49); 99.50 → 100.00 (+50); 123.51 → 124.00 (+49); 42.00 → 0.
    expect(computeBill([line(9949)], 0, profile)).toMatchObject({
      roundOffPaise: -49,
      totalPaise: 9900,
    });
    expect(computeBill([line(9950)], 0, profile)).toMatchObject({
      roundOffPaise: 50,
      totalPaise: 10000,
    });
    expect(computeBill([line(12351)], 0, profile)).toMatchObject({
      roundOffPaise: 49,
      totalPaise: 12400,
    });
    expect(computeBill([line(4200)], 0, profile).roundOffPaise).toBe(0);
    // The first bill above with round-off: 42526 → 42500 (−26).
    expect(
      computeBill([line(10000, 2), line(25000)], 1000, { ...REGULAR_EXCLUSIVE, roundOff: true }),
    ).toMatchObject({ roundOffPaise: -26, totalPaise: 42500 });
  });

  it('composition: no tax anywhere, the service charge untaxed', () => {
    // taxable = net of the GST line 20000; outside 10000; sc 10 % of 30000 = 3000;
    // total = 20000 + 10000 + 3000 = 33000.
    const profile: TaxProfileInput = {
      regime: 'composition',
      pricesIncludeTax: true,
      roundOff: false,
      serviceChargeBps: 1000,
    };
    const bill = computeBill([line(20000, 1, 1800), outside(10000)], 0, profile);
    expect(bill).toMatchObject({
      taxablePaise: 20000,
      nonGstPaise: 10000,
      serviceChargePaise: 3000,
      serviceChargeRateBps: null,
      serviceChargeCgstPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      taxPaise: 0,
      totalPaise: 33000,
      rates: [],
    });
    expect(bill.lines.map((taxed) => taxed.gstRateBps)).toEqual([null, null]);
    expect(bill.lines[0]).toMatchObject({ taxablePaise: 20000, cgstPaise: 0 });
  });

  it('unregistered: the legacy total (₹999.99 at 12.5 % off)', () => {
    // discount = round(99999 × 1250 / 10000) = round(12499.875) = 12500; total 87499.
    const profile: TaxProfileInput = {
      regime: 'unregistered',
      pricesIncludeTax: false,
      roundOff: false,
      serviceChargeBps: 0,
    };
    expect(computeBill([line(99999)], 1250, profile)).toMatchObject({
      discountPaise: 12500,
      taxablePaise: 87499,
      taxPaise: 0,
      totalPaise: 87499,
      rates: [],
    });
  });

  it('an empty bill is all zeros', () => {
    const bill = computeBill([], 1000, {
      ...REGULAR_EXCLUSIVE,
      roundOff: true,
      serviceChargeBps: 1000,
    });
    expect(bill).toMatchObject({ subtotalPaise: 0, taxPaise: 0, totalPaise: 0, lines: [] });
    // No GST line: the (zero) service charge still has its 5 % row.
    expect(bill.rates).toEqual([{ rateBps: 500, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 }]);
  });

  it('throws a RangeError on invalid input', () => {
    const ok = REGULAR_EXCLUSIVE;
    expect(() => computeBill([line(-1)], 0, ok)).toThrow(RangeError);
    expect(() => computeBill([line(100, 1.5)], 0, ok)).toThrow(RangeError);
    expect(() => computeBill([line(100, 1, 10_001)], 0, ok)).toThrow(RangeError);
    expect(() => computeBill([line(100, 1, -500)], 0, ok)).toThrow(RangeError);
    expect(() => computeBill([line(100)], 10_001, ok)).toThrow(RangeError);
    expect(() => computeBill([line(100)], 0, { ...ok, serviceChargeBps: -1 })).toThrow(RangeError);
    expect(() =>
      computeBill([line(100)], 0, { ...ok, regime: 'gst' as unknown as TaxRegime }),
    ).toThrow(RangeError);
  });

  it('still computes an old rate (12 %)', () => {
    // half = round(10000 × 1200 / 20000) = 600.
    expect(computeBill([line(10000, 1, 1200)], 0, REGULAR_EXCLUSIVE).taxPaise).toBe(1200);
  });
});

/** Realistic inputs: up to ₹1,00,000 a unit, 1000 units, 20 lines; the slabs and outside GST. */
const lineArb: fc.Arbitrary<TaxLineInput> = fc.record({
  unitPricePaise: fc.integer({ min: 0, max: 10_000_000 }),
  quantity: fc.integer({ min: 0, max: 1000 }),
  gstRateBps: fc.constantFrom(...GST_RATES_BPS),
  outsideGst: fc.boolean(),
});
const profileArb: fc.Arbitrary<TaxProfileInput> = fc.record({
  regime: fc.constantFrom(...TAX_REGIMES),
  pricesIncludeTax: fc.boolean(),
  roundOff: fc.boolean(),
  serviceChargeBps: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2000 })),
});
const billArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 20 }),
  discountBps: fc.integer({ min: 0, max: MAX_DISCOUNT_BPS }),
  profile: profileArb,
  serviceCharge: fc.boolean(),
});

function allAmounts(bill: TaxedBill): number[] {
  return [
    bill.subtotalPaise,
    bill.discountPaise,
    bill.taxablePaise,
    bill.nonGstPaise,
    bill.serviceChargeBps,
    bill.serviceChargePaise,
    bill.serviceChargeCgstPaise,
    bill.serviceChargeSgstPaise,
    bill.cgstPaise,
    bill.sgstPaise,
    bill.taxPaise,
    bill.totalPaise,
    ...bill.lines.flatMap((taxed) => [
      taxed.amountPaise,
      taxed.discountPaise,
      taxed.netPaise,
      taxed.taxablePaise,
      taxed.cgstPaise,
      taxed.sgstPaise,
    ]),
    ...bill.rates.flatMap((row) => [row.taxablePaise, row.cgstPaise, row.sgstPaise]),
  ];
}

describe('computeBill: properties', () => {
  it('every sum of parts equals its whole to the paisa', () => {
    fc.assert(
      fc.property(billArb, ({ lines, discountBps, profile, serviceCharge }) => {
        const bill = computeBill(lines, discountBps, profile, { serviceCharge });
        const sum = (values: number[]) => sumPaise(values);
        const gstLines = bill.lines.filter((_, index) => !lines[index]?.outsideGst);
        const outsideLines = bill.lines.filter((_, index) => lines[index]?.outsideGst);

        expect(bill.lines).toHaveLength(lines.length);
        expect(sum(bill.lines.map((l) => l.amountPaise))).toBe(bill.subtotalPaise);
        expect(sum(bill.lines.map((l) => l.discountPaise))).toBe(bill.discountPaise);
        expect(sum(bill.lines.map((l) => l.netPaise))).toBe(
          bill.subtotalPaise - bill.discountPaise,
        );
        for (const taxed of bill.lines) {
          expect(taxed.netPaise).toBe(taxed.amountPaise - taxed.discountPaise);
          expect(taxed.cgstPaise).toBe(taxed.sgstPaise);
        }
        expect(sum(bill.lines.map((l) => l.taxablePaise))).toBe(bill.taxablePaise);
        expect(sum(outsideLines.map((l) => l.netPaise))).toBe(bill.nonGstPaise);
        for (const taxed of outsideLines) {
          expect(taxed).toMatchObject({ taxablePaise: 0, cgstPaise: 0, gstRateBps: null });
        }

        // Lines + service charge = totals; rows = totals.
        const linesCgst = sum(bill.lines.map((l) => l.cgstPaise));
        expect(linesCgst + bill.serviceChargeCgstPaise).toBe(bill.cgstPaise);
        expect(sum(bill.lines.map((l) => l.sgstPaise)) + bill.serviceChargeSgstPaise).toBe(
          bill.sgstPaise,
        );
        expect(bill.cgstPaise).toBe(bill.sgstPaise);
        expect(bill.serviceChargeCgstPaise).toBe(bill.serviceChargeSgstPaise);
        expect(bill.taxPaise).toBe(bill.cgstPaise + bill.sgstPaise);
        expect(sum(bill.rates.map((r) => r.cgstPaise))).toBe(bill.cgstPaise);
        expect(sum(bill.rates.map((r) => r.sgstPaise))).toBe(bill.sgstPaise);
        const scInRows = bill.serviceChargeRateBps === null ? 0 : bill.serviceChargePaise;
        // Rows exist only on a regular bill (composition/unregistered: no GST, no rows).
        if (profile.regime === 'regular') {
          expect(sum(bill.rates.map((r) => r.taxablePaise))).toBe(bill.taxablePaise + scInRows);
        }
        for (const row of bill.rates) expect(row.cgstPaise).toBe(row.sgstPaise);
        const rateOrder = bill.rates.map((r) => r.rateBps);
        expect(rateOrder).toEqual([...new Set(rateOrder)].sort((a, b) => a - b));
        // Each row is its lines (plus the service charge at its rate).
        for (const row of bill.rates) {
          const atRate = bill.lines.filter((l) => l.gstRateBps === row.rateBps);
          const sc = bill.serviceChargeRateBps === row.rateBps;
          expect(sum(atRate.map((l) => l.taxablePaise)) + (sc ? bill.serviceChargePaise : 0)).toBe(
            row.taxablePaise,
          );
          expect(sum(atRate.map((l) => l.cgstPaise)) + (sc ? bill.serviceChargeCgstPaise : 0)).toBe(
            row.cgstPaise,
          );
        }

        // Taxable + tax = net: per line exactly when prices exclude tax; for the lines together
        // when they include it (a line may differ by up to 2 paise: its taxable value and its
        // tax are each spread over the group by value).
        if (profile.regime === 'regular') {
          const gstNet = sum(gstLines.map((l) => l.netPaise));
          const gstTaxable = sum(gstLines.map((l) => l.taxablePaise));
          if (profile.pricesIncludeTax) {
            expect(gstTaxable + 2 * linesCgst).toBe(gstNet);
            for (const taxed of gstLines) {
              const gap = taxed.netPaise - taxed.taxablePaise - 2 * taxed.cgstPaise;
              expect(Math.abs(gap)).toBeLessThanOrEqual(2);
            }
          } else {
            for (const taxed of gstLines) expect(taxed.taxablePaise).toBe(taxed.netPaise);
          }
          for (const taxed of gstLines) expect(taxed.gstRateBps).not.toBeNull();
        } else {
          expect(bill.taxPaise).toBe(0);
          expect(bill.rates).toEqual([]);
          expect(bill.serviceChargeRateBps).toBeNull();
          for (const taxed of bill.lines) {
            expect(taxed.gstRateBps).toBeNull();
            if (!lines[bill.lines.indexOf(taxed)]?.outsideGst) {
              expect(taxed.taxablePaise).toBe(taxed.netPaise);
            }
          }
        }

        // Service charge.
        const scOn = serviceCharge && profile.serviceChargeBps > 0;
        expect(bill.serviceChargeBps).toBe(scOn ? profile.serviceChargeBps : 0);
        expect(bill.serviceChargePaise).toBe(
          scOn
            ? roundHalfUp(
                BigInt(bill.taxablePaise + bill.nonGstPaise) * BigInt(profile.serviceChargeBps),
                10_000n,
              )
            : 0,
        );
        if (!scOn) expect(bill.serviceChargeRateBps).toBeNull();

        // The total.
        expect(bill.totalPaise).toBe(
          bill.taxablePaise +
            bill.nonGstPaise +
            bill.serviceChargePaise +
            bill.taxPaise +
            bill.roundOffPaise,
        );
        expect(bill.roundOffPaise).toBeGreaterThanOrEqual(-49);
        expect(bill.roundOffPaise).toBeLessThanOrEqual(50);
        if (profile.roundOff) expect(bill.totalPaise % 100).toBe(0);
        else expect(bill.roundOffPaise).toBe(0);

        for (const amount of allAmounts(bill)) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('the tax of each group is the rule of its price mode', () => {
    fc.assert(
      fc.property(billArb, ({ lines, discountBps, profile }) => {
        const regular = { ...profile, regime: 'regular' as const, serviceChargeBps: 0 };
        const bill = computeBill(lines, discountBps, regular);
        for (const row of bill.rates) {
          const net = sumPaise(
            bill.lines.filter((l) => l.gstRateBps === row.rateBps).map((l) => l.netPaise),
          );
          const rate = BigInt(row.rateBps);
          const half = profile.pricesIncludeTax
            ? roundHalfUp(BigInt(net) * rate, 2n * (10_000n + rate))
            : roundHalfUp(BigInt(net) * rate, 20_000n);
          expect(row.cgstPaise).toBe(half);
          expect(row.taxablePaise).toBe(profile.pricesIncludeTax ? net - 2 * half : net);
        }
      }),
    );
  });

  it('unregistered, without service charge or round-off, is the legacy billTotals total', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 20 }),
        fc.integer({ min: 0, max: MAX_DISCOUNT_BPS }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2000 }),
        (lines, discountBps, pricesIncludeTax, serviceChargeBps) => {
          const profile: TaxProfileInput = {
            regime: 'unregistered',
            pricesIncludeTax,
            roundOff: false,
            serviceChargeBps,
          };
          const legacy = billTotals(lines, discountBps);
          const bill = computeBill(lines, discountBps, profile, { serviceCharge: false });
          expect(bill.totalPaise).toBe(legacy.totalPaise);
          expect(bill.subtotalPaise).toBe(legacy.subtotalPaise);
          expect(bill.discountPaise).toBe(legacy.discountPaise);
          // A profile with no service charge gives the same total.
          const none = computeBill(lines, discountBps, { ...profile, serviceChargeBps: 0 });
          expect(none.totalPaise).toBe(legacy.totalPaise);
        },
      ),
    );
  });
});

describe('a flat ₹ discount', () => {
  const profile: TaxProfileInput = {
    regime: 'regular',
    pricesIncludeTax: false,
    roundOff: false,
    serviceChargeBps: 0,
  };
  const lines = [
    { unitPricePaise: 30_000, quantity: 1, gstRateBps: 500, outsideGst: false },
    { unitPricePaise: 10_000, quantity: 1, gstRateBps: 1800, outsideGst: false },
  ];

  it('comes off after the percentage and before tax, spread over the lines like it', () => {
    const bill = computeBill(lines, 1000, profile, { discountFlatPaise: 4_000 });
    // ₹400 − 10 % = ₹360, − ₹40 flat = ₹320 taxable: ₹240 at 5 %, ₹80 at 18 %.
    expect(bill.discountPaise).toBe(8_000);
    expect(bill.lines.map((line) => line.netPaise)).toEqual([24_000, 8_000]);
    expect(bill.taxPaise).toBe(1_200 + 1_440);
    expect(bill.totalPaise).toBe(32_000 + 2_640);
    // Without a flat amount: the same as before.
    expect(computeBill(lines, 1000, profile, { discountFlatPaise: 0 })).toEqual(
      computeBill(lines, 1000, profile),
    );
  });

  it('is at most what the percentage leaves', () => {
    expect(maxFlatDiscountPaise(40_000, 1000)).toBe(36_000);
    expect(computeBill(lines, 1000, profile, { discountFlatPaise: 36_000 }).totalPaise).toBe(0);
    expect(() => computeBill(lines, 1000, profile, { discountFlatPaise: 36_001 })).toThrow(
      RangeError,
    );
    expect(() => computeBill(lines, 0, profile, { discountFlatPaise: -1 })).toThrow(RangeError);
    expect(() => computeBill(lines, 0, profile, { discountFlatPaise: 0.5 })).toThrow(RangeError);
  });
});

/**
 * An equal split of a bill into N parts (docs/kitchen.md, "Equal split"): each part is a bill of
 * its own (its own number and tax), and the parts add up to the whole bill to the paisa.
 *
 * The whole bill is worked out once by `computeBill` (shared/tax.ts), the one rule for tax and
 * rounding. Then every figure of it (each line's amount, discount, taxable value and tax half,
 * the service charge and its tax half, the round-off) is shared out over the parts by the
 * largest-remainder method with equal weights: each part gets ⌊x / N⌋ and the x mod N paise
 * left over go one each to the next parts in turn (all remainders tie; the turn carries on from
 * figure to figure, so no part collects every odd paisa). A part's figures are the sums of its
 * shares, so CGST = SGST on every part and every figure of the parts adds up to the whole's.
 * Each part's round-off evens the parts out: it is what takes the part's figures to its share
 * of the whole's total (those shares differ by at most a paisa), so the parts' totals differ by
 * at most a paisa, total = taxable + outside GST + service charge + tax + round-off on every
 * part, and the round-offs add up to the whole's.
 *
 * Items are shared the same way: each line's quantity over the parts (3 naan in 2 parts: 2 and
 * 1; 1 biryani in 3 parts: 1, 0, 0), so a part's line carries a share of the line's money and a
 * whole number of its items, possibly 0. Stock and the item reports count each part's
 * quantities, which add up to the line's: every item is counted exactly once over the parts.
 */
import type { TaxedBill, TaxedLine, TaxRateRow } from './tax';

/** Fewest and most parts of an equal split. */
export const MIN_SPLIT_PARTS = 2;
export const MAX_SPLIT_PARTS = 20;

/** One part: its bill's figures (as `computeBill` answers them) and each line's item count. */
export interface SplitPart {
  bill: TaxedBill;
  /** Per line of the whole bill, in its order: how many of its items this part carries. */
  quantities: number[];
}

/** Shares out non-negative integers over `n` parts in turn (see the file's comment). */
class Turn {
  private next = 0;
  constructor(private readonly n: number) {}

  /** x over the parts, the odd paise from the current turn on; signed x shares its size. */
  share(x: number, start = this.next): number[] {
    const size = Math.abs(x);
    const base = Math.floor(size / this.n);
    const left = size % this.n;
    const parts = Array.from({ length: this.n }, () => base);
    for (let k = 0; k < left; k += 1) {
      const index = (start + k) % this.n;
      parts[index] = (parts[index] ?? 0) + 1;
    }
    return x < 0 ? parts.map((part) => -part) : parts;
  }

  /** Moves the turn on by `count` parts. */
  advance(count: number): void {
    this.next = (this.next + count) % this.n;
  }

  get current(): number {
    return this.next;
  }
}

const sum = (values: readonly number[]) => values.reduce((acc, value) => acc + value, 0);

/**
 * The whole bill `whole` (with its lines' `quantities`, in the same order) as `n` parts.
 * @throws RangeError for n outside MIN_SPLIT_PARTS..MAX_SPLIT_PARTS or a quantity list that
 *   does not match the bill's lines.
 */
export function equalSplit(
  whole: TaxedBill,
  quantities: readonly number[],
  n: number,
): SplitPart[] {
  if (!Number.isInteger(n) || n < MIN_SPLIT_PARTS || n > MAX_SPLIT_PARTS) {
    throw new RangeError(`An equal split has ${MIN_SPLIT_PARTS} to ${MAX_SPLIT_PARTS} parts`);
  }
  if (quantities.length !== whole.lines.length) {
    throw new RangeError('equalSplit: one quantity per line');
  }
  // Outside-GST lines have no taxable value and no rate: their net is outside GST, as computeBill
  // counts it.
  const isOutside = (index: number) =>
    whole.lines[index]!.gstRateBps === null && whole.lines[index]!.taxablePaise === 0;
  const money = new Turn(n);
  const items = new Turn(n);
  // lineShares[k][i]: part k's share of line i.
  const lineShares: TaxedLine[][] = Array.from({ length: n }, () => []);
  const partQuantities: number[][] = Array.from({ length: n }, () => []);
  whole.lines.forEach((line, i) => {
    // A line's figures start from the same part, so a part's discount never exceeds its amount.
    const start = money.current;
    const amounts = money.share(line.amountPaise, start);
    const discounts = money.share(line.discountPaise, start);
    const taxables = money.share(line.taxablePaise, start);
    const halves = money.share(line.cgstPaise, start);
    money.advance(line.amountPaise % n);
    const counts = items.share(quantities[i] ?? 0);
    items.advance((quantities[i] ?? 0) % n);
    for (let k = 0; k < n; k += 1) {
      const amount = amounts[k] ?? 0;
      const discount = discounts[k] ?? 0;
      lineShares[k]!.push({
        amountPaise: amount,
        discountPaise: discount,
        netPaise: amount - discount,
        taxablePaise: taxables[k] ?? 0,
        cgstPaise: halves[k] ?? 0,
        sgstPaise: halves[k] ?? 0,
        gstRateBps: line.gstRateBps,
      });
      partQuantities[k]!.push(counts[k] ?? 0);
    }
  });
  const start = money.current;
  const charges = money.share(whole.serviceChargePaise, start);
  const chargeHalves = money.share(whole.serviceChargeCgstPaise, start);
  money.advance(whole.serviceChargePaise % n);
  // The parts' totals as equal as can be (the whole's total shared out, the odd paise to the
  // first parts): each part's round-off is what takes its figures to its share, so the
  // round-offs add up to the whole's. Should one fall outside −49..+50 (never for a bill of a
  // few dozen lines), every part keeps its plain share of the whole's round-off instead.
  const targets = new Turn(n).share(whole.totalPaise, 0);
  const before = lineShares.map((lines, k) => {
    const taxable = sum(lines.map((line) => line.taxablePaise));
    const outsideNet = sum(lines.filter((_, i) => isOutside(i)).map((line) => line.netPaise));
    const half = sum(lines.map((line) => line.cgstPaise)) + (chargeHalves[k] ?? 0);
    return taxable + outsideNet + (charges[k] ?? 0) + 2 * half;
  });
  const evened = before.map((pre, k) => (targets[k] ?? 0) - pre);
  const roundOffs = evened.every((value) => value >= -49 && value <= 50)
    ? evened
    : money.share(whole.roundOffPaise);

  return lineShares.map((lines, k) => {
    const taxablePaise = sum(lines.map((line) => line.taxablePaise));
    // Outside-GST lines keep their net as it is (no taxable value): as computeBill does.
    const nonGstPaise = sum(lines.filter((_, i) => isOutside(i)).map((line) => line.netPaise));
    const serviceChargePaise = charges[k] ?? 0;
    const scHalf = chargeHalves[k] ?? 0;
    const half = sum(lines.map((line) => line.cgstPaise)) + scHalf;
    const taxPaise = 2 * half;
    const roundOffPaise = roundOffs[k] ?? 0;
    const rates = new Map<number, TaxRateRow>();
    for (const line of lines) {
      if (line.gstRateBps === null) continue;
      const row = rates.get(line.gstRateBps) ?? {
        rateBps: line.gstRateBps,
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
      };
      row.taxablePaise += line.taxablePaise;
      row.cgstPaise += line.cgstPaise;
      row.sgstPaise += line.sgstPaise;
      rates.set(line.gstRateBps, row);
    }
    if (whole.serviceChargeRateBps !== null && serviceChargePaise > 0) {
      const rate = whole.serviceChargeRateBps;
      const row = rates.get(rate) ?? { rateBps: rate, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 };
      row.taxablePaise += serviceChargePaise;
      row.cgstPaise += scHalf;
      row.sgstPaise += scHalf;
      rates.set(rate, row);
    }
    const bill: TaxedBill = {
      subtotalPaise: sum(lines.map((line) => line.amountPaise)),
      discountPaise: sum(lines.map((line) => line.discountPaise)),
      lines,
      taxablePaise,
      nonGstPaise,
      serviceChargeBps: whole.serviceChargeBps,
      serviceChargePaise,
      serviceChargeRateBps: whole.serviceChargeRateBps,
      serviceChargeCgstPaise: scHalf,
      serviceChargeSgstPaise: scHalf,
      cgstPaise: half,
      sgstPaise: half,
      taxPaise,
      roundOffPaise,
      totalPaise: taxablePaise + nonGstPaise + serviceChargePaise + taxPaise + roundOffPaise,
      rates: [...rates.values()].sort((a, b) => a.rateBps - b.rateBps),
    };
    return { bill, quantities: partQuantities[k]! };
  });
}

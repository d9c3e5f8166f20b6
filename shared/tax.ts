/**
 * THE tax calculation of a bill (docs/gst.md, "The calculation"): one function, `computeBill`,
 * used by the payment modal, the server and the provisional bill, so every screen, the stored
 * bill and every report agree to the paisa.
 *
 * Amounts are integer paise, rates and percentages basis points (shared/money.ts). Every
 * product of an amount and a rate is computed in bigint, never as a float. Every split of a
 * whole into parts (the discount over lines, a rate group's taxable value and tax over its
 * lines) uses `allocateByValue`, so the parts add up to the whole exactly.
 *
 * Error contract (as shared/money.ts): a `RangeError` on invalid input: a negative or
 * non-integer amount, quantity or rate, a rate above 100 %, an unknown regime, an unsafe sum.
 */
import { billedParts, type LineComplimentary } from './complimentary';
import { DEFAULT_GST_RATE_BPS, isTaxRegime, type TaxRegime } from './gst-rates';
import { discountPaise, lineTotalPaise, sumPaise } from './money';

/** One bill line as billed: the rate and outside-GST flag are the ones the line keeps. */
export interface TaxLineInput {
  unitPricePaise: number;
  quantity: number;
  /** The line's GST rate in basis points: any integer 0..10000 (old rates still compute). */
  gstRateBps: number;
  /** Outside GST (e.g. liquor under state VAT): billed at its price, no GST, shown apart. */
  outsideGst: boolean;
}

/** The part of a branch's tax profile the calculation needs. */
export interface TaxProfileInput {
  regime: TaxRegime;
  /** True when menu prices include GST (the tax is taken out of them), false when it is added. */
  pricesIncludeTax: boolean;
  /** True to take the total to the rupee with a signed round-off in [−49, +50] paise. */
  roundOff: boolean;
  /** The profile's (voluntary) service charge in basis points; 0 for none. */
  serviceChargeBps: number;
}

export interface TaxedLine {
  /** Unit price × quantity. */
  amountPaise: number;
  /** This line's share of the bill discount. */
  discountPaise: number;
  /** amount − discount. */
  netPaise: number;
  /** The line's taxable value: net without its tax; 0 for an outside-GST line. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  /** null when no GST is charged on it (outside GST, composition, unregistered) */
  gstRateBps: number | null;
}

/** One row of the tax summary: a rate's taxable value and tax (lines + service charge). */
export interface TaxRateRow {
  rateBps: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export interface TaxedBill {
  /** Σ line amounts. */
  subtotalPaise: number;
  /** `discountPaise(subtotal, discountBps)` + the flat discount; Σ line discounts. */
  discountPaise: number;
  lines: TaxedLine[];
  /** Σ taxable of the GST lines (composition/unregistered: Σ net of the non-outside lines). */
  taxablePaise: number;
  /** Σ net of the outside-GST lines. */
  nonGstPaise: number;
  /** The service charge rate applied: 0 when the profile has none or the bill removed it. */
  serviceChargeBps: number;
  serviceChargePaise: number;
  /** The GST rate of the service charge; null when it is not taxed (or there is none). */
  serviceChargeRateBps: number | null;
  serviceChargeCgstPaise: number;
  serviceChargeSgstPaise: number;
  /** Lines + service charge. */
  cgstPaise: number;
  /** Lines + service charge; always equal to `cgstPaise`. */
  sgstPaise: number;
  /** cgst + sgst. */
  taxPaise: number;
  /** Signed, in [−49, +50]; 0 when the profile has no round-off. */
  roundOffPaise: number;
  /** taxable + nonGst + service charge + tax + round-off. */
  totalPaise: number;
  /** Per GST rate, ascending; lines + the service charge at its rate; empty when no GST. */
  rates: TaxRateRow[];
}

const BPS_WHOLE = 10_000;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function toSafeNumber(value: bigint, name: string): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new RangeError(`${name} is too large to be represented exactly`);
  }
  return Number(value);
}

function assertNonNegativeSafeInteger(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer, got ${String(value)}`);
  }
}

function assertBps(value: unknown, name: string): asserts value is number {
  assertNonNegativeSafeInteger(value, name);
  if (value > BPS_WHOLE) {
    throw new RangeError(`${name} must be between 0 and ${BPS_WHOLE}, got ${value}`);
  }
}

/**
 * numerator / denominator rounded to an integer half up (x.5 → x + 1), the product's one
 * rounding rule (as `discountPaise`), for a non-negative numerator and a positive denominator.
 * @throws RangeError for a negative numerator, a denominator ≤ 0 or an unsafe result.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  if (numerator < 0n) throw new RangeError('roundHalfUp: the numerator must not be negative');
  if (denominator <= 0n) throw new RangeError('roundHalfUp: the denominator must be positive');
  // floor(n / d + 1/2) = floor((2n + d) / 2d)
  return toSafeNumber((numerator * 2n + denominator) / (denominator * 2n), 'roundHalfUp');
}

/**
 * Splits `total` into integer parts proportional to `weights` by the largest-remainder method:
 * each part gets floor(total × weight / Σ weights); the paise left over go one each to the parts
 * with the largest remainders, ties to the lower index. The parts are non-negative, add up to
 * `total` exactly, and none exceeds its weight when total ≤ Σ weights (a discount never exceeds
 * its line).
 *
 * When every weight is 0 (or there is one part), the whole total goes to the first index: there
 * is no value to split by, and spreading it evenly would invent a proportion.
 * @throws RangeError unless total and every weight are non-negative safe integers, or when
 *   there is a positive total and no weights.
 */
export function allocateByValue(total: number, weights: readonly number[]): number[] {
  assertNonNegativeSafeInteger(total, 'total');
  weights.forEach((weight, index) => assertNonNegativeSafeInteger(weight, `weights[${index}]`));
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError(`Cannot allocate ${total} over no weights`);
  }
  const parts = weights.map(() => 0);
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n);
  if (sum === 0n) {
    parts[0] = total;
    return parts;
  }
  const whole = BigInt(total);
  const remainders: { index: number; remainder: bigint }[] = [];
  let given = 0n;
  weights.forEach((weight, index) => {
    const exact = whole * BigInt(weight);
    const share = exact / sum;
    parts[index] = Number(share);
    given += share;
    remainders.push({ index, remainder: exact % sum });
  });
  // Σ remainders / sum = total − given, fewer than the parts with a positive remainder.
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const left = Number(whole - given);
  for (let k = 0; k < left; k += 1) {
    const target = remainders[k];
    if (target === undefined) throw new RangeError('allocateByValue: internal error');
    parts[target.index] = (parts[target.index] ?? 0) + 1;
  }
  return parts;
}

/** A rate group's totals, before the service charge. */
interface RateGroup {
  rateBps: number;
  lineIndexes: number[];
  netPaise: number;
  taxablePaise: number;
  halfPaise: number;
}

/**
 * The taxes of one bill (docs/gst.md, "The calculation"):
 * 1. line amount = unit price × quantity; subtotal = Σ amounts;
 * 2. discount = `discountPaise(subtotal, discountBps)` + the flat discount
 *    (`options.discountFlatPaise`, default 0; at most what the percentage leaves: before tax,
 *    like the percentage) spread over the lines by amount (`allocateByValue`);
 *    net = amount − discount share;
 * 3. (regular regime) GST lines grouped by rate; per group, on its net:
 *    exclusive prices: half = round(net × rate / 20000), taxable = net;
 *    inclusive prices: half = round(net × rate / (2 × (10000 + rate))), taxable = net − 2 × half;
 *    CGST = SGST = half; the group's taxable and half spread back over its lines by net;
 * 4. service charge (profile's bps > 0 and `options.serviceCharge !== false`) =
 *    round((taxable + outside-GST net) × bps / 10000), taxed (regular regime) at the rate of the
 *    group with the largest taxable value (tie: the higher rate; 5 % when there is no GST line):
 *    half = round(sc × rate / 20000), counted in that rate's row;
 * 5. round-off (when on): pre = taxable + outside-GST + sc + tax, to the rupee, 50 paise up;
 * 6. total = pre + round-off.
 * Composition and unregistered bills charge no tax: a GST line's taxable value is its net.
 * "round" is half up (`roundHalfUp`).
 * @throws RangeError for an invalid line, discount, profile or an unsafe amount.
 */
export function computeBill(
  lines: readonly TaxLineInput[],
  discountBps: number,
  profile: TaxProfileInput,
  options?: { serviceCharge?: boolean; discountFlatPaise?: number },
): TaxedBill {
  if (!isTaxRegime(profile.regime)) {
    throw new RangeError(`Unknown tax regime ${JSON.stringify(profile.regime)}`);
  }
  assertBps(profile.serviceChargeBps, 'serviceChargeBps');
  const amounts = lines.map((line, index) => {
    try {
      assertBps(line.gstRateBps, 'gstRateBps');
      if (typeof line.outsideGst !== 'boolean') {
        throw new RangeError(`outsideGst must be a boolean, got ${String(line.outsideGst)}`);
      }
      return lineTotalPaise(line.unitPricePaise, line.quantity);
    } catch (error) {
      throw new RangeError(`lines[${index}]: ${(error as Error).message}`, { cause: error });
    }
  });
  const subtotalPaise = sumPaise(amounts);
  const flat = options?.discountFlatPaise ?? 0;
  const percentOff = discountPaise(subtotalPaise, discountBps);
  if (!Number.isSafeInteger(flat) || flat < 0 || flat > subtotalPaise - percentOff) {
    throw new RangeError(
      `discountFlatPaise must be a whole number from 0 to ${subtotalPaise - percentOff}, got ${flat}`,
    );
  }
  const discount = percentOff + flat;
  const discounts = allocateByValue(discount, amounts);
  const nets = amounts.map((amount, index) => amount - (discounts[index] ?? 0));

  const charged = profile.regime === 'regular';
  const taxedLines: TaxedLine[] = amounts.map((amount, index) => {
    const line = lines[index] as TaxLineInput;
    const net = nets[index] ?? 0;
    return {
      amountPaise: amount,
      discountPaise: discounts[index] ?? 0,
      netPaise: net,
      // Regular GST lines are filled in per group below; outside-GST lines have none.
      taxablePaise: line.outsideGst ? 0 : net,
      cgstPaise: 0,
      sgstPaise: 0,
      gstRateBps: charged && !line.outsideGst ? line.gstRateBps : null,
    };
  });

  // 3. Rate groups (regular regime only).
  const groups = new Map<number, RateGroup>();
  if (charged) {
    lines.forEach((line, index) => {
      if (line.outsideGst) return;
      const group = groups.get(line.gstRateBps) ?? {
        rateBps: line.gstRateBps,
        lineIndexes: [],
        netPaise: 0,
        taxablePaise: 0,
        halfPaise: 0,
      };
      group.lineIndexes.push(index);
      group.netPaise = sumPaise([group.netPaise, nets[index] ?? 0]);
      groups.set(line.gstRateBps, group);
    });
  }
  const sortedGroups = [...groups.values()].sort((a, b) => a.rateBps - b.rateBps);
  for (const group of sortedGroups) {
    const net = BigInt(group.netPaise);
    const rate = BigInt(group.rateBps);
    if (profile.pricesIncludeTax) {
      group.halfPaise = roundHalfUp(net * rate, 2n * (BigInt(BPS_WHOLE) + rate));
      group.taxablePaise = group.netPaise - 2 * group.halfPaise;
    } else {
      group.halfPaise = roundHalfUp(net * rate, 2n * BigInt(BPS_WHOLE));
      group.taxablePaise = group.netPaise;
    }
    const groupNets = group.lineIndexes.map((index) => nets[index] ?? 0);
    const taxables = allocateByValue(group.taxablePaise, groupNets);
    const halves = allocateByValue(group.halfPaise, groupNets);
    group.lineIndexes.forEach((lineIndex, k) => {
      const taxed = taxedLines[lineIndex] as TaxedLine;
      taxed.taxablePaise = taxables[k] ?? 0;
      taxed.cgstPaise = halves[k] ?? 0;
      taxed.sgstPaise = halves[k] ?? 0;
    });
  }

  const taxablePaise = sumPaise(taxedLines.map((line) => line.taxablePaise));
  const nonGstPaise = sumPaise(
    taxedLines.filter((_, index) => lines[index]?.outsideGst).map((line) => line.netPaise),
  );
  const linesHalf = sumPaise(sortedGroups.map((group) => group.halfPaise));

  // 4. Service charge.
  const scBps =
    options?.serviceCharge !== false && profile.serviceChargeBps > 0 ? profile.serviceChargeBps : 0;
  const serviceChargePaise =
    scBps > 0
      ? roundHalfUp(BigInt(sumPaise([taxablePaise, nonGstPaise])) * BigInt(scBps), 10_000n)
      : 0;
  let serviceChargeRateBps: number | null = null;
  let scHalf = 0;
  if (charged && scBps > 0) {
    let principal: RateGroup | undefined;
    for (const group of sortedGroups) {
      // Ascending rates, so `>=` lets the higher rate win a tie.
      if (principal === undefined || group.taxablePaise >= principal.taxablePaise) {
        principal = group;
      }
    }
    serviceChargeRateBps = principal?.rateBps ?? 500;
    scHalf = roundHalfUp(
      BigInt(serviceChargePaise) * BigInt(serviceChargeRateBps),
      2n * BigInt(BPS_WHOLE),
    );
  }

  const rates: TaxRateRow[] = sortedGroups.map((group) => ({
    rateBps: group.rateBps,
    taxablePaise: group.taxablePaise,
    cgstPaise: group.halfPaise,
    sgstPaise: group.halfPaise,
  }));
  if (serviceChargeRateBps !== null) {
    const scRate = serviceChargeRateBps;
    const row = rates.find((candidate) => candidate.rateBps === scRate);
    if (row) {
      row.taxablePaise = sumPaise([row.taxablePaise, serviceChargePaise]);
      row.cgstPaise = sumPaise([row.cgstPaise, scHalf]);
      row.sgstPaise = row.cgstPaise;
    } else {
      rates.push({
        rateBps: scRate,
        taxablePaise: serviceChargePaise,
        cgstPaise: scHalf,
        sgstPaise: scHalf,
      });
      rates.sort((a, b) => a.rateBps - b.rateBps);
    }
  }

  const half = sumPaise([linesHalf, scHalf]);
  const taxPaise = sumPaise([half, half]);

  // 5–6. Round-off and total.
  const pre = sumPaise([taxablePaise, nonGstPaise, serviceChargePaise, taxPaise]);
  // Section 170's rule on the total: 50 paise or more up to the rupee, less ignored. In integers
  // (pre ≥ 0): paise = pre % 100; round-off = 100 − paise when paise ≥ 50, else −paise.
  const paise = pre % 100;
  const roundOffPaise = !profile.roundOff || paise === 0 ? 0 : paise >= 50 ? 100 - paise : -paise;
  const totalPaise = sumPaise([pre, roundOffPaise]);

  return {
    subtotalPaise,
    discountPaise: discount,
    lines: taxedLines,
    taxablePaise,
    nonGstPaise,
    serviceChargeBps: scBps,
    serviceChargePaise,
    serviceChargeRateBps,
    serviceChargeCgstPaise: scHalf,
    serviceChargeSgstPaise: scHalf,
    cgstPaise: half,
    sgstPaise: half,
    taxPaise,
    roundOffPaise,
    totalPaise,
    rates,
  };
}

/**
 * The most a flat ₹ discount may be on a bill of `subtotalPaise` with `discountBps` off: what
 * the percentage leaves (a bill is never discounted below ₹0).
 */
export function maxFlatDiscountPaise(subtotalPaise: number, discountBps: number): number {
  return subtotalPaise - discountPaise(subtotalPaise, discountBps);
}

/** A line of an open order: its product's GST when the product still exists. */
export interface OrderTaxLine {
  unitPricePaise: number;
  quantity: number;
  gstRateBps?: number;
  outsideGst?: boolean;
  /** Its complimentary items (shared/complimentary.ts): billed at nothing. */
  complimentary?: LineComplimentary | null;
}

/**
 * An open order's bill, as the payment modal, the provisional bill and the payment work it
 * out: `computeBill` of its lines' billed parts (shared/complimentary.ts billedParts: a line's
 * charged items, then its complimentary ones at nothing, so `lines` of the answer are the parts),
 * a line whose product is gone billed at the default rate (DEFAULT_GST_RATE_BPS), within GST.
 */
export function computeOrderBill(
  lines: readonly OrderTaxLine[],
  discountBps: number,
  profile: TaxProfileInput,
  options: { serviceCharge?: boolean; discountFlatPaise?: number } = {},
): TaxedBill {
  return computeBill(
    billedParts(lines).map(({ line, quantity, complimentary }) => ({
      unitPricePaise: complimentary ? 0 : line.unitPricePaise,
      quantity,
      gstRateBps: line.gstRateBps ?? DEFAULT_GST_RATE_BPS,
      outsideGst: line.outsideGst ?? false,
    })),
    discountBps,
    profile,
    options,
  );
}

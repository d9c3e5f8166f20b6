/**
 * An equal split of a bill into N parts (docs/gst.md, "Equal split"): each part is a tax invoice
 * of its own that a guest or an auditor can check from what it prints, and the parts add up to
 * the whole bill to the paisa.
 *
 * 1. Every order line is shared out: parts 1..N−1 carry "1/N of" the line's amount, rounded half
 *    up to the paisa (`roundHalfUp`), the last part the balance (the amount less the other
 *    shares). Should the balance come out negative (a line of a few paise in many parts), every
 *    part but the last carries ⌊amount / N⌋ instead. Each share is a line of its part with its
 *    line's rate and outside-GST flag; the line's items are shared the same way for stock (3 naan
 *    in 2 parts: 2 and 1), which is a count, not money.
 * 2. Each part's bill is `computeBill` (shared/tax.ts, the one rule) of its share lines with the
 *    whole bill's discount and service-charge choice: its discount, tax per rate (from its own
 *    taxable value), service charge and round-off are worked out as for any bill, so every figure
 *    recomputes from the part alone, and it rounds to the rupee when the branch rounds.
 * 3. Rounding N times does not give the whole's rounding: the parts' totals can differ from the
 *    whole bill's grand total by a few paise (or, with round-off, whole rupees). That difference
 *    goes to the last part as a stated "split difference" (outside tax, like a round-off), so the
 *    parts' amounts add up to the whole's grand total, the amount the guests were shown.
 */
import { billedParts } from './complimentary';
import { INVOICE_TEXT } from './invoice-text';
import {
  computeOrderBill,
  roundHalfUp,
  type OrderTaxLine,
  type TaxedBill,
  type TaxProfileInput,
} from './tax';

/** Fewest and most parts of an equal split. */
export const MIN_SPLIT_PARTS = 2;
export const MAX_SPLIT_PARTS = 20;

/** One part of an equal split. */
export interface SplitPart {
  /** `computeBill` of the part's share lines: its own figures (subtotal … round-off, total). */
  bill: TaxedBill;
  /** Per line of the whole bill, in its order: this part's share of the line's amount. */
  amounts: number[];
  /** Per line of the whole bill, in its order: how many of its items this part carries. */
  quantities: number[];
  /** Signed; 0 except on the last part: the whole's total less the parts' bill totals. */
  differencePaise: number;
  /** What this part's guest pays: bill.totalPaise + differencePaise. */
  totalPaise: number;
}

export interface EqualSplit {
  /** The whole bill (`computeOrderBill` of the order). */
  whole: TaxedBill;
  parts: SplitPart[];
}

/**
 * The shares of `amount` over `n` parts: parts 1..n−1 get amount / n rounded half up, the last
 * the balance; ⌊amount / n⌋ for the others when that balance would be negative.
 */
export function shareAmounts(amount: number, n: number): number[] {
  let share = roundHalfUp(BigInt(amount), BigInt(n));
  if (amount - (n - 1) * share < 0) share = Math.floor(amount / n);
  return Array.from({ length: n }, (_, k) => (k < n - 1 ? share : amount - (n - 1) * share));
}

/** Items shared like money but as counts: ⌊q / n⌋ each, the q mod n left one each in turn. */
function shareItems(quantity: number, n: number, start: number): number[] {
  const base = Math.floor(quantity / n);
  const counts = Array.from({ length: n }, () => base);
  for (let k = 0; k < quantity % n; k += 1) counts[(start + k) % n]! += 1;
  return counts;
}

/**
 * The order `lines` (as `computeOrderBill` takes them) split in `n` equal parts with the whole
 * bill's `discountBps`, `profile` and service-charge choice.
 * @throws RangeError for n outside MIN_SPLIT_PARTS..MAX_SPLIT_PARTS, or what computeBill throws.
 */
export function equalSplit(
  orderLines: readonly OrderTaxLine[],
  discountBps: number,
  profile: TaxProfileInput,
  n: number,
  options: { serviceCharge?: boolean } = {},
): EqualSplit {
  if (!Number.isInteger(n) || n < MIN_SPLIT_PARTS || n > MAX_SPLIT_PARTS) {
    throw new RangeError(`An equal split has ${MIN_SPLIT_PARTS} to ${MAX_SPLIT_PARTS} parts`);
  }
  // Each line as the bill takes it: its charged items, then its complimentary ones at nothing
  // (shared/complimentary.ts), so the shares line up with the whole bill's lines.
  const lines = billedParts(orderLines).map(({ line, quantity, complimentary }) => ({
    ...line,
    quantity,
    unitPricePaise: complimentary ? 0 : line.unitPricePaise,
    complimentary: null,
  }));
  const whole = computeOrderBill(lines, discountBps, profile, options);
  const amounts = whole.lines.map((line) => shareAmounts(line.amountPaise, n));
  let turn = 0;
  const items = lines.map((line) => {
    const counts = shareItems(line.quantity, n, turn);
    turn = (turn + (line.quantity % n)) % n;
    return counts;
  });
  const bills = Array.from({ length: n }, (_, k) =>
    computeOrderBill(
      lines.map((line, i) => ({
        unitPricePaise: amounts[i]![k]!,
        quantity: 1,
        ...(line.gstRateBps === undefined ? {} : { gstRateBps: line.gstRateBps }),
        ...(line.outsideGst === undefined ? {} : { outsideGst: line.outsideGst }),
      })),
      discountBps,
      profile,
      options,
    ),
  );
  const difference = whole.totalPaise - bills.reduce((acc, bill) => acc + bill.totalPaise, 0);
  return {
    whole,
    parts: bills.map((bill, k) => {
      const differencePaise = k === n - 1 ? difference : 0;
      return {
        bill,
        amounts: amounts.map((shares) => shares[k]!),
        quantities: items.map((counts) => counts[k]!),
        differencePaise,
        totalPaise: bill.totalPaise + differencePaise,
      };
    }),
  };
}

/** A stored line, as far as its share of an order line goes. */
export interface ShareLineFields {
  unitPricePaise: number;
  lineTotalPaise: number;
  shareOf?: number | null;
  sharePart?: number;
  wholeQuantity?: number;
}

/** What a share line prints besides its amount (both invoices say the same). */
export interface ShareFigures {
  /** "1/3" */
  fraction: string;
  wholeQuantity: number;
  /** The order line's amount: unit price × wholeQuantity. */
  wholePaise: number;
  /** On the last part, when its share differs: each other part's share (it has the rest). */
  balanceAfter: { parts: number; sharePaise: number } | null;
}

/**
 * The figures a share line prints, worked out from what it stores (`shareAmounts`): null for a
 * line that is no share, or a share made before its order line's quantity was kept.
 */
export function shareFiguresOf(line: ShareLineFields): ShareFigures | null {
  const n = line.shareOf;
  if (!n || line.sharePart === undefined || line.wholeQuantity === undefined) return null;
  const wholePaise = line.unitPricePaise * line.wholeQuantity;
  const shares = shareAmounts(wholePaise, n);
  return {
    fraction: `1/${n}`,
    wholeQuantity: line.wholeQuantity,
    wholePaise,
    // The last part's share is said to be the balance only when it differs from the others'.
    balanceAfter:
      line.sharePart === n && shares[n - 1] !== shares[0]
        ? { parts: n - 1, sharePaise: shares[0]! }
        : null,
  };
}

/**
 * A share line's words, the same on the HTML and thermal invoices and the orders report:
 * "1/3 share of 2 x ₹190.00 = ₹380.00", or on the last part "1/3 share: the balance of ₹380.00
 * after 2 x ₹126.67"; `money` formats an amount (₹ on screen, plain on a thermal printer).
 */
export function shareLineText(
  line: ShareLineFields,
  money: (paise: number) => string,
): string | null {
  const share = shareFiguresOf(line);
  if (!share) return null;
  return share.balanceAfter
    ? INVOICE_TEXT.shareBalance(
        share.fraction,
        money(share.wholePaise),
        share.balanceAfter.parts,
        money(share.balanceAfter.sharePaise),
      )
    : INVOICE_TEXT.shareOf(
        share.fraction,
        share.wholeQuantity,
        money(line.unitPricePaise),
        money(share.wholePaise),
      );
}

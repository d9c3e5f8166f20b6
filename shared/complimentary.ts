/**
 * Complimentary items (NC, "no charge") and staff meals (docs/complimentary.md): what a
 * restaurant gives without charging, marked on the open order with a reason, still made, still
 * taken out of stock, billed at nothing and reported at its menu price.
 *
 * GST: a supply made without consideration is not a taxable supply unless CGST Act 2017
 * Schedule I lists it (section 7(1)(c)); CBIC Circular No. 92/11/2019-GST (7 March 2019, para 2)
 * says goods given free (samples, gifts) without consideration do not attract GST, with the input
 * tax credit on them blocked by section 17(5)(h). So a complimentary line has no taxable value and
 * no tax on the tax invoice: it prints at ₹0.00 with its reason, its menu price stated.
 */

/** The reasons offered until the manager sets the branch's own list. */
export const DEFAULT_COMPLIMENTARY_REASONS = [
  'Staff meal',
  'On the house',
  'Service recovery',
  'Birthday or occasion',
  'Tasting',
] as const;

/** Most reasons a branch may list, and the longest reason. */
export const MAX_COMPLIMENTARY_REASONS = 20;
export const MAX_COMPLIMENTARY_REASON = 60;

/**
 * Above this menu value of complimentary items on one order (₹500 until the manager sets the
 * branch's own), staff need a manager's approval PIN; managers approve their own.
 */
export const DEFAULT_COMPLIMENTARY_LIMIT_PAISE = 50_000;
/** The highest limit a branch may set (₹1,00,000). */
export const MAX_COMPLIMENTARY_LIMIT_PAISE = 10_000_000;

/** How many of an order line are complimentary: at most the line's quantity. */
export function complimentaryQuantity(line: {
  quantity: number;
  complimentary: { quantity: number } | null;
}): number {
  return Math.min(line.quantity, line.complimentary?.quantity ?? 0);
}

/**
 * What `quantity` of a line cost when a split by items bills them: its complimentary items are
 * billed first (at nothing), then its charged ones, as the payment bills them.
 */
export function chargedPaise(
  line: { unitPricePaise: number; quantity: number; complimentary?: { quantity: number } | null },
  quantity: number,
): number {
  const free = Math.min(
    quantity,
    complimentaryQuantity({ ...line, complimentary: line.complimentary ?? null }),
  );
  return line.unitPricePaise * (quantity - free);
}

/** The menu value of an order's complimentary items (what the limit is compared with). */
export function complimentaryValuePaise(
  lines: readonly {
    unitPricePaise: number;
    quantity: number;
    complimentary: { quantity: number } | null;
  }[],
): number {
  return lines.reduce((sum, line) => sum + line.unitPricePaise * complimentaryQuantity(line), 0);
}

/** An order line's complimentary part, as the order answers it (null: none). */
export interface LineComplimentary {
  quantity: number;
  reason: string;
  /** Who marked it, and the manager who approved it (null: none needed). */
  by?: string | null;
  approvedBy?: string | null;
}

/**
 * An order line as the bill takes it: its charged items, then its complimentary ones (billed at
 * nothing), each part only when it has items. The payment, the provisional bill and every
 * amount shown before payment bill these parts (shared/tax.ts computeOrderBill).
 */
export interface BilledPart<L> {
  line: L;
  quantity: number;
  complimentary: boolean;
}

export function billedParts<
  L extends { quantity: number; complimentary?: LineComplimentary | null },
>(lines: readonly L[]): BilledPart<L>[] {
  return lines.flatMap((line) => {
    const free = complimentaryQuantity({
      quantity: line.quantity,
      complimentary: line.complimentary ?? null,
    });
    const parts: BilledPart<L>[] = [];
    if (line.quantity - free > 0)
      parts.push({ line, quantity: line.quantity - free, complimentary: false });
    if (free > 0) parts.push({ line, quantity: free, complimentary: true });
    return parts;
  });
}

/** What an order's lines cost before discount and tax: their charged items (billedParts). */
export function chargedSubtotalPaise(
  lines: readonly {
    unitPricePaise: number;
    quantity: number;
    complimentary?: LineComplimentary | null;
  }[],
): number {
  return billedParts(lines)
    .filter((part) => !part.complimentary)
    .reduce((sum, part) => sum + part.line.unitPricePaise * part.quantity, 0);
}

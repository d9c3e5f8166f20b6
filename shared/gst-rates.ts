/**
 * GST's rate slabs and tax regimes (docs/gst.md): what the bill's calculation (shared/tax.ts)
 * needs, apart from the rest of GST's facts (shared/gst.ts, which re-exports these) so that a
 * screen showing a bill's total does not load GSTIN, state and invoice-number rules.
 */

// ---------------------------------------------------------------------------------------------
// Rates
// ---------------------------------------------------------------------------------------------

/**
 * The GST rate slabs in basis points: 0, 5, 18 and 40 %.
 *
 * Source: the 56th GST Council meeting (3 Sep 2025) replaced the 5/12/18/28 % structure with a
 * "merit" rate of 5 %, a standard rate of 18 % and a special rate of 40 % for demerit and luxury
 * goods (12 % and 28 % removed); notified by CBIC on 17 Sep 2025 (Notifications 09/2025 to
 * 17/2025-Central Tax (Rate)), in force from 22 Sep 2025 (tobacco products later).
 * Restaurant service (SAC 996331) stays at 5 % without input tax credit; restaurant service in
 * "specified premises" (hotels that supplied a room above ₹7,500 per unit per day in the
 * preceding year, or that opted in) is 18 % with credit (Notification 05/2025-CT(Rate), from
 * 1 Apr 2025). The nil rate (0) is for exempt or nil-rated items.
 *
 * Goods-only special rates (3 % gold, 0.25 % rough diamonds, …) exist but are not restaurant
 * supplies and are deliberately not offered.
 */
export const GST_RATES_BPS = [0, 500, 1800, 4000] as const;

export type GstRateBps = (typeof GST_RATES_BPS)[number];

/** A new product's rate: restaurant service at 5 % (see `GST_RATES_BPS`). */
export const DEFAULT_GST_RATE_BPS: GstRateBps = 500;

/** A GST rate as people write it, without the sign: 500 → '5', 1800 → '18'. */
export const gstRatePercent = (rateBps: number) => String(rateBps / 100);

/** Half a GST rate (CGST's or SGST's share of an intra-state supply): 500 → '2.5'. */
export const halfGstRatePercent = (rateBps: number) => String(rateBps / 200);

/** True when `n` is one of the current slabs (`GST_RATES_BPS`). */
export function isGstRateBps(n: unknown): n is GstRateBps {
  return typeof n === 'number' && (GST_RATES_BPS as readonly number[]).includes(n);
}

// ---------------------------------------------------------------------------------------------
// Tax regimes and the bill's heading
// ---------------------------------------------------------------------------------------------

/**
 * How a branch is registered:
 * - `regular`: a registered person charging tax; issues a tax invoice (section 31(1)/(2) CGST
 *   Act, CGST Rule 46);
 * - `composition`: a composition taxpayer (section 10 CGST Act); may not collect tax and issues
 *   a bill of supply (section 31(3)(c), CGST Rule 49);
 * - `unregistered`: below the registration threshold (section 22); charges no GST, issues a
 *   plain bill.
 */
export const TAX_REGIMES = ['regular', 'composition', 'unregistered'] as const;

export type TaxRegime = (typeof TAX_REGIMES)[number];

/** True when `value` is one of `TAX_REGIMES`. */
export function isTaxRegime(value: unknown): value is TaxRegime {
  return typeof value === 'string' && (TAX_REGIMES as readonly string[]).includes(value);
}

/** The heading printed at the top of a bill for each regime (CGST Rules 46 and 49). */
export const BILL_HEADINGS: Record<TaxRegime, string> = {
  regular: 'TAX INVOICE',
  composition: 'BILL OF SUPPLY',
  unregistered: 'BILL',
};

/**
 * The words a composition taxpayer must print "at the top of the bill of supply issued by him":
 * CGST Rule 5(1)(f), a condition of the composition levy (section 10 CGST Act). The bill of
 * supply itself and its other particulars are section 31(3)(c) and CGST Rule 49. CBIC's
 * advisory of 17 Jun 2019 (e.g. Chennai Outer GST Trade Notice 04/2019) asks for it in bold
 * capitals. Some summaries misquote the last word as "supplier".
 */
export const COMPOSITION_LEGEND =
  'Composition taxable person, not eligible to collect tax on supplies';

/**
 * Money in integer paise (1 rupee = 100 paise).
 *
 * Every amount in the domain, the database (`*_paise` columns) and the API (`...Paise` fields)
 * is a safe integer number of paise. Rupees with 2 decimals exist only at the edges: parsed
 * from what a user types (`rupeesToPaise`) and shown on screen or in a CSV
 * (`formatInr`, `paiseToRupeesString`).
 *
 * Percentages (the bill discount) are integer basis points: 1 % = 100 bps, 100 % = 10000 bps,
 * so a discount typed with up to 2 decimals ("12.5", "7.25") is exact.
 *
 * Error contract: every function here THROWS a `RangeError` on invalid input (a non-integer,
 * an unsafe integer, a negative where none is allowed, a malformed or out-of-range text,
 * a result that would not be a safe integer). Forms that want a yes/no answer instead use
 * `isRupeeAmount` / `isPercent` before converting.
 */

/**
 * The most one table's order may come to: ₹1,00,00,000. A tap that would take it above is
 * refused (change_order_lines, migration 0013): bills and their lines keep paise in 32-bit
 * integers.
 */
export const MAX_ORDER_TOTAL_PAISE = 1_000_000_000;

/** 100 % in basis points. */
export const MAX_DISCOUNT_BPS = 10_000;

const BPS_PER_WHOLE = 10_000n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** One bill line: a unit price in paise and a whole quantity. */
export interface BillLine {
  unitPricePaise: number;
  quantity: number;
}

export interface BillTotals {
  /** Sum of unit price × quantity over all lines. */
  subtotalPaise: number;
  /** The discount amount, `discountPaise(subtotalPaise, discountBps)`. */
  discountPaise: number;
  /** What the customer pays: `subtotalPaise - discountPaise`. */
  totalPaise: number;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function assertSafeInteger(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer, got ${describe(value)}`);
  }
}

function assertNonNegativeSafeInteger(value: unknown, name: string): asserts value is number {
  assertSafeInteger(value, name);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${value}`);
}

function toSafeNumber(value: bigint, name: string): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new RangeError(`${name} is too large to be represented exactly`);
  }
  return Number(value);
}

/** A non-negative decimal with at most 2 decimals, e.g. "12", "12.5", "12.50", "0.05". */
const DECIMAL_2 = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a non-negative decimal text (or a number, through its shortest decimal form) with at
 * most 2 decimals into an integer count of hundredths, as a bigint. Returns null when malformed.
 */
function parseHundredths(input: string | number): bigint | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // String(0.1) === '0.1'; String(0.1 + 0.2) === '0.30000000000000004' (rejected: 17 decimals);
    // String(1e21) === '1e+21' (rejected). -0 prints as '0'.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const match = DECIMAL_2.exec(text);
  if (!match) return null;
  const whole = BigInt(match[1] ?? '0');
  const fraction = BigInt((match[2] ?? '').padEnd(2, '0'));
  return whole * 100n + fraction;
}

/**
 * Rupees (as typed: "1234.5", " 99 ", 1234.5) to integer paise, without floating-point error:
 * the text is parsed digit by digit, never multiplied as a float.
 * Accepts a non-negative amount with at most 2 decimals; surrounding spaces are ignored.
 * @throws RangeError for negatives, more than 2 decimals, NaN/Infinity, empty or malformed text,
 *   exponent notation, digit grouping ("1,000"), or an amount beyond Number.MAX_SAFE_INTEGER paise.
 */
export function rupeesToPaise(input: string | number): number {
  const hundredths = parseHundredths(input);
  if (hundredths === null) {
    throw new RangeError(
      `Not a rupee amount (non-negative, at most 2 decimals): ${describe(input)}`,
    );
  }
  return toSafeNumber(hundredths, 'Rupee amount');
}

/** True when `rupeesToPaise(input)` would succeed. */
export function isRupeeAmount(input: string | number): boolean {
  const hundredths = parseHundredths(input);
  return hundredths !== null && hundredths <= MAX_SAFE;
}

/**
 * Integer paise to a plain rupee text with exactly 2 decimals and no grouping or symbol,
 * for form inputs and CSV cells: 123450 -> '1234.50', 5 -> '0.05', -250 -> '-2.50'.
 * @throws RangeError when `paise` is not a safe integer.
 */
export function paiseToRupeesString(paise: number): string {
  assertSafeInteger(paise, 'paise');
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.trunc(abs / 100);
  const rest = abs % 100;
  return `${sign}${rupees}.${String(rest).padStart(2, '0')}`;
}

const inrFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/**
 * Integer paise to Indian currency text with Indian digit grouping:
 * 12345600 -> '₹1,23,456.00', -500 -> '-₹5.00'.
 * Formats the exact decimal text (never paise / 100 as a float), so even the largest safe
 * amounts keep their last digit.
 * @throws RangeError when `paise` is not a safe integer.
 */
export function formatInr(paise: number): string {
  // Intl.NumberFormat accepts a decimal string and formats it exactly (ES2023).
  return inrFormat.format(paiseToRupeesString(paise) as `${number}`);
}

/**
 * A percentage as typed ("12.5", 7.25, "100") to integer basis points (12.5 % -> 1250).
 * Accepts 0..100 with at most 2 decimals; surrounding spaces are ignored.
 * @throws RangeError for negatives, more than 2 decimals, above 100, NaN or malformed text.
 */
export function percentToBps(input: string | number): number {
  const hundredths = parseHundredths(input);
  if (hundredths === null || hundredths > BigInt(MAX_DISCOUNT_BPS)) {
    throw new RangeError(
      `Not a percentage between 0 and 100 (at most 2 decimals): ${describe(input)}`,
    );
  }
  return Number(hundredths);
}

/** True when `percentToBps(input)` would succeed. */
export function isPercent(input: string | number): boolean {
  const hundredths = parseHundredths(input);
  return hundredths !== null && hundredths <= BigInt(MAX_DISCOUNT_BPS);
}

function assertBps(bps: unknown): asserts bps is number {
  assertSafeInteger(bps, 'discountBps');
  if (bps < 0 || bps > MAX_DISCOUNT_BPS) {
    throw new RangeError(`discountBps must be between 0 and ${MAX_DISCOUNT_BPS}, got ${bps}`);
  }
}

/**
 * Basis points back to the shortest percentage text, for a discount input or a bill line:
 * 1250 -> '12.5', 1000 -> '10', 725 -> '7.25', 5 -> '0.05'.
 * @throws RangeError unless 0 <= bps <= 10000 and an integer.
 */
export function bpsToPercentString(bps: number): string {
  assertBps(bps);
  const whole = Math.trunc(bps / 100);
  const fraction = bps % 100;
  if (fraction === 0) return String(whole);
  return `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * THE rounding rule of the product.
 *
 * The spec says: discounted price = total − total × percent / 100, shown to 2 decimals.
 * In paise and basis points that is: discount = subtotal × bps / 10000, a value in (fractional)
 * paise, rounded to a whole paisa HALF UP (x.5 paise -> x+1). The discounted total is then
 * `subtotal − discount`, exact. Everything that shows, stores or sums a discount uses this one
 * function, so a bill, its payment record and every report agree to the paisa.
 *
 * Because 0 <= bps <= 10000, the result is always between 0 and the subtotal, and it never
 * decreases when bps grows. Computed in bigint, so no intermediate product can lose precision.
 *
 * Example: ₹999.99 at 12.5 % -> 99999 × 1250 / 10000 = 12499.875 -> 12500 paise (₹125.00).
 * @throws RangeError unless subtotal is a non-negative safe integer and 0 <= bps <= 10000.
 */
export function discountPaise(subtotalPaise: number, discountBps: number): number {
  assertNonNegativeSafeInteger(subtotalPaise, 'subtotalPaise');
  assertBps(discountBps);
  const exact = BigInt(subtotalPaise) * BigInt(discountBps);
  // Half up for non-negative values: floor(x + 1/2) = floor((2·num + den) / (2·den)).
  return Number((exact * 2n + BPS_PER_WHOLE) / (BPS_PER_WHOLE * 2n));
}

/**
 * Sum of integer paise amounts (negatives allowed, e.g. a refund or an over-payment).
 * @throws RangeError when an item or any running sum is not a safe integer.
 */
export function sumPaise(amounts: readonly number[]): number {
  let total = 0;
  for (const [index, amount] of amounts.entries()) {
    assertSafeInteger(amount, `amounts[${index}]`);
    total += amount;
    if (!Number.isSafeInteger(total)) throw new RangeError('Sum of paise is too large');
  }
  return total;
}

/**
 * One line's amount: unit price × quantity.
 * @throws RangeError unless both are non-negative safe integers and the product is safe.
 */
export function lineTotalPaise(unitPricePaise: number, quantity: number): number {
  assertNonNegativeSafeInteger(unitPricePaise, 'unitPricePaise');
  assertNonNegativeSafeInteger(quantity, 'quantity');
  return toSafeNumber(BigInt(unitPricePaise) * BigInt(quantity), 'Line total');
}

/**
 * The totals of a bill (spec: total = sum of price × quantity; discounted = total − discount).
 * `totalPaise + discountPaise === subtotalPaise` always holds.
 * @throws RangeError for a bad line (see `lineTotalPaise`), a bad discount, or an unsafe sum.
 */
export function billTotals(lines: readonly BillLine[], discountBps: number): BillTotals {
  assertBps(discountBps);
  const subtotalPaise = sumPaise(
    lines.map((line, index) => {
      try {
        return lineTotalPaise(line.unitPricePaise, line.quantity);
      } catch (error) {
        throw new RangeError(`lines[${index}]: ${(error as Error).message}`, { cause: error });
      }
    }),
  );
  const discount = discountPaise(subtotalPaise, discountBps);
  return { subtotalPaise, discountPaise: discount, totalPaise: subtotalPaise - discount };
}

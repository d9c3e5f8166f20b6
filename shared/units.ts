/**
 * Units of inventory quantities.
 *
 * Forms offer six units (spec section 9): grams, kilograms, liters, milliliters, pieces, boxes.
 * Only four are stored: g, ml, pcs, box. Kilograms and liters are stored as grams and
 * milliliters multiplied by 1000. Stored quantities are always integers in the stored unit.
 *
 * Error contract: conversions THROW a `RangeError` for an unknown unit, a negative or malformed
 * amount, an amount that does not land on a whole base quantity (1.0005 kg, 2.5 pcs), or a
 * result beyond Number.MAX_SAFE_INTEGER. `isValidAmount` answers yes/no without throwing.
 */

/**
 * The most an ingredient may hold, in its stored unit (10,00,000 kg or L, a billion pieces or
 * boxes): every quantity field is refused above it, and so is stock that would take an
 * ingredient's total above it. The database keeps quantities as 32-bit integers.
 */
export const MAX_STORED_QUANTITY = 1_000_000_000;

/** The units stored in the database and sent over the API. */
export const STORED_UNITS = ['g', 'ml', 'pcs', 'box'] as const;
export type StoredUnit = (typeof STORED_UNITS)[number];

/** The units a user may pick in a form (values of the unit select). */
export const FORM_UNITS = ['g', 'kg', 'l', 'ml', 'pcs', 'box'] as const;
export type FormUnit = (typeof FORM_UNITS)[number];

/** How each form unit is stored: quantity in the stored unit = amount × factor. */
export const UNIT_CONVERSIONS = {
  g: { storedUnit: 'g', factor: 1 },
  kg: { storedUnit: 'g', factor: 1000 },
  l: { storedUnit: 'ml', factor: 1000 },
  ml: { storedUnit: 'ml', factor: 1 },
  pcs: { storedUnit: 'pcs', factor: 1 },
  box: { storedUnit: 'box', factor: 1 },
} as const satisfies Record<FormUnit, { storedUnit: StoredUnit; factor: 1 | 1000 }>;

/**
 * Options of the unit select, in the spec's order:
 * grams, kilograms, liters, milliliters, pieces, boxes.
 */
export const UNIT_OPTIONS: readonly { value: FormUnit; label: string }[] = [
  { value: 'g', label: 'Grams' },
  { value: 'kg', label: 'Kilograms' },
  { value: 'l', label: 'Liters' },
  { value: 'ml', label: 'Milliliters' },
  { value: 'pcs', label: 'Pieces' },
  { value: 'box', label: 'Boxes' },
];

/** Short symbols for showing a quantity. */
export const UNIT_SYMBOLS: Readonly<Record<FormUnit, string>> = {
  g: 'g',
  kg: 'kg',
  l: 'L',
  ml: 'ml',
  pcs: 'pcs',
  box: 'box',
};

export function isStoredUnit(value: unknown): value is StoredUnit {
  return typeof value === 'string' && (STORED_UNITS as readonly string[]).includes(value);
}

export function isFormUnit(value: unknown): value is FormUnit {
  return typeof value === 'string' && (FORM_UNITS as readonly string[]).includes(value);
}

/** The stored unit a form unit is kept in: kg -> g, l -> ml, others unchanged. */
export function storedUnitOf(unit: FormUnit): StoredUnit {
  return conversionOf(unit).storedUnit;
}

export interface BaseQuantity {
  /** A non-negative safe integer in `unit`. */
  quantity: number;
  unit: StoredUnit;
}

function conversionOf(unit: FormUnit): (typeof UNIT_CONVERSIONS)[FormUnit] {
  if (!isFormUnit(unit)) throw new RangeError(`Unknown unit: ${JSON.stringify(unit)}`);
  return UNIT_CONVERSIONS[unit];
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Decimal text of a non-negative amount, or null. Numbers go through their shortest form. */
function amountText(amount: number | string): string | null {
  if (typeof amount === 'number') return Number.isFinite(amount) ? String(amount) : null;
  if (typeof amount === 'string') return amount.trim();
  return null;
}

/** amount × factor as an exact integer (bigint), or null when malformed or not whole. */
function scaleExact(amount: number | string, factor: 1 | 1000): bigint | null {
  const text = amountText(amount);
  if (text === null) return null;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const digits = factor === 1000 ? 3 : 0;
  const fraction = match[2] ?? '';
  // Digits beyond what the factor absorbs must all be zero ("1.5000" kg is fine, "1.0005" is not).
  if (/[^0]/.test(fraction.slice(digits))) return null;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  return BigInt(match[1] ?? '0') * BigInt(factor) + BigInt(kept === '' ? '0' : kept);
}

/**
 * An amount typed in a form unit to the stored integer quantity:
 * (1.5, 'kg') -> { quantity: 1500, unit: 'g' }; ('250', 'ml') -> { quantity: 250, unit: 'ml' }.
 * Text is parsed digit by digit, so 1.001 kg is exactly 1001 g. Zero is allowed.
 * @throws RangeError for an unknown unit, a negative or malformed amount, an amount that is not
 *   a whole number of the stored unit (1.0005 kg, 2.5 pcs, 0.5 g), or an unsafe result.
 */
export function toBaseQuantity(amount: number | string, unit: FormUnit): BaseQuantity {
  const { storedUnit, factor } = conversionOf(unit);
  const scaled = scaleExact(amount, factor);
  if (scaled === null || scaled > MAX_SAFE) {
    const whole = factor === 1000 ? 'at most 3 decimals' : 'a whole number';
    throw new RangeError(
      `Not a quantity in ${unit} (non-negative, ${whole}): ${JSON.stringify(amount)}`,
    );
  }
  return { quantity: Number(scaled), unit: storedUnit };
}

/** True when `toBaseQuantity(amount, unit)` would succeed. */
export function isValidAmount(amount: number | string, unit: FormUnit): boolean {
  if (!isFormUnit(unit)) return false;
  const scaled = scaleExact(amount, UNIT_CONVERSIONS[unit].factor);
  return scaled !== null && scaled <= MAX_SAFE;
}

function assertQuantity(quantity: number, unit: StoredUnit): void {
  if (!isStoredUnit(unit)) throw new RangeError(`Unknown stored unit: ${JSON.stringify(unit)}`);
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity)) {
    throw new RangeError(`A quantity must be a safe integer, got ${String(quantity)}`);
  }
}

/** `whole.fraction` of |quantity| / 1000 as exact text, without trailing zeros. */
function thousandths(abs: number): { whole: number; fraction: string } {
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return { whole: Math.trunc(abs / 1000), fraction };
}

/**
 * A stored quantity as text for an edit form in the given form unit, exact and without
 * trailing zeros: (1500, 'kg') -> '1.5'; (1500, 'g') -> '1500'; (3, 'pcs') -> '3'.
 * Inverse of `toBaseQuantity` for non-negative quantities.
 * @throws RangeError for a non-integer quantity, an unknown unit, or a form unit that is not
 *   kept in `storedUnit` (e.g. kg for a quantity in ml).
 */
export function fromBaseQuantity(quantity: number, storedUnit: StoredUnit, unit: FormUnit): string {
  assertQuantity(quantity, storedUnit);
  const { storedUnit: expected, factor } = conversionOf(unit);
  if (expected !== storedUnit) {
    throw new RangeError(`A quantity in ${storedUnit} cannot be shown in ${unit}`);
  }
  if (factor === 1) return String(quantity);
  const sign = quantity < 0 ? '-' : '';
  const { whole, fraction } = thousandths(Math.abs(quantity));
  return fraction === '' ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/**
 * The form unit to pre-select when editing a stored quantity: kg / l when the quantity is a
 * whole number of them (and not zero), otherwise the stored unit itself.
 */
export function preferredFormUnit(quantity: number, storedUnit: StoredUnit): FormUnit {
  assertQuantity(quantity, storedUnit);
  if (quantity !== 0 && quantity % 1000 === 0) {
    if (storedUnit === 'g') return 'kg';
    if (storedUnit === 'ml') return 'l';
  }
  return storedUnit;
}

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * The unit a stored quantity is shown in (and so typed in, by default): grams and milliliters of
 * 1000 or more (either sign) in kg and L, everything else in its stored unit.
 * (10000, 'g') -> 'kg'; (250, 'g') -> 'g'; (15000, 'ml') -> 'l'; (3, 'pcs') -> 'pcs'.
 */
export function displayUnitOf(quantity: number, storedUnit: StoredUnit): FormUnit {
  assertQuantity(quantity, storedUnit);
  if (Math.abs(quantity) >= 1000) {
    if (storedUnit === 'g') return 'kg';
    if (storedUnit === 'ml') return 'l';
  }
  return storedUnit;
}

/**
 * A stored quantity as its number in the display unit (exact, no grouping, for files) and that
 * unit's symbol: (15000, 'ml') -> { amount: '15', unit: 'L' }; (1250, 'g') -> { '1.25', 'kg' };
 * (2, 'box') -> { '2', 'box' }.
 */
export function displayQuantity(
  quantity: number,
  storedUnit: StoredUnit,
): { amount: string; unit: string } {
  const unit = displayUnitOf(quantity, storedUnit);
  return { amount: fromBaseQuantity(quantity, storedUnit, unit), unit: UNIT_SYMBOLS[unit] };
}

/** The unit a purchase price is compared and shown per: kg, L, piece or box. */
export const PRICE_UNITS: Readonly<Record<StoredUnit, { unit: FormUnit; label: string }>> = {
  g: { unit: 'kg', label: 'kg' },
  ml: { unit: 'l', label: 'L' },
  pcs: { unit: 'pcs', label: 'piece' },
  box: { unit: 'box', label: 'box' },
};

/**
 * What `pricePaise` for `quantity` (stored unit) comes to per kg, L, piece or box, in paise
 * (not rounded: for showing and comparing); null when the quantity is not above 0.
 * (225000, 25, 'g') -> 9000000 (₹90,000 per kg); (225000, 25000, 'g') -> 9000 (₹90 per kg).
 */
export function pricePerUnitPaise(
  pricePaise: number,
  quantity: number,
  storedUnit: StoredUnit,
): number | null {
  assertQuantity(quantity, storedUnit);
  if (quantity <= 0) return null;
  return (pricePaise * UNIT_CONVERSIONS[PRICE_UNITS[storedUnit].unit].factor) / quantity;
}

/** The words of a unit in messages. */
const UNIT_WORDS: Readonly<Record<FormUnit, string>> = {
  g: 'grams',
  kg: 'kg',
  l: 'L',
  ml: 'milliliters',
  pcs: 'pieces',
  box: 'boxes',
};

/**
 * The message for an amount `isValidAmount` refuses in `unit`, saying what the unit takes:
 * 'Quantity in grams takes whole numbers (choose kg for 2.5)',
 * 'Quantity may have at most 3 decimals in kg', 'Quantity in pieces takes whole numbers'.
 */
export function amountRuleMessage(label: string, unit: FormUnit): string {
  if (unit === 'kg' || unit === 'l') {
    return `${label} may have at most 3 decimals in ${UNIT_WORDS[unit]}`;
  }
  const larger = unit === 'g' ? 'kg' : unit === 'ml' ? 'L' : null;
  return `${label} in ${UNIT_WORDS[unit]} takes whole numbers${larger ? ` (choose ${larger} for 2.5)` : ''}`;
}

/**
 * A stored quantity for people, with Indian digit grouping: grams and milliliters of 1000 or
 * more show in kg / L (exact, up to 3 decimals, no trailing zeros), the rest as stored.
 * 1500 g -> '1.5 kg'; 250 g -> '250 g'; 2000 ml -> '2 L'; 3 pcs -> '3 pcs'; 1 box -> '1 box';
 * 2 box -> '2 boxes'; 12,50,000 g -> '1,250 kg'; -1500 g -> '-1.5 kg' (stock can run below zero).
 * @throws RangeError for a non-integer quantity or an unknown unit.
 */
export function formatQuantity(quantity: number, storedUnit: StoredUnit): string {
  assertQuantity(quantity, storedUnit);
  const sign = quantity < 0 ? '-' : '';
  const abs = Math.abs(quantity);
  const unit = displayUnitOf(quantity, storedUnit);
  if (unit !== storedUnit) {
    const { whole, fraction } = thousandths(abs);
    const number = `${grouping.format(whole)}${fraction === '' ? '' : `.${fraction}`}`;
    return `${sign}${number} ${UNIT_SYMBOLS[unit]}`;
  }
  const symbol = storedUnit === 'box' && abs !== 1 ? 'boxes' : UNIT_SYMBOLS[storedUnit];
  return `${sign}${grouping.format(abs)} ${symbol}`;
}

/** `${label} can be at most 10,00,000 kg`: the message for a quantity over MAX_STORED_QUANTITY. */
export function quantityTooLargeMessage(label: string, storedUnit: StoredUnit): string {
  return `${label} can be at most ${formatQuantity(MAX_STORED_QUANTITY, storedUnit)}`;
}

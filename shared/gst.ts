/**
 * Facts of Indian GST law that TableFlow's bills rely on (docs/gst.md, "The rules we build on").
 * Each constant cites where the rule comes from. Amounts are integer paise and rates basis
 * points, as everywhere (shared/money.ts); the calculation itself is `computeBill` in
 * shared/tax.ts.
 *
 * Error contract: the `is…` functions answer yes/no and never throw; the functions that build a
 * value (`gstinCheckCharacter`, `compactFinancialYear`, `formatInvoiceNumber`) throw a
 * `RangeError` on invalid input, like shared/money.ts.
 */

export * from './gst-rates';

// ---------------------------------------------------------------------------------------------
// HSN / SAC
// ---------------------------------------------------------------------------------------------

/**
 * SAC 996331: "Services provided by restaurants, cafes and similar eating facilities including
 * takeaway services, room services and door delivery of food" (the GST scheme of classification
 * of services, heading 9963 "Accommodation, food and beverage services").
 */
export const DEFAULT_HSN = '996331';

/**
 * An HSN (goods) or SAC (services) code: 4, 6 or 8 digits. CGST Rule 46(g) requires the HSN
 * code on a tax invoice; Notification 12/2017-Central Tax as amended by 78/2020-Central Tax
 * (from 1 Apr 2021) sets the minimum: 4 digits up to ₹5 crore aggregate turnover (optional on
 * B2C invoices), 6 digits above; 8 digits is the full tariff item (required for some goods and
 * for exports). SACs are 6 digits under the classification of services.
 */
export const HSN_PATTERN = /^(?:\d{4}|\d{6}|\d{8})$/;

/** True when `value` is a string of 4, 6 or 8 digits (`HSN_PATTERN`). */
export function isValidHsn(value: unknown): value is string {
  return typeof value === 'string' && HSN_PATTERN.test(value);
}

// ---------------------------------------------------------------------------------------------
// GSTIN
// ---------------------------------------------------------------------------------------------

/**
 * A regular taxpayer's GSTIN, 15 characters (CGST Rule 10 and the GSTN's published format):
 * - 2 digits: the state code (`GST_STATES`);
 * - 10 characters: the PAN (5 letters, 4 digits, 1 letter);
 * - 1 character: the entity number of this PAN in the state (1–9, then A–Z);
 * - 'Z' (reserved, the same for every regular taxpayer);
 * - 1 check character (`gstinCheckCharacter`).
 * Upper case only: see `normalizeGstin`. UINs, TDS/TCS and non-resident (OIDAR) registrations
 * have other shapes and are not accepted as a restaurant's or a B2B buyer's GSTIN here.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN check character (the 15th) of its first 14 characters: the GSTN's mod-36 scheme.
 * Each character is valued 0–9 for digits and 10–35 for A–Z; values are multiplied by 1, 2, 1,
 * 2, … from the first character; each product p contributes floor(p / 36) + p % 36; the check
 * value is (36 − sum % 36) % 36, written back with the same alphabet.
 * This is the Luhn mod N algorithm with N = 36 (the code points 0–9, A–Z); neither the CGST
 * Rules nor the GSTN's public pages spell it out, so it is checked against the reference
 * implementation python-stdnum (stdnum/in_/gstin.py: `luhn.calc_check_digit` over the alphabet
 * 0-9A-Z) and against widely published valid GSTINs: 27AAPFU0939F1ZV, 29AAGCB7383J1Z4,
 * 33AAACH7409R1Z8 (shared/gst.test.ts).
 * @throws RangeError unless `first14` is 14 characters of 0–9 and A–Z (upper case).
 */
export function gstinCheckCharacter(first14: string): string {
  if (typeof first14 !== 'string' || !/^[0-9A-Z]{14}$/.test(first14)) {
    throw new RangeError(
      `A GSTIN's first 14 characters must be digits or capital letters, got ${JSON.stringify(first14)}`,
    );
  }
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = GSTIN_ALPHABET.indexOf(first14.charAt(index));
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

/**
 * GST state and union territory codes, the first two digits of a GSTIN (from the Census 2011
 * codes, as listed by the GST portal and the e-invoice/e-way bill state master).
 * Codes no longer issued are left out, so a GSTIN bearing them is refused: 25 (Daman and Diu,
 * merged into 26 on 26 Jan 2020 by the Dadra and Nagar Haveli and Daman and Diu (Merger of
 * Union Territories) Act, 2019), 28 (undivided Andhra Pradesh: GST began after the 2014
 * bifurcation, so Andhra Pradesh registrations carry 37), 99 (Centre Jurisdiction, used only
 * by registrations that do not have the regular shape).
 */
export const GST_STATES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/**
 * What a user typed, as a GSTIN would be stored: surrounding spaces removed, upper-cased.
 * `isValidGstin` itself is strict (upper case only, no spaces): forms normalise first.
 */
export function normalizeGstin(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * True when `value` is a well-formed GSTIN (`GSTIN_PATTERN`, upper case, no spaces) with a
 * state code in `GST_STATES` and the right check character.
 */
export function isValidGstin(value: unknown): value is string {
  if (typeof value !== 'string' || !GSTIN_PATTERN.test(value)) return false;
  if (!Object.hasOwn(GST_STATES, value.slice(0, 2))) return false;
  return gstinCheckCharacter(value.slice(0, 14)) === value.charAt(14);
}

/**
 * What is wrong with a GSTIN (null: nothing): its shape (`format`), its state code (`state`),
 * or, for a well-formed one, its 15th character (`check`: a typo somewhere, most likely, since
 * the check character is computed from the first 14). Forms name each in words (GSTIN_TEXT).
 */
export function gstinProblem(value: unknown): 'format' | 'state' | 'check' | null {
  if (typeof value !== 'string' || !GSTIN_PATTERN.test(value)) return 'format';
  if (!Object.hasOwn(GST_STATES, value.slice(0, 2))) return 'state';
  return gstinCheckCharacter(value.slice(0, 14)) === value.charAt(14) ? null : 'check';
}

/** The words for a GSTIN's problem, given the form's own words for a malformed one. */
export function gstinProblemText(problem: 'format' | 'state' | 'check', format: string): string {
  if (problem === 'state') return 'The first two digits of this GSTIN are not a GST state code';
  if (problem === 'check') {
    return "This GSTIN's last character does not match the first 14: check it for a typo";
  }
  return format;
}

/** The state of a valid GSTIN (see `isValidGstin`), or null when the GSTIN is not valid. */
export function stateOfGstin(gstin: string): { code: string; name: string } | null {
  if (!isValidGstin(gstin)) return null;
  const code = gstin.slice(0, 2);
  const name = GST_STATES[code];
  return name === undefined ? null : { code, name };
}

// ---------------------------------------------------------------------------------------------
// FSSAI
// ---------------------------------------------------------------------------------------------

/**
 * True when `value` is a 14-digit FSSAI licence or registration number. Every food business
 * prints it on cash receipts, bills and invoices: FSSAI order of 8 Jun 2021, in force from
 * 1 Oct 2021 (the number is issued under the Food Safety and Standards Act, 2006).
 */
export function isValidFssai(value: unknown): value is string {
  return typeof value === 'string' && /^\d{14}$/.test(value);
}

// ---------------------------------------------------------------------------------------------
// Invoice numbers
// ---------------------------------------------------------------------------------------------

/**
 * CGST Rule 46(b) (tax invoice) and Rule 49(b) (bill of supply): "a consecutive serial number
 * not exceeding sixteen characters, in one or multiple series, containing alphabets or numerals
 * or special characters hyphen or dash and slash … unique for a financial year".
 */
export const MAX_INVOICE_NUMBER_LENGTH = 16;

/**
 * The characters Rule 46(b) allows in an invoice number: letters, digits, '-' and '/'. Length
 * is not part of the pattern: numbers issued before the current format (`DC/2026-27/000123`,
 * 17 characters) must still be accepted as stored; new numbers are at most
 * `MAX_INVOICE_NUMBER_LENGTH` (`formatInvoiceNumber` guarantees it).
 */
export const INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9/-]+$/;

/** A branch's invoice prefix: 1 to 4 capital letters or digits. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;

/** The prefix a branch gets when its code has no letter or digit. */
const FALLBACK_INVOICE_PREFIX = 'INV';

/**
 * A default invoice prefix from a branch code: its letters and digits, upper-cased, the first
 * four ('DOWNTOWN-CAFE-2' → 'DOWN', 'a1' → 'A1'); 'INV' when it has none.
 * Only ASCII letters and digits are kept (a code's other characters are dropped).
 */
export function invoicePrefixFromCode(branchCode: string): string {
  const kept = branchCode.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return kept === '' ? FALLBACK_INVOICE_PREFIX : kept.slice(0, 4);
}

const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;

/**
 * A financial year 'YYYY-yy' (April to March, e.g. '2026-27') without its centuries: '2627'.
 * @throws RangeError unless `financialYear` is 'YYYY-yy' with yy the year after YYYY.
 */
export function compactFinancialYear(financialYear: string): string {
  const match = typeof financialYear === 'string' ? FINANCIAL_YEAR.exec(financialYear) : null;
  const start = match?.[1];
  const end = match?.[2];
  if (start === undefined || end === undefined || (Number(start) + 1) % 100 !== Number(end)) {
    throw new RangeError(`Not a financial year like '2026-27': ${JSON.stringify(financialYear)}`);
  }
  return `${start.slice(2)}${end}`;
}

/**
 * An invoice number `<PREFIX>/<YYyy>/<serial>`: 'DC', '2026-27', 123 → 'DC/2627/000123'.
 * The serial has at least 6 digits, so with a 4-character prefix every serial up to 999,999 fits
 * in 16 characters (4 + 1 + 4 + 1 + 6); a shorter prefix leaves room for longer serials.
 * @throws RangeError for a prefix outside `INVOICE_PREFIX_PATTERN`, a bad financial year, a
 *   serial that is not a positive safe integer, or a number longer than 16 characters.
 */
export function formatInvoiceNumber(prefix: string, financialYear: string, serial: number): string {
  if (typeof prefix !== 'string' || !INVOICE_PREFIX_PATTERN.test(prefix)) {
    throw new RangeError(
      `An invoice prefix is 1 to 4 capital letters or digits, got ${JSON.stringify(prefix)}`,
    );
  }
  if (typeof serial !== 'number' || !Number.isSafeInteger(serial) || serial < 1) {
    throw new RangeError(`An invoice serial must be a positive integer, got ${String(serial)}`);
  }
  const number = `${prefix}/${compactFinancialYear(financialYear)}/${String(serial).padStart(6, '0')}`;
  if (number.length > MAX_INVOICE_NUMBER_LENGTH) {
    throw new RangeError(
      `Invoice number ${number} is longer than ${MAX_INVOICE_NUMBER_LENGTH} characters (CGST Rule 46(b))`,
    );
  }
  return number;
}

/**
 * The series an invoice number belongs to (GSTR-1 table 13, "documents issued": from and to
 * serial per series): its text up to and including the last '/'.
 * 'DC/2627/000123' → 'DC/2627/', 'DC/2026-27/000123' → 'DC/2026-27/'; '' when it has no '/'.
 */
export function invoiceSeriesOf(number: string): string {
  return number.slice(0, number.lastIndexOf('/') + 1);
}

// ---------------------------------------------------------------------------------------------
// Service charge
// ---------------------------------------------------------------------------------------------

/**
 * The highest service charge a profile may set: 20 % (a product limit, not a legal rate).
 *
 * A service charge is voluntary. The Central Consumer Protection Authority's guidelines of
 * 4 Jul 2022 (under section 18(2)(l) of the Consumer Protection Act, 2019): no hotel or
 * restaurant shall add a service charge automatically or by default in the bill, nor collect it
 * under another name, nor force a consumer to pay it; it must tell the consumer that it is
 * voluntary, optional and at the consumer's discretion. The Delhi High Court (Justice Prathiba
 * M. Singh, National Restaurant Association of India v. Union of India, March 2025,
 * 2025:DHC:2084) upheld the guidelines and held a mandatory service charge an unfair trade
 * practice; the restaurant associations' appeal was pending before a division bench in 2025.
 * Hence: off by default in a new profile, and removable per bill (`computeBill`'s
 * `serviceCharge: false`).
 * The guidelines' point (v) also says a service charge shall not be collected "by adding it
 * along with the food bill and levying GST on the total amount". `computeBill` taxes a service
 * charge the customer agrees to pay, as docs/gst.md step 4 specifies (an amount the supplier
 * charges for the supply is part of its value under section 15 CGST Act); that reading is the
 * contract's, not settled law.
 */
export const SERVICE_CHARGE_MAX_BPS = 2000;

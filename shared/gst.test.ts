import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BILL_HEADINGS,
  COMPOSITION_LEGEND,
  DEFAULT_GST_RATE_BPS,
  DEFAULT_HSN,
  GSTIN_PATTERN,
  GST_RATES_BPS,
  GST_STATES,
  INVOICE_NUMBER_PATTERN,
  INVOICE_PREFIX_PATTERN,
  MAX_INVOICE_NUMBER_LENGTH,
  SERVICE_CHARGE_MAX_BPS,
  TAX_REGIMES,
  compactFinancialYear,
  formatInvoiceNumber,
  gstinCheckCharacter,
  invoicePrefixFromCode,
  invoiceSeriesOf,
  gstRatePercent,
  halfGstRatePercent,
  isGstRateBps,
  isTaxRegime,
  isValidFssai,
  isValidGstin,
  isValidHsn,
  normalizeGstin,
  stateOfGstin,
  gstinProblem,
  gstinProblemText,
} from './gst';

/**
 * Valid GSTINs widely published as examples (GSTN's sample 27AAPFU0939F1ZV; a Karnataka and a
 * Tamil Nadu registration): their check characters were computed independently of this file
 * and agree with the published 15th character.
 */
const PUBLISHED_GSTINS = [
  ['27AAPFU0939F1ZV', '27', 'Maharashtra'],
  ['29AAGCB7383J1Z4', '29', 'Karnataka'],
  ['33AAACH7409R1Z8', '33', 'Tamil Nadu'],
] as const;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('GST rates', () => {
  it('are the slabs since 22 Sep 2025, with 5 % as the default', () => {
    expect(GST_RATES_BPS).toEqual([0, 500, 1800, 4000]);
    expect(DEFAULT_GST_RATE_BPS).toBe(500);
    expect(isGstRateBps(DEFAULT_GST_RATE_BPS)).toBe(true);
  });

  it.each([0, 500, 1800, 4000])('accepts the slab %i', (rate) => {
    expect(isGstRateBps(rate)).toBe(true);
  });

  it.each([1200, 2800, 250, -500, 500.5, '500', null])('refuses %j', (rate) => {
    expect(isGstRateBps(rate)).toBe(false);
  });

  it.each([
    [500, '5', '2.5'],
    [1800, '18', '9'],
    [4000, '40', '20'],
    [0, '0', '0'],
  ])('are written %i → %s %%, each half %s %%', (rate, whole, half) => {
    expect(gstRatePercent(rate)).toBe(whole);
    expect(halfGstRatePercent(rate)).toBe(half);
  });
});

describe('HSN / SAC', () => {
  it('defaults to SAC 996331 (restaurant service), a valid code', () => {
    expect(DEFAULT_HSN).toBe('996331');
    expect(isValidHsn(DEFAULT_HSN)).toBe(true);
  });

  it.each(['2202', '996331', '22021010'])('accepts %j', (code) => {
    expect(isValidHsn(code)).toBe(true);
  });

  it.each(['', '99', '99633', '9963311', '996331 ', 'ABCD', '123456789', 996331])(
    'refuses %j',
    (code) => {
      expect(isValidHsn(code)).toBe(false);
    },
  );
});

describe('regimes and headings', () => {
  it('names each regime and its bill', () => {
    expect(TAX_REGIMES).toEqual(['regular', 'composition', 'unregistered']);
    expect(BILL_HEADINGS).toEqual({
      regular: 'TAX INVOICE',
      composition: 'BILL OF SUPPLY',
      unregistered: 'BILL',
    });
    expect(COMPOSITION_LEGEND).toBe(
      'Composition taxable person, not eligible to collect tax on supplies',
    );
    expect(TAX_REGIMES.every(isTaxRegime)).toBe(true);
    expect(isTaxRegime('Regular')).toBe(false);
    expect(isTaxRegime(undefined)).toBe(false);
  });
});

describe('GSTIN', () => {
  it.each(PUBLISHED_GSTINS)('%s has the check character of the GSTN algorithm', (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
    expect(isValidGstin(gstin)).toBe(true);
  });

  it.each(PUBLISHED_GSTINS)('%s is registered in state %s (%s)', (gstin, code, name) => {
    expect(stateOfGstin(gstin)).toEqual({ code, name });
  });

  it('computes a check character by hand', () => {
    // 27AAPFU0939F1Z: values 2,7,10,10,25,15,30,0,9,3,9,15,1,35; weights 1,2,1,2,…
    // products 2,14,10,20,25,30,30,0,9,6,9,30,1,70 → each floor(p/36)+p%36:
    // 2+14+10+20+25+30+30+0+9+6+9+30+1+(1+34) = 221; (36 − 221 % 36) % 36 = 36 − 5 = 31 → 'V'.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a wrong check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('29AAGCB7383J1Z5')).toBe(false);
  });

  it('refuses a state code that is not (or no longer) issued, even with a right check', () => {
    for (const code of ['00', '25', '28', '39', '96', '99']) {
      const first14 = `${code}AAPFU0939F1Z`;
      const gstin = `${first14}${gstinCheckCharacter(first14)}`;
      expect(GSTIN_PATTERN.test(gstin)).toBe(true);
      expect(isValidGstin(gstin)).toBe(false);
      expect(stateOfGstin(gstin)).toBeNull();
    }
  });

  it('refuses a malformed value', () => {
    for (const value of [
      '',
      '27AAPFU0939F1Z', // 14 characters
      '27AAPFU0939F1ZVV', // 16
      '27AAPF10939F1ZV', // a digit in the PAN's letters
      '27AAPFU0939F0ZV', // entity number 0
      '27AAPFU0939F1YV', // not 'Z'
      ' 27AAPFU0939F1ZV',
      null,
      27,
    ]) {
      expect(isValidGstin(value)).toBe(false);
    }
  });

  it('is strict about case: lower case is refused until normalised', () => {
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
    expect(normalizeGstin(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(isValidGstin(normalizeGstin(' 27aapfu0939f1zv '))).toBe(true);
  });

  it('throws on a malformed first 14 characters', () => {
    expect(() => gstinCheckCharacter('27aapfu0939f1z')).toThrow(RangeError);
    expect(() => gstinCheckCharacter('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => gstinCheckCharacter('27AAPFU0939F1Z-')).toThrow(RangeError);
  });

  it('lists the current state codes, incl. 26, 37, 38 and 97', () => {
    expect(GST_STATES['26']).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(GST_STATES['37']).toBe('Andhra Pradesh');
    expect(GST_STATES['38']).toBe('Ladakh');
    expect(GST_STATES['97']).toBe('Other Territory');
    expect(GST_STATES['25']).toBeUndefined();
    expect(Object.keys(GST_STATES)).toHaveLength(37);
    for (const code of Object.keys(GST_STATES)) expect(code).toMatch(/^\d{2}$/);
  });

  it('detects any single changed character (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PUBLISHED_GSTINS.map(([gstin]) => gstin)),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 35 }),
        (gstin, position, shift) => {
          const original = ALPHABET.indexOf(gstin.charAt(position));
          const changed = ALPHABET.charAt((original + shift) % 36);
          const first14 = `${gstin.slice(0, position)}${changed}${gstin.slice(position + 1, 14)}`;
          expect(gstinCheckCharacter(first14)).not.toBe(gstin.charAt(14));
        },
      ),
    );
  });

  it('validates every GSTIN it completes with a known state (property)', () => {
    const gstinBody = fc.tuple(
      fc.constantFrom(...Object.keys(GST_STATES)),
      fc.stringMatching(/^[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]$/),
    );
    fc.assert(
      fc.property(gstinBody, ([state, rest]) => {
        const first14 = `${state}${rest}Z`;
        const gstin = `${first14}${gstinCheckCharacter(first14)}`;
        expect(isValidGstin(gstin)).toBe(true);
        expect(stateOfGstin(gstin)?.code).toBe(state);
      }),
    );
  });
});

describe('FSSAI', () => {
  it('accepts exactly 14 digits', () => {
    expect(isValidFssai('10020042007183')).toBe(true);
    expect(isValidFssai('00000000000000')).toBe(true);
  });

  it.each([
    '',
    '1002004200718',
    '100200420071830',
    '1002004200718A',
    ' 10020042007183',
    10020042007183,
  ])('refuses %j', (value) => {
    expect(isValidFssai(value)).toBe(false);
  });
});

describe('invoice numbers', () => {
  it.each([
    ['DOWNTOWN-CAFE-2', 'DOWN'],
    ['a1', 'A1'],
    ['DC', 'DC'],
    ['dt-1', 'DT1'],
    ['x-y-z-9-8', 'XYZ9'],
    ['---', 'INV'],
    ['', 'INV'],
    ['कैफ़े', 'INV'],
  ])('takes the prefix of the branch code %j as %j', (code, prefix) => {
    expect(invoicePrefixFromCode(code)).toBe(prefix);
    expect(prefix).toMatch(INVOICE_PREFIX_PATTERN);
  });

  it('compacts a financial year', () => {
    expect(compactFinancialYear('2026-27')).toBe('2627');
    expect(compactFinancialYear('2099-00')).toBe('9900');
  });

  it.each(['2026-28', '2026-2027', '26-27', '2026/27', ''])(
    'refuses the financial year %j',
    (year) => {
      expect(() => compactFinancialYear(year)).toThrow(RangeError);
    },
  );

  it('formats prefix / year / a 6-digit serial', () => {
    expect(formatInvoiceNumber('DC', '2026-27', 123)).toBe('DC/2627/000123');
    expect(formatInvoiceNumber('DOWN', '2026-27', 999_999)).toBe('DOWN/2627/999999');
    expect(formatInvoiceNumber('DC', '2026-27', 1_234_567)).toBe('DC/2627/1234567');
  });

  it('refuses what would break Rule 46(b)', () => {
    expect(() => formatInvoiceNumber('DOWN', '2026-27', 1_000_000)).toThrow(RangeError); // 17
    expect(() => formatInvoiceNumber('dc', '2026-27', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('DOWNT', '2026-27', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('', '2026-27', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('DC', '2026-27', 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('DC', '2026-27', 1.5)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('DC', '2026-28', 1)).toThrow(RangeError);
  });

  it('fits in 16 characters for every valid prefix and serial up to 999,999 (property)', () => {
    fc.assert(
      fc.property(
        fc.string().map(invoicePrefixFromCode),
        fc.integer({ min: 2000, max: 2998 }),
        fc.integer({ min: 1, max: 999_999 }),
        (prefix, startYear, serial) => {
          const year = `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
          const number = formatInvoiceNumber(prefix, year, serial);
          expect(number.length).toBeLessThanOrEqual(MAX_INVOICE_NUMBER_LENGTH);
          expect(number).toMatch(INVOICE_NUMBER_PATTERN);
          expect(invoiceSeriesOf(number)).toBe(`${prefix}/${compactFinancialYear(year)}/`);
        },
      ),
    );
  });

  it('finds the series of new and old numbers', () => {
    expect(invoiceSeriesOf('DC/2627/000123')).toBe('DC/2627/');
    expect(invoiceSeriesOf('DC/2026-27/000123')).toBe('DC/2026-27/');
    expect(invoiceSeriesOf('000123')).toBe('');
  });

  it('accepts the characters of Rule 46(b) only', () => {
    expect(INVOICE_NUMBER_PATTERN.test('DC/2026-27/000123')).toBe(true);
    expect(INVOICE_NUMBER_PATTERN.test('DC 2627 1')).toBe(false);
    expect(INVOICE_NUMBER_PATTERN.test('DC#1')).toBe(false);
    expect(INVOICE_NUMBER_PATTERN.test('')).toBe(false);
  });
});

describe('service charge', () => {
  it('is capped at 20 %', () => {
    expect(SERVICE_CHARGE_MAX_BPS).toBe(2000);
  });
});

describe('gstinProblem', () => {
  it('tells a wrong check character apart from a malformed GSTIN or an unknown state', async () => {
    const { buyerSchema } = await import('./schemas/billing.schemas');
    expect(gstinProblem('29AAGCB7383J1Z4')).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z5')).toBe('check');
    expect(gstinProblem('99AAGCB7383J1Z4')).toBe('state');
    expect(gstinProblem('29AAGCB7383J1Y4')).toBe('format');
    const buyer = (gstin: string) =>
      buyerSchema.safeParse({ name: 'Acme', gstin, address: 'MG Road' }).error?.issues[0]?.message;
    expect(buyer('29aagcb7383j1z5')).toBe(gstinProblemText('check', ''));
    expect(buyer('29AAGCB7383J1Z4')).toBeUndefined();
    expect(buyer('29AAGCB')).toBe("Enter the buyer's valid 15-character GSTIN");
  });
});

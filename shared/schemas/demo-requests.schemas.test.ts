import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTACT_NUMBER_PATTERN, demoRequestBodySchema } from './demo-requests.schemas';

const valid = {
  name: 'Asha Rao',
  businessName: 'Dosa Corner',
  contactNumber: '+91 98765 43210',
  email: 'asha@dosacorner.in',
};

/** The first message for each field, as the API's `fields` would carry them. */
function fieldErrors(input: unknown): Record<string, string> {
  const result = demoRequestBodySchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

describe('demoRequestBodySchema', () => {
  it('accepts a complete request and trims every field', () => {
    const parsed = demoRequestBodySchema.parse({
      name: '  Asha Rao ',
      businessName: ' Dosa Corner ',
      contactNumber: ' (080) 2345-6789 ',
      email: ' asha@dosacorner.in ',
    });
    expect(parsed).toEqual({
      name: 'Asha Rao',
      businessName: 'Dosa Corner',
      contactNumber: '(080) 2345-6789',
      email: 'asha@dosacorner.in',
    });
  });

  it('names every missing field', () => {
    expect(fieldErrors({})).toEqual({
      name: 'Name is required',
      businessName: 'Business name is required',
      contactNumber: 'Contact number is required',
      email: 'Email is required',
    });
  });

  it('treats blank text as missing, with one message per field', () => {
    const result = demoRequestBodySchema.safeParse({
      name: '   ',
      businessName: '',
      contactNumber: ' ',
      email: '  ',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Name is required',
      'Business name is required',
      'Contact number is required',
      'Email is required',
    ]);
  });

  it.each([
    ['name', 'a'.repeat(101), 'Name must be at most 100 characters'],
    ['businessName', 'b'.repeat(151), 'Business name must be at most 150 characters'],
    ['email', `${'e'.repeat(246)}@shop.com`, 'Email must be at most 254 characters'],
  ])('refuses the field %s when it is too long', (field, value, message) => {
    expect(fieldErrors({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts text at the longest allowed length', () => {
    const longest = {
      ...valid,
      name: 'a'.repeat(100),
      businessName: 'b'.repeat(150),
      email: `${'e'.repeat(245)}@shop.com`,
    };
    expect(demoRequestBodySchema.safeParse(longest).success).toBe(true);
  });

  it.each(['asha', 'asha@', '@dosacorner.in', 'asha@dosacorner', 'asha @dosa.in', 'a@b.c'])(
    'refuses the email %j as not valid',
    (email) => {
      expect(fieldErrors({ ...valid, email })).toEqual({ email: 'Enter a valid email address' });
    },
  );

  it.each(['9876543210', '+91 98765 43210', '(080) 2345-6789', '2345678', '+1-202-555-0143'])(
    'accepts the contact number %j',
    (contactNumber) => {
      expect(demoRequestBodySchema.safeParse({ ...valid, contactNumber }).success).toBe(true);
    },
  );

  it.each([
    ['123456', 'fewer than 7 digits'],
    ['+91 (98)', 'too few digits among the symbols'],
    ['98765abc10', 'letters'],
    ['98765.43210', 'a point'],
    ['+91 98765 43210 12345', 'more than 20 characters'],
  ])('refuses the contact number %j (%s)', (contactNumber) => {
    expect(fieldErrors({ ...valid, contactNumber })).toEqual({
      contactNumber: 'Enter a valid contact number',
    });
  });

  it('refuses a field that is not text, naming it', () => {
    expect(fieldErrors({ ...valid, contactNumber: 9876543210 })).toEqual({
      contactNumber: 'Contact number is required',
    });
  });

  it('accepts any text in the website honeypot and leaves it out when absent', () => {
    expect(demoRequestBodySchema.parse({ ...valid, website: 'http://spam.example' }).website).toBe(
      'http://spam.example',
    );
    expect('website' in demoRequestBodySchema.parse(valid)).toBe(false);
  });

  it('drops unknown fields', () => {
    expect(demoRequestBodySchema.parse({ ...valid, admin: true })).toEqual(valid);
  });

  it('accepts every contact number of 7 to 20 digits and symbols with at least 7 digits', () => {
    const symbol = fc.constantFrom(' ', '+', '-', '(', ')');
    const digit = fc.constantFrom(...'0123456789');
    fc.assert(
      fc.property(
        fc.array(digit, { minLength: 7, maxLength: 12 }),
        fc.array(symbol, { maxLength: 8 }),
        fc.integer(),
        (digits, symbols, seed) => {
          const chars = [...digits];
          symbols.forEach((s, i) => chars.splice(Math.abs(seed + i) % (chars.length + 1), 0, s));
          const text = chars.join('');
          const expected = text.trim().length >= 7;
          expect(CONTACT_NUMBER_PATTERN.test(text.trim())).toBe(expected);
          if (expected) {
            expect(demoRequestBodySchema.safeParse({ ...valid, contactNumber: text }).success).toBe(
              true,
            );
          }
        },
      ),
    );
  });

  it('describes the body for OpenAPI with lengths and patterns', () => {
    const schema = z.toJSONSchema(demoRequestBodySchema, { io: 'input' }) as {
      required: string[];
      properties: Record<string, { maxLength?: number; pattern?: string }>;
    };
    expect(schema.required).toEqual(['name', 'businessName', 'contactNumber', 'email']);
    expect(schema.properties.name?.maxLength).toBe(100);
    expect(schema.properties.businessName?.maxLength).toBe(150);
    expect(schema.properties.email?.maxLength).toBe(254);
    expect(schema.properties.contactNumber?.pattern).toBeDefined();
  });
});

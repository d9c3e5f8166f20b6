import { describe, expect, it } from 'vitest';
import { errorBodySchema, requiredText, searchQuerySchema, uuidParam } from './common.schemas';

describe('errorBodySchema', () => {
  it('accepts an error with a code and a message', () => {
    const body = { error: { code: 'NOT_FOUND', message: 'Vendor not found' } };
    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it('accepts field messages for a validation error', () => {
    const body = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Name is required',
        fields: { name: 'Name is required', 'ingredients.0.quantityUsed': 'Quantity is required' },
      },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it.each<[unknown, string]>([
    [{ code: 'X' }, 'a missing message'],
    [{ message: 'Oops' }, 'a missing code'],
    [{ code: 'X', message: 'Oops', fields: { name: 1 } }, 'a field message that is not text'],
  ])('refuses %j (%s)', (error) => {
    expect(errorBodySchema.safeParse({ error }).success).toBe(false);
  });

  it('refuses a body without the error wrapper', () => {
    expect(errorBodySchema.safeParse({ code: 'X', message: 'Oops' }).success).toBe(false);
  });
});

describe('uuidParam', () => {
  it.each(['0190a8a0-7c1e-7b2f-8a3d-4e5f60718293', '123e4567-e89b-42d3-a456-426614174000'])(
    'accepts the id %s',
    (id) => {
      expect(uuidParam.parse({ id })).toEqual({ id });
    },
  );

  it.each(['42', '', 'not-a-uuid', '0190a8a0-7c1e-7b2f-8a3d-4e5f6071829', "1' OR '1'='1"])(
    'refuses the id %j with a clear message',
    (id) => {
      const result = uuidParam.safeParse({ id });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter a valid id');
    },
  );
});

describe('text blocks refuse control characters', () => {
  const name = requiredText('Name', 50);
  const notes = requiredText('Notes', 500, { multiline: true });

  it.each(['\u0000', '\u0007', '\t', '\n', '\u001b', '\u007f', '\u0085'])(
    'refuses %j in single-line text, naming the field',
    (control) => {
      const result = name.safeParse(`Asha${control}Rao`);
      expect(result.error?.issues[0]?.message).toBe('Name must not contain control characters');
    },
  );

  it('lets multi-line text hold tabs and line breaks, but no other control character', () => {
    expect(notes.parse('Less sugar\n\tno ice\r\n')).toBe('Less sugar\n\tno ice');
    expect(notes.safeParse('Less sugar\u0000').error?.issues[0]?.message).toBe(
      'Notes must not contain control characters',
    );
  });

  it.each([
    ['a right-to-left override', '\u202e'],
    ['a left-to-right embedding', '\u202a'],
    ['a pop directional formatting', '\u202c'],
    ['a first-strong isolate', '\u2068'],
    ['a pop directional isolate', '\u2069'],
    ['a line separator', '\u2028'],
    ['a paragraph separator', '\u2029'],
  ])('refuses %s in single-line and multi-line text alike', (_, control) => {
    expect(name.safeParse(`Paneer${control}Tikka`).error?.issues[0]?.message).toBe(
      'Name must not contain control characters',
    );
    expect(notes.safeParse(`Less sugar${control}`).error?.issues[0]?.message).toBe(
      'Notes must not contain control characters',
    );
  });

  it('keeps the direction marks a name in Urdu may need', () => {
    expect(name.parse('چائے\u200f 2')).toBe('چائے\u200f 2');
  });

  it('refuses half of a surrogate pair (JSON carries it, UTF-8 cannot), naming the field', () => {
    for (const broken of ['Asha\ud800', '\udc00Rao']) {
      expect(name.safeParse(broken).error?.issues[0]?.message).toBe(
        'Name holds characters that are not valid text',
      );
    }
  });

  it('keeps ordinary text, Indian scripts and emoji', () => {
    expect(name.parse('  मीरा अय्यर 🙂 ')).toBe('मीरा अय्यर 🙂');
  });

  it('refuses control characters in a search and trims it', () => {
    expect(searchQuerySchema.parse({ search: ' chai ' })).toEqual({ search: 'chai' });
    expect(searchQuerySchema.safeParse({ search: 'chai\u0000' }).success).toBe(false);
  });
});

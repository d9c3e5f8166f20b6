import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABELS, MESSAGES } from './messages';

/** Every string value (arrays included) of a nested object. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** A name or field as people type it: any text without surrounding spaces. */
const wordsArb = fc
  .string({ minLength: 1, maxLength: 40, unit: 'grapheme' })
  .map((text) => text.trim())
  .filter((text) => text.length > 0);

describe('messages with parameters', () => {
  it("says who a due payment is on, in the spec's words, for any name", () => {
    expect(MESSAGES.payment.dueBy('Ravi Kumar')).toBe('Payment Due Successfully by Ravi Kumar');
    fc.assert(
      fc.property(wordsArb, (name) => {
        const text = MESSAGES.payment.dueBy(name);
        expect(text.endsWith(` by ${name}`)).toBe(true);
        expect(text.startsWith('Payment Due Successfully')).toBe(true);
      }),
    );
  });

  it('names the field, and the limit, in a validation message', () => {
    expect(MESSAGES.validation.required('Name')).toBe('Name is required');
    expect(MESSAGES.validation.tooLong('Business name', 150)).toBe(
      'Business name must be at most 150 characters',
    );
    fc.assert(
      fc.property(wordsArb, fc.integer({ min: 1, max: 10_000 }), (field, max) => {
        expect(MESSAGES.validation.required(field).startsWith(`${field} `)).toBe(true);
        const tooLong = MESSAGES.validation.tooLong(field, max);
        expect(tooLong.startsWith(`${field} `)).toBe(true);
        expect(tooLong).toContain(` ${max} `);
      }),
    );
  });

  it('names a missing login field the way the login form labels it', () => {
    expect(MESSAGES.login.emailRequired).toBe(MESSAGES.validation.required(LABELS.login.emailId));
    expect(MESSAGES.login.passwordRequired).toBe(
      MESSAGES.validation.required(LABELS.login.password),
    );
  });
});

describe('the message catalogue', () => {
  it("tells a staff member the branch plan message with 'Contact your branch owner.' added, as the spec asks", () => {
    const { login } = MESSAGES;
    expect(login.subuserBranchPlanNotActive).toBe(
      `${login.branchPlanNotActive} Contact your branch owner.`,
    );
    expect(login.subuserBranchPlanExpired).toBe(
      `${login.branchPlanExpired} Contact your branch owner.`,
    );
  });

  it('writes each message once, so one wording cannot drift from another', () => {
    const messages = strings(MESSAGES);
    const repeated = messages.filter((text, index) => messages.indexOf(text) !== index);
    expect(repeated).toEqual([]);
  });

  it('has no empty or padded string anywhere', () => {
    for (const text of [...strings(MESSAGES), ...strings(LABELS)]) {
      expect(text.trim()).toBe(text);
      expect(text.length).toBeGreaterThan(0);
    }
  });
});

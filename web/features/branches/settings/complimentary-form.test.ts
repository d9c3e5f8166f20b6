import { describe, expect, it } from 'vitest';
import { complimentaryBody, complimentaryFormValues, limitText } from './complimentary-form';

describe('the complimentary settings card', () => {
  it('shows the limit in rupees and the reasons one a line', () => {
    expect(
      complimentaryFormValues({ reasons: ['Staff meal', 'Tasting'], limitPaise: 50_000 }),
    ).toEqual({ reasons: 'Staff meal\nTasting', limitRupees: '500' });
    expect(limitText(9_950)).toBe('99.50');
    expect(limitText(0)).toBe('0');
  });

  it('sends the limit in paise and the reasons trimmed, without empty lines', () => {
    expect(
      complimentaryBody({ reasons: ' Staff meal \n\nOn the house\n', limitRupees: '750.5' }),
    ).toEqual({
      reasons: ['Staff meal', 'On the house'],
      limitPaise: 75_050,
    });
  });

  it('refuses rupees that are not an amount', () => {
    for (const limitRupees of ['', 'abc', '-5', '1.005', '1,000']) {
      expect(complimentaryBody({ reasons: 'Staff meal', limitRupees })).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { oneYearAfter, planBadge } from './staff-dates';
import { suggestTemporaryPassword } from '../../lib/temporary-password';

describe('oneYearAfter', () => {
  it('moves to the same calendar day a year later', () => {
    expect(oneYearAfter('2026-11-22')).toBe('2027-11-22');
  });
  it('turns 29 February into 28 February of the next year', () => {
    expect(oneYearAfter('2028-02-29')).toBe('2029-02-28');
  });
});

describe('planBadge', () => {
  const plan = { activeDate: '2026-11-01', deactiveDate: '2026-11-30' };
  it('says a plan that starts later is not active yet', () => {
    expect(planBadge(plan, '2026-10-31')?.label).toBe('Not active yet');
  });
  it('counts today and the last day in the days left', () => {
    expect(planBadge(plan, '2026-11-01')?.label).toBe('Active · 30 days left');
    expect(planBadge(plan, '2026-11-30')?.label).toBe('Active · 1 day left');
  });
  it('warns in orange in the last week', () => {
    expect(planBadge(plan, '2026-11-24')?.color).toBe('orange');
    expect(planBadge(plan, '2026-11-23')?.color).toBe('green');
  });
  it('says expired the day after the end date', () => {
    expect(planBadge(plan, '2026-12-01')?.label).toBe('Expired');
  });
  it('shows no badge for staff without dates of their own', () => {
    expect(planBadge({ activeDate: null, deactiveDate: null }, '2026-11-22')).toBeNull();
  });
});

it('suggests temporary passwords that are long enough and easy to read out', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const password = suggestTemporaryPassword();
    expect(password).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    seen.add(password);
  }
  expect(seen.size).toBe(200);
});

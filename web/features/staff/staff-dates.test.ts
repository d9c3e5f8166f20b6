import { describe, expect, it } from 'vitest';
import { defaultStaffDates, planBadge } from './staff-dates';
import { suggestTemporaryPassword } from '../../../shared/temporary-password';

describe('defaultStaffDates', () => {
  const branchPlan = { activeDate: '2026-01-01', deactiveDate: '2027-03-31' };
  it("runs from today to the branch plan's last day", () => {
    expect(defaultStaffDates('2026-11-22', branchPlan)).toEqual({
      activeDate: '2026-11-22',
      deactiveDate: '2027-03-31',
    });
  });
  it('starts on the first day of a branch plan that has not begun', () => {
    expect(defaultStaffDates('2026-11-22', { ...branchPlan, activeDate: '2026-12-01' })).toEqual({
      activeDate: '2026-12-01',
      deactiveDate: '2027-03-31',
    });
  });
});

describe('planBadge', () => {
  const plan = { isActive: true, activeDate: '2026-11-01', deactiveDate: '2026-11-30' };
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
    expect(
      planBadge({ isActive: true, activeDate: null, deactiveDate: null }, '2026-11-22'),
    ).toBeNull();
  });
  it('says a deactivated account is deactivated, in grey, whatever its dates', () => {
    for (const member of [
      { ...plan, isActive: false },
      { isActive: false, activeDate: null, deactiveDate: null },
    ]) {
      expect(planBadge(member, '2026-11-22')).toMatchObject({
        label: 'Deactivated',
        color: 'gray',
      });
    }
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

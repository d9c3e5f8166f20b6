import { describe, expect, it } from 'vitest';
import type { BranchView } from '../../../shared/schemas/branches.schemas';
import { addMonths } from '../../../shared/dates';
import { renewalDraft, renewalPeriodStart, suggestEndDate } from './plan-dates';
import { statusBadge } from './branch-text';

describe('suggestEndDate', () => {
  it('ends a daily plan the same day, a monthly and a yearly one a period later', () => {
    expect(suggestEndDate('daily', '2026-11-22')).toBe('2026-11-22');
    expect(suggestEndDate('monthly', '2026-11-22')).toBe('2026-12-21');
    expect(suggestEndDate('yearly', '2026-11-22')).toBe('2027-11-21');
  });

  it('keeps to the calendar at month ends and leap days', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(suggestEndDate('monthly', '2026-01-01')).toBe('2026-01-31');
  });
});

const branch = (over: Partial<BranchView>): BranchView => ({
  id: 'b1',
  code: 'CP01',
  name: 'Chai Point',
  ownerName: 'Priya',
  email: 'p@example.com',
  location: 'Bengaluru',
  subscriptionType: 'monthly',
  plan: null,
  activeDate: '2026-11-01',
  deactiveDate: '2026-11-30',
  numberOfUsers: 5,
  amountPaise: null,
  isActive: true,
  timeZone: 'Asia/Kolkata',
  status: { state: 'active', daysLeft: 9, startsInDays: null },
  managerName: 'Priya',
  activeStaff: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('renewalDraft', () => {
  it('extends a running plan by one period after its end', () => {
    expect(renewalDraft(branch({}), '2026-11-22')).toEqual({
      subscriptionType: 'monthly',
      activeDate: '2026-11-01',
      deactiveDate: '2026-12-31',
    });
  });

  it('starts an expired plan again today', () => {
    const expired = branch({
      deactiveDate: '2026-11-10',
      status: { state: 'expired', daysLeft: null, startsInDays: null },
    });
    expect(renewalDraft(expired, '2026-11-22')).toEqual({
      subscriptionType: 'monthly',
      activeDate: '2026-11-22',
      deactiveDate: '2026-12-21',
    });
  });
});

describe('renewalPeriodStart', () => {
  it('extends a running plan after its end while its start date is kept', () => {
    const from = renewalPeriodStart(branch({}), '2026-11-22');
    expect(from('2026-11-01')).toBe('2026-12-01');
    expect(suggestEndDate('yearly', from('2026-11-01'))).toBe('2027-11-30');
    // A new start date begins a new period there.
    expect(from('2026-11-25')).toBe('2026-11-25');
  });

  it('begins at the start date for an expired plan', () => {
    const expired = branch({
      deactiveDate: '2026-11-10',
      status: { state: 'expired', daysLeft: null, startsInDays: null },
    });
    expect(renewalPeriodStart(expired, '2026-11-22')('2026-11-01')).toBe('2026-11-01');
  });
});

describe('statusBadge', () => {
  it('says the state in words, with singular days', () => {
    expect(statusBadge({ state: 'not_active_yet', daysLeft: null, startsInDays: 3 }).label).toBe(
      'Not active yet (starts in 3 days)',
    );
    expect(statusBadge({ state: 'active', daysLeft: 1, startsInDays: null }).label).toBe(
      'Active · 1 day left',
    );
    expect(statusBadge({ state: 'expired', daysLeft: null, startsInDays: null }).label).toBe(
      'Expired',
    );
    expect(statusBadge({ state: 'deactivated', daysLeft: null, startsInDays: null }).label).toBe(
      'Deactivated',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { checkAddBranch, checkPlan, emptyAddBranchValues, toFormErrors } from './branch-form';
import { BRANCH_TEXT } from './branch-text';

const filled = {
  ...emptyAddBranchValues(),
  branchName: 'Chai Point',
  branchCode: 'cp-01',
  ownerName: 'Priya Sharma',
  email: 'priya@chaipoint.example',
  password: 'Temp-Pass-123',
  location: 'Koramangala, Bengaluru',
  subscriptionType: 'yearly' as const,
  activeDate: '2026-11-22',
  deactiveDate: '2027-11-21',
};

describe('checkAddBranch', () => {
  it('builds the body with the amount in paise and the default 5 users', () => {
    const { body, errors } = checkAddBranch({ ...filled, amount: '1499.50' });
    expect(errors).toBeNull();
    expect(body).toMatchObject({ branchCode: 'cp-01', amountPaise: 149_950, numberOfUsers: 5 });
  });

  it('sends no amount when it is left empty, and leaves the number of users to the server', () => {
    const { body } = checkAddBranch({ ...filled, numberOfUsers: '' });
    expect(body).toMatchObject({ amountPaise: null });
    expect(body!.numberOfUsers).toBeUndefined();
  });

  it('names every empty required field with the server’s message', () => {
    const { errors } = checkAddBranch(emptyAddBranchValues());
    expect(errors).toMatchObject({
      branchName: 'Branch name is required',
      ownerName: 'Owner name is required',
      location: 'Location is required',
      email: 'Email is required',
      activeDate: 'Start date is required',
      deactiveDate: 'End date is required',
      subscriptionType: 'Choose a plan or a subscription type',
    });
    expect(errors!.branchCode).toBeTruthy();
    expect(errors!.password).toBeTruthy();
    expect(errors!.amount).toBeUndefined();
    expect(errors!.numberOfUsers).toBeUndefined();
  });

  it('refuses an amount that is not rupees with at most 2 decimals', () => {
    for (const amount of ['12.345', '-5', '1,500', 'abc']) {
      expect(checkAddBranch({ ...filled, amount }).errors).toEqual({
        amount: BRANCH_TEXT.invalidAmount,
      });
    }
  });

  it('refuses an end date before the start date', () => {
    const { errors } = checkAddBranch({ ...filled, deactiveDate: '2026-11-21' });
    expect(errors).toEqual({ deactiveDate: 'End date cannot be before the start date' });
  });
});

describe('checkPlan', () => {
  it('builds a plan body', () => {
    const { body } = checkPlan({
      subscriptionType: 'monthly',
      activeDate: '2026-11-22',
      deactiveDate: '2026-12-21',
      numberOfUsers: 10,
      amount: '1500',
    });
    expect(body).toEqual({
      plan: null,
      subscriptionType: 'monthly',
      activeDate: '2026-11-22',
      deactiveDate: '2026-12-21',
      numberOfUsers: 10,
      amountPaise: 150_000,
    });
  });
});

describe('a pricing plan in the plan select', () => {
  it('is sent as the plan, leaving the subscription type to it', () => {
    const { body, errors } = checkAddBranch({ ...filled, subscriptionType: 'super' });
    expect(errors).toBeNull();
    expect(body).toMatchObject({ plan: 'super', subscriptionType: undefined });
  });

  it("gets the server's messages about the plan under the select", () => {
    expect(toFormErrors({ plan: 'Choose a plan' })).toEqual({ subscriptionType: 'Choose a plan' });
  });
});

describe('toFormErrors', () => {
  it('puts the server’s amountPaise message under the amount field', () => {
    expect(toFormErrors({ amountPaise: 'Amount is too large', email: 'x' })).toEqual({
      amount: 'Amount is too large',
      email: 'x',
    });
  });
});

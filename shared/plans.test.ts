import { describe, expect, it } from 'vitest';
import { formatInr } from './money';
import { DEFAULT_NUMBER_OF_USERS, PRICING_PLANS, SUBSCRIPTION_TYPES } from './plans';

describe('pricing plans', () => {
  it('offers Basic, Super and Premium in that order', () => {
    expect(PRICING_PLANS.map((plan) => plan.name)).toEqual(['Basic', 'Super', 'Premium']);
  });

  it.each([
    ['Basic', '₹1,500.00', 3, 1, 5],
    ['Super', '₹3,799.00', 6, 1, 10],
    ['Premium', '₹6,999.00', 12, 1, 10],
  ])(
    'prices %s at %s for %i months with %i outlet and %i users',
    (name, price, months, outlets, users) => {
      const plan = PRICING_PLANS.find((p) => p.name === name);
      expect(plan).toBeDefined();
      expect(formatInr(plan!.pricePaise)).toBe(price);
      expect(plan).toMatchObject({ durationMonths: months, outlets, users });
    },
  );

  it('keeps prices in whole paise', () => {
    for (const plan of PRICING_PLANS) expect(Number.isSafeInteger(plan.pricePaise)).toBe(true);
    expect(PRICING_PLANS.map((plan) => plan.pricePaise)).toEqual([150000, 379900, 699900]);
  });

  it('lists unlimited devices and free support on the Basic plan', () => {
    expect(PRICING_PLANS[0]!.features).toEqual([
      '1 Outlet',
      '5 Users',
      'Unlimited Devices',
      'Free Support',
    ]);
  });

  it('gives a branch 5 users by default', () => {
    expect(DEFAULT_NUMBER_OF_USERS).toBe(5);
  });

  it('sells subscriptions daily, monthly or yearly', () => {
    expect(SUBSCRIPTION_TYPES).toEqual(['daily', 'monthly', 'yearly']);
  });
});

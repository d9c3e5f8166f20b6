import { describe, expect, it } from 'vitest';
import { PRICING_PLANS, PRICING_PLAN_IDS, planName, pricingPlan } from './plans';

describe('pricing plans', () => {
  it('finds each stored plan id, and names a custom deal Custom', () => {
    for (const id of PRICING_PLAN_IDS) {
      expect(pricingPlan(id).id).toBe(id);
      expect(planName(id)).toBe(pricingPlan(id).name);
    }
    expect(PRICING_PLANS.map((plan) => plan.id)).toEqual([...PRICING_PLAN_IDS]);
    expect(planName(null)).toBe('Custom');
  });

  it('sells a longer plan for more, in whole paise', () => {
    const byLength = [...PRICING_PLANS].sort((a, b) => a.durationMonths - b.durationMonths);
    for (const [index, plan] of byLength.entries()) {
      expect(Number.isSafeInteger(plan.pricePaise)).toBe(true);
      if (index > 0) expect(plan.pricePaise).toBeGreaterThan(byLength[index - 1]!.pricePaise);
    }
  });

  it('lists on every dearer plan each feature of a cheaper one, and never fewer users', () => {
    for (const cheaper of PRICING_PLANS) {
      for (const dearer of PRICING_PLANS.filter((p) => p.pricePaise > cheaper.pricePaise)) {
        expect(dearer.users).toBeGreaterThanOrEqual(cheaper.users);
        for (const feature of cheaper.features.filter((f) => !f.endsWith(' Users'))) {
          expect(dearer.features, `${dearer.name} lacks ${feature}`).toContain(feature);
        }
      }
    }
  });

  it('shows under each plan the outlets and users that the plan gives', () => {
    for (const plan of PRICING_PLANS) {
      expect(plan.features).toContain(`${plan.outlets} Outlet${plan.outlets === 1 ? '' : 's'}`);
      expect(plan.features).toContain(`${plan.users} Users`);
    }
  });

  it('records a plan of whole years as a yearly subscription and any other as monthly', () => {
    for (const plan of PRICING_PLANS) {
      expect(plan.subscriptionType).toBe(plan.durationMonths % 12 === 0 ? 'yearly' : 'monthly');
    }
  });
});

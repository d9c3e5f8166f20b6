/**
 * The three pricing plans of the landing page (spec section 9), prices in integer paise.
 * Features are listed as the spec gives them: only Basic names devices and support.
 */

/** Branch subscription types. */
export const SUBSCRIPTION_TYPES = ['daily', 'monthly', 'yearly'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** Users per branch when the super admin leaves "number of users" empty. */
export const DEFAULT_NUMBER_OF_USERS = 5;

export interface PricingPlan {
  id: 'basic' | 'super' | 'premium';
  name: string;
  /** Price of one period, in paise. */
  pricePaise: number;
  /** Length of one period in months. */
  durationMonths: number;
  outlets: number;
  users: number;
  /** Feature lines shown under the price, in order. */
  features: readonly string[];
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'basic',
    name: 'Basic',
    pricePaise: 150_000,
    durationMonths: 3,
    outlets: 1,
    users: 5,
    features: ['1 Outlet', '5 Users', 'Unlimited Devices', 'Free Support'],
  },
  {
    id: 'super',
    name: 'Super',
    pricePaise: 379_900,
    durationMonths: 6,
    outlets: 1,
    users: 10,
    features: ['1 Outlet', '10 Users'],
  },
  {
    id: 'premium',
    name: 'Premium',
    pricePaise: 699_900,
    durationMonths: 12,
    outlets: 1,
    users: 10,
    features: ['1 Outlet', '10 Users'],
  },
];

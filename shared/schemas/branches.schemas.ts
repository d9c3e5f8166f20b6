import { z } from 'zod';
import {
  DEFAULT_NUMBER_OF_USERS,
  PRICING_PLAN_IDS,
  SUBSCRIPTION_TYPES,
  pricingPlan,
  type PricingPlanId,
  type SubscriptionType,
} from '../plans';
import { emailSchema, newPasswordSchema } from './auth.schemas';
import { requiredText, searchText } from './common.schemas';
import { isAcceptedDate, isoDateSchema } from './dates.schemas';

/** Defined once in dates.schemas.ts; still exported here for the schemas that import it from here. */
export { isoDateSchema };

const text = requiredText;

export const branchCodeSchema = z
  .string({ error: 'Branch code is required' })
  .trim()
  .min(1, 'Branch code is required')
  .min(2, 'Branch code must be at least 2 characters')
  .max(20, 'Branch code must be at most 20 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'Branch code may contain only letters, digits and -')
  .transform((code) => code.toUpperCase());

const planFields = {
  /** One of the landing page's pricing plans, or null for a custom deal. */
  plan: z.enum(PRICING_PLAN_IDS, { error: 'Choose a plan' }).nullable().default(null),
  /** A custom deal's type; a pricing plan brings its own. */
  subscriptionType: z.enum(SUBSCRIPTION_TYPES, { error: 'Choose a subscription type' }).optional(),
  activeDate: isoDateSchema('Start date'),
  deactiveDate: isoDateSchema('End date'),
  numberOfUsers: z
    .number({ error: 'Number of users must be a whole number' })
    .int('Number of users must be a whole number')
    .min(1, 'Number of users must be at least 1')
    .max(500, 'Number of users must be at most 500')
    .optional(),
  amountPaise: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be in paise')
    .min(0, 'Amount cannot be negative')
    .max(10_000_000_00, 'Amount is too large')
    .nullable()
    .optional(),
};

// Object checks run even when a field failed its own check, so they look at accepted dates only.
const endNotBeforeStart = (plan: { activeDate: string; deactiveDate: string }) =>
  !isAcceptedDate(plan.activeDate) ||
  !isAcceptedDate(plan.deactiveDate) ||
  plan.deactiveDate >= plan.activeDate;
/** Plan dates of a branch or a staff member: the end is the last day, never before the first. */
export const END_BEFORE_START = 'End date cannot be before the start date';
export const endMessage = { message: END_BEFORE_START, path: ['deactiveDate'] };
const typeOrPlan = (plan: { plan: PricingPlanId | null; subscriptionType?: SubscriptionType }) =>
  Boolean(plan.plan) || plan.subscriptionType !== undefined;
export const PLAN_REQUIRED = 'Choose a plan or a subscription type';
const typeMessage = { message: PLAN_REQUIRED, path: ['subscriptionType'] };

/** A pricing plan brings its subscription type; a custom deal names its own. */
function withType<T extends { plan: PricingPlanId | null; subscriptionType?: SubscriptionType }>(
  body: T,
): T & { subscriptionType: SubscriptionType } {
  return {
    ...body,
    subscriptionType: body.plan ? pricingPlan(body.plan).subscriptionType : body.subscriptionType!,
  };
}

export const createBranchBodySchema = z
  .object({
    branchName: text('Branch name', 120),
    branchCode: branchCodeSchema,
    ownerName: text('Owner name', 120),
    email: emailSchema,
    password: newPasswordSchema,
    location: text('Location', 200),
    ...planFields,
  })
  .refine(typeOrPlan, typeMessage)
  .refine(endNotBeforeStart, endMessage)
  // Left out: a pricing plan's users and price, or 5 users and no amount for a custom deal.
  .transform((body) => {
    const plan = body.plan ? pricingPlan(body.plan) : null;
    return withType({
      ...body,
      numberOfUsers: body.numberOfUsers ?? plan?.users ?? DEFAULT_NUMBER_OF_USERS,
      amountPaise: body.amountPaise === undefined ? (plan?.pricePaise ?? null) : body.amountPaise,
    });
  });
export type CreateBranchBody = z.input<typeof createBranchBodySchema>;

/** Renew or extend: number of users and amount, when left out, stay as they are. */
export const updatePlanBodySchema = z
  .object(planFields)
  .refine(typeOrPlan, typeMessage)
  .refine(endNotBeforeStart, endMessage)
  .transform(withType);
export type UpdatePlanBody = z.input<typeof updatePlanBodySchema>;

export const planStatusSchema = z.object({
  state: z.enum(['not_active_yet', 'active', 'expired', 'deactivated']),
  daysLeft: z.number().int().nullable(),
  startsInDays: z.number().int().nullable(),
});

export const branchSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string(),
  email: z.string(),
  location: z.string(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  plan: z.enum(PRICING_PLAN_IDS).nullable(),
  activeDate: z.string(),
  deactiveDate: z.string(),
  numberOfUsers: z.number().int(),
  amountPaise: z.number().int().nullable(),
  isActive: z.boolean(),
  timeZone: z.string(),
  status: planStatusSchema,
  managerName: z.string().nullable(),
  activeStaff: z.number().int(),
  createdAt: z.string(),
});
export type BranchView = z.infer<typeof branchSchema>;

/**
 * A new branch, and what became of its welcome mail: `sent` (the mail server took it), `queued`
 * (no mail server is set up: it waits in the outbox) or `retrying` (the mail server did not take
 * it yet; it is tried again every minute).
 */
export const createdBranchSchema = branchSchema.extend({
  welcomeMail: z.enum(['sent', 'queued', 'retrying']),
});
export type CreatedBranch = z.infer<typeof createdBranchSchema>;

export const branchListQuerySchema = z.object({
  search: searchText,
});

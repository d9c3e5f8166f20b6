import {
  DEFAULT_TIME_ZONE,
  addDays,
  addMonths,
  businessDate,
  type IsoDate,
} from '../../../shared/dates';
import {
  PRICING_PLAN_IDS,
  pricingPlan,
  type PricingPlanId,
  type SubscriptionType,
} from '../../../shared/plans';
import type { BranchView } from '../../../shared/schemas/branches.schemas';

/**
 * Today on the calendar the server checks plans against (new branches are in Asia/Kolkata).
 * For the date inputs' minimum and the start-date check only: the server decides.
 */
export const planToday = (): IsoDate => businessDate(new Date(), DEFAULT_TIME_ZONE);

/** What the plan select offers: a pricing plan of the landing page, or a custom deal's type. */
export type PlanChoice = PricingPlanId | SubscriptionType;

export const isPricingPlan = (choice: string): choice is PricingPlanId =>
  (PRICING_PLAN_IDS as readonly string[]).includes(choice);

/** A branch's plan as the select shows it. */
export const planChoiceOf = (branch: Pick<BranchView, 'plan' | 'subscriptionType'>): PlanChoice =>
  branch.plan ?? branch.subscriptionType;

/**
 * The last day of one period starting on `start`, both days included: a daily plan ends the
 * same day, a monthly one the day before the same date next month, a yearly one a year on, and
 * a pricing plan after its months (Basic 3, Super 6, Premium 12).
 */
export function suggestEndDate(choice: PlanChoice, start: IsoDate): IsoDate {
  if (choice === 'daily') return start;
  const months = isPricingPlan(choice)
    ? pricingPlan(choice).durationMonths
    : choice === 'monthly'
      ? 1
      : 12;
  return addDays(addMonths(start, months), -1);
}

export interface PlanDraft {
  subscriptionType: PlanChoice;
  activeDate: IsoDate;
  deactiveDate: IsoDate;
}

const isRunning = (branch: BranchView, today: IsoDate) =>
  (branch.status.state === 'active' || branch.status.state === 'not_active_yet') &&
  branch.deactiveDate >= today;

/**
 * Where the next period of a renewal begins. Keeping the start date of a running plan extends
 * it: the new period follows the day after it ends. Any other start date begins a period there.
 */
export function renewalPeriodStart(branch: BranchView, today: IsoDate) {
  const running = isRunning(branch, today);
  return (start: IsoDate): IsoDate =>
    running && start === branch.activeDate ? addDays(branch.deactiveDate, 1) : start;
}

/**
 * What the renew form starts with. A running or future plan is extended by one period from the
 * day after it ends (its start date stays); an expired or stopped one starts again today.
 */
export function renewalDraft(branch: BranchView, today: IsoDate): PlanDraft {
  const type = planChoiceOf(branch);
  const activeDate = isRunning(branch, today) ? branch.activeDate : today;
  const periodStart = renewalPeriodStart(branch, today)(activeDate);
  return { subscriptionType: type, activeDate, deactiveDate: suggestEndDate(type, periodStart) };
}

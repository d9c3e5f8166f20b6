import { z } from 'zod';
import { PRICING_PLAN_IDS } from '../plans';
import { STORED_UNITS } from '../units';
import { branchSchema } from './branches.schemas';

const paise = z.number().int();
const count = z.number().int().nonnegative();

/** Bills of a day (or part of one): their totals added up, and how many. */
const salesSchema = z.object({ salesPaise: paise, bills: count });

/**
 * GET /api/dashboard: the branch overview (/user-dashboard), every figure added up by the
 * database, in one answer. Days are business days of the branch's time zone, from the
 * server's clock.
 */
export const branchOverviewSchema = z.object({
  /** The branch's business day now. */
  businessDate: z.string(),
  /** The same weekday a week earlier (the day compared with). */
  lastWeekDate: z.string(),
  /** Bills of today so far (Settled and Due alike: a sale is a sale). */
  today: salesSchema,
  /** Bills of the same weekday last week up to this time of day: like for like. */
  lastWeekSoFar: salesSchema,
  /** That whole day. */
  lastWeekFullDay: salesSchema,
  /** Tables with an order on them, the longest open first. */
  openTables: z.object({
    count,
    totalPaise: paise,
    items: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        totalPaise: paise,
        itemCount: count,
        openedAt: z.string(),
      }),
    ),
  }),
  /** Due bills: how many, what is still owed on them (total less money received), since when. */
  dues: z.object({ count, outstandingPaise: paise, oldestAt: z.string().nullable() }),
  /** Ingredients under their low-stock level (the inventory's rule), the shortest first. */
  lowStock: z.object({
    count,
    items: z.array(
      z.object({
        id: z.string(),
        category: z.string(),
        name: z.string(),
        quantity: z.number().int(),
        unit: z.enum(STORED_UNITS),
        lowStockThreshold: z.number().int(),
      }),
    ),
  }),
  /** Vendors with money remaining to pay, the most owed first (the vendors module's balances). */
  vendorsOwed: z.object({
    count,
    totalPaise: paise,
    items: z.array(z.object({ id: z.string(), name: z.string(), remainingPaise: paise })),
  }),
  /** The most ordered items of the last 7 business days (today included), by quantity. */
  topItems: z.object({
    from: z.string(),
    to: z.string(),
    items: z.array(z.object({ name: z.string(), quantity: count, salesPaise: paise })),
  }),
});
export type BranchOverview = z.infer<typeof branchOverviewSchema>;

/** Renewals due within a window: how many plans end in it and what they are worth. */
const renewalWindowSchema = z.object({ count, amountPaise: paise });

/**
 * GET /api/admin/overview: the super admin's dashboard, the platform's own figures only (a
 * branch's sales never appear here).
 */
export const adminOverviewSchema = z.object({
  branches: z.object({
    total: count,
    notActiveYet: count,
    active: count,
    expired: count,
    deactivated: count,
  }),
  /**
   * Plans that end within 7 and 30 days (active branches, their own time zone, today counted),
   * and those branches, the soonest first.
   */
  renewals: z.object({
    within7Days: renewalWindowSchema,
    within30Days: renewalWindowSchema,
    branches: z.array(branchSchema),
  }),
  /**
   * What active plans bring in a year: each plan's amount spread over its own dates, times
   * 365 (a pricing plan without an amount counts at its price), per plan and in all.
   */
  planRevenue: z.object({
    annualRunRatePaise: paise,
    byPlan: z.array(
      z.object({
        plan: z.enum(PRICING_PLAN_IDS).nullable(),
        branches: count,
        annualRunRatePaise: paise,
      }),
    ),
    /** Active custom deals recorded without an amount (not in the figures). */
    withoutAmount: count,
  }),
  /** Demo requests per week (Monday first, the platform's time zone), oldest week first. */
  demoRequestsByWeek: z.array(z.object({ weekStart: z.string(), count })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

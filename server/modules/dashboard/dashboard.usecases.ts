import { addDays, businessDate, daysBetween, startOfBusinessDate } from '../../../shared/dates';
import { pricingPlan, PRICING_PLAN_IDS, type PricingPlanId } from '../../../shared/plans';
import type { BranchView } from '../../../shared/schemas/branches.schemas';
import type { AdminOverview, BranchOverview } from '../../../shared/schemas/dashboard.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { listBranchViews } from '../branches/branches.usecases';
import { listInventory } from '../inventory/inventory.usecases';
import { topItems } from '../reports/orders.usecases';
import { listTables } from '../tables/tables.usecases';
import { paymentsSummary } from '../vendors/vendors.usecases';
import * as repo from './dashboard.repository';

/** Top items are counted over this many business days, today included. */
export const TOP_ITEM_DAYS = 7;
/** The overview lists at most this many low-stock items and vendors owed (with the count of all). */
export const LIST_LIMIT = 5;

/** What is left of a low item as a share of its own level (stock below zero at a level of 0: -1). */
const shareLeft = (item: { quantity: number; lowStockThreshold: number }) =>
  item.lowStockThreshold > 0 ? item.quantity / item.lowStockThreshold : -1;

/**
 * The branch overview, in one answer: today's bills against the same weekday last week by the
 * same time of day, open tables, dues, low stock, vendors owed and the week's top items. Sums
 * are made by the database; open tables, low stock and vendor balances come from the use cases
 * that own those rules. The parts are read side by side (separate statements), so a bill paid
 * in between may show in one and not yet in another: the next live event refetches them all.
 */
export async function branchOverview({
  db,
  clock,
  branchId,
  timeZone,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  timeZone: string;
}): Promise<BranchOverview> {
  const now = clock();
  const today = businessDate(now, timeZone);
  const lastWeek = addDays(today, -7);
  const from = addDays(today, -(TOP_ITEM_DAYS - 1));
  // "By this time last week": as far into that business day as we are into today.
  const cutoff = new Date(
    startOfBusinessDate(lastWeek, timeZone).getTime() +
      (now.getTime() - startOfBusinessDate(today, timeZone).getTime()),
  );
  const [sales, tables, dues, inventory, vendors, top] = await Promise.all([
    repo.salesOfDays(db, branchId, { today, lastWeek, cutoff }),
    listTables({ db, branchId }),
    repo.duesOutstanding(db, branchId),
    listInventory({ db, branchId, filter: { category: undefined, name: undefined } }),
    paymentsSummary({ db, branchId }),
    topItems({ db, branchId, from, to: today }).then((items) =>
      items.map(({ name, quantity, revenuePaise }) => ({
        name,
        quantity,
        salesPaise: revenuePaise,
      })),
    ),
  ]);

  const open = tables.items
    .filter((table) => table.itemCount > 0 && table.openedAt !== null)
    // What each table's guests will pay now: the bill's grand total (shared/tax.ts), as its card.
    .map(({ id, label, billTotalPaise, itemCount, openedAt }) => ({
      id,
      label,
      totalPaise: billTotalPaise,
      itemCount,
      openedAt: openedAt!,
    }))
    .sort((a, b) => a.openedAt.localeCompare(b.openedAt));
  const low = inventory.items
    .filter((item) => item.isLow)
    .sort((a, b) => shareLeft(a) - shareLeft(b) || a.name.localeCompare(b.name));
  // paymentsSummary lists the most remaining first.
  const owed = vendors.items.filter((vendor) => vendor.remainingPaise > 0);

  return {
    businessDate: today,
    lastWeekDate: lastWeek,
    today: { salesPaise: sales.todaySales, bills: sales.todayBills },
    lastWeekSoFar: { salesPaise: sales.soFarSales, bills: sales.soFarBills },
    lastWeekFullDay: { salesPaise: sales.fullDaySales, bills: sales.fullDayBills },
    openTables: {
      count: open.length,
      totalPaise: open.reduce((sum, table) => sum + table.totalPaise, 0),
      items: open,
    },
    dues: {
      count: dues.count,
      outstandingPaise: dues.outstandingPaise,
      oldestAt: dues.oldestAt?.toISOString() ?? null,
    },
    lowStock: {
      count: low.length,
      items: low
        .slice(0, LIST_LIMIT)
        .map(({ id, category, name, quantity, unit, lowStockThreshold }) => ({
          id,
          category,
          name,
          quantity,
          unit,
          lowStockThreshold,
        })),
    },
    vendorsOwed: {
      count: owed.length,
      totalPaise: owed.reduce((sum, vendor) => sum + vendor.remainingPaise, 0),
      items: owed
        .slice(0, LIST_LIMIT)
        .map(({ id, name, remainingPaise }) => ({ id, name, remainingPaise })),
    },
    topItems: { from, to: today, items: top },
  };
}

/** Renewal windows of the super admin's dashboard, in days (today counted). */
export const RENEWAL_WINDOWS = { soon: 7, month: 30 } as const;
/** Weeks of demo requests on the super admin's dashboard, this one included. */
export const DEMO_REQUEST_WEEKS = 12;

/** What a branch's current plan costs: its amount, or its pricing plan's price when none. */
function planAmount(branch: BranchView): number | null {
  return branch.amountPaise ?? (branch.plan ? pricingPlan(branch.plan).pricePaise : null);
}

/** An active plan's amount spread over its own dates, for a year (rounded half up). */
function annualised(branch: BranchView, amountPaise: number): number {
  const days = daysBetween(branch.activeDate, branch.deactiveDate) + 1;
  return Math.round((amountPaise * 365) / days);
}

function renewalWindow(branches: BranchView[]) {
  return {
    count: branches.length,
    amountPaise: branches.reduce((sum, branch) => sum + (planAmount(branch) ?? 0), 0),
  };
}

/** The Monday of the week of `date`. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The super admin's dashboard: the platform's own figures. Branches by plan state, renewals
 * due, plan revenue (from the branches' plans: a branch's sales never appear here) and demo
 * requests per week in the platform's time zone.
 */
export async function adminOverview({
  db,
  clock,
  platformTimeZone,
}: {
  db: Db;
  clock: Clock;
  platformTimeZone: string;
}): Promise<AdminOverview> {
  const views = await listBranchViews({ db, clock });
  const inState = (state: BranchView['status']['state']) =>
    views.filter((branch) => branch.status.state === state);
  const active = inState('active');
  const endingWithin = (days: number) =>
    active.filter((branch) => (branch.status.daysLeft ?? 0) <= days);

  const byPlan = [...PRICING_PLAN_IDS, null].map((plan: PricingPlanId | null) => {
    const onPlan = active.filter((branch) => branch.plan === plan);
    return {
      plan,
      branches: onPlan.length,
      annualRunRatePaise: onPlan.reduce((sum, branch) => {
        const amount = planAmount(branch);
        return amount === null ? sum : sum + annualised(branch, amount);
      }, 0),
    };
  });

  const thisWeek = mondayOf(businessDate(clock(), platformTimeZone));
  const weeks = Array.from({ length: DEMO_REQUEST_WEEKS }, (_, i) =>
    addDays(thisWeek, -7 * (DEMO_REQUEST_WEEKS - 1 - i)),
  );
  const counted = new Map(
    (
      await repo.demoRequestsPerWeek(
        db,
        startOfBusinessDate(weeks[0]!, platformTimeZone),
        platformTimeZone,
      )
    ).map((row) => [row.weekStart, row.count]),
  );

  return {
    branches: {
      total: views.length,
      notActiveYet: inState('not_active_yet').length,
      active: active.length,
      expired: inState('expired').length,
      deactivated: inState('deactivated').length,
    },
    renewals: {
      within7Days: renewalWindow(endingWithin(RENEWAL_WINDOWS.soon)),
      within30Days: renewalWindow(endingWithin(RENEWAL_WINDOWS.month)),
      branches: endingWithin(RENEWAL_WINDOWS.month).sort(
        (a, b) =>
          (a.status.daysLeft ?? 0) - (b.status.daysLeft ?? 0) || a.name.localeCompare(b.name),
      ),
    },
    planRevenue: {
      annualRunRatePaise: byPlan.reduce((sum, row) => sum + row.annualRunRatePaise, 0),
      byPlan,
      withoutAmount: active.filter((branch) => planAmount(branch) === null).length,
    },
    demoRequestsByWeek: weeks.map((weekStart) => ({
      weekStart,
      count: counted.get(weekStart) ?? 0,
    })),
  };
}

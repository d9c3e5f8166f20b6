import { and, count, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { owedOfBill } from '../billing/bill-ledger';
import { bills, demoRequests } from '../../db/schema';

/**
 * The dashboards' read model: aggregate SQL over other modules' tables (bills, their lines and
 * payments, demo requests), read only. Figures another module already computes (open tables,
 * low stock, vendor balances, plan states) come from its use cases instead.
 */

/** A sum of paise as a number (PostgreSQL sums integers as bigint). */
const total = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);
const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const sumWhere = (condition: SQL | undefined) =>
  sql<number>`coalesce(sum(${bills.totalPaise}) filter (where ${condition}), 0)`.mapWith(Number);

/**
 * Bills of today and of the same weekday last week, in one pass over the two days' bills:
 * today, last week up to `cutoff` (the same time of day), and last week's whole day; cancelled
 * bills are not sales.
 */
export async function salesOfDays(
  db: DbOrTx,
  branchId: string,
  days: { today: string; lastWeek: string; cutoff: Date },
) {
  const today = eq(bills.businessDate, days.today);
  const lastWeek = eq(bills.businessDate, days.lastWeek);
  const soFar = and(lastWeek, lte(bills.createdAt, days.cutoff));
  const [row] = await db
    .select({
      todaySales: sumWhere(today),
      todayBills: countWhere(today),
      soFarSales: sumWhere(soFar),
      soFarBills: countWhere(soFar),
      fullDaySales: sumWhere(lastWeek),
      fullDayBills: countWhere(lastWeek),
    })
    .from(bills)
    .where(
      and(
        eq(bills.branchId, branchId),
        inArray(bills.businessDate, [days.today, days.lastWeek]),
        // A cancelled bill left the sales figures (docs/gst.md).
        ne(bills.status, 'Cancelled'),
      ),
    );
  return row!;
}

/** Due bills: how many, what is still owed (total less money already received), the oldest. */
export async function duesOutstanding(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({
      count: count(),
      outstandingPaise: total(owedOfBill()),
      oldestAt: sql<Date | null>`min(${bills.createdAt})`.mapWith((value: string | Date | null) =>
        value === null ? null : new Date(value),
      ),
    })
    .from(bills)
    .where(and(eq(bills.branchId, branchId), eq(bills.status, 'Due')));
  return row!;
}

/** Demo requests per week (Monday first) in `timeZone`, since `since` (weeks without any are left out). */
export function demoRequestsPerWeek(db: DbOrTx, since: Date, timeZone: string) {
  const week = sql`date_trunc('week', ${demoRequests.createdAt} at time zone ${timeZone})`;
  return (
    db
      .select({ weekStart: sql<string>`to_char(${week}, 'YYYY-MM-DD')`, count: count() })
      .from(demoRequests)
      .where(gte(demoRequests.createdAt, since))
      // By position: the week's expression carries a bound parameter, so it cannot be repeated.
      .groupBy(sql`1`)
  );
}

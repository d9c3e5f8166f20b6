import { and, between, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billPayments, bills } from '../../db/schema';
import { containsPattern } from '../../lib/sql';

/** Bills of the branch whose business day is in the range and that match the search. */
export interface BillFilter {
  branchId: string;
  from: string;
  to: string;
  search?: string;
}

function matching({ branchId, from, to, search }: BillFilter): SQL {
  const pattern = containsPattern(search);
  return and(
    eq(bills.branchId, branchId),
    between(bills.businessDate, from, to),
    pattern
      ? or(
          ilike(bills.number, pattern),
          ilike(bills.tableLabel, pattern),
          ilike(sql`${bills.method}::text`, pattern),
          ilike(sql`${bills.status}::text`, pattern),
          ilike(bills.responsible, pattern),
        )
      : undefined,
  )!;
}

/**
 * A column of the outer query's `bills`, qualified by the table's name: drizzle writes columns
 * bare when a query has one table, which inside a subquery would mean the subquery's own.
 */
const outer = (column: typeof bills.id | typeof bills.branchId) =>
  sql`${bills}.${sql.identifier(column.name)}`;

/** Money received so far for the bill of the outer query (0 when none). */
export const paidOfBill = sql<number>`coalesce((
  select sum(${billPayments.amountPaise}) from ${billPayments}
  where ${billPayments.branchId} = ${outer(bills.branchId)}
    and ${billPayments.billId} = ${outer(bills.id)}
), 0)`.mapWith(Number);

const rowColumns = {
  id: bills.id,
  number: bills.number,
  businessDate: bills.businessDate,
  createdAt: bills.createdAt,
  tableLabel: bills.tableLabel,
  subtotalPaise: bills.subtotalPaise,
  discountPaise: bills.discountPaise,
  totalPaise: bills.totalPaise,
  paidPaise: paidOfBill,
  method: bills.method,
  status: bills.status,
  responsible: bills.responsible,
};

/** One page of the matching bills, newest first. */
export async function pageOfBills(
  db: DbOrTx,
  filter: BillFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select(rowColumns)
    .from(bills)
    .where(matching(filter))
    .orderBy(desc(bills.createdAt), desc(bills.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Counted and summed in the database: how many bills match, the sum of their totals, and of
 * the Due ones among them.
 */
export async function billSums(db: DbOrTx, filter: BillFilter) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      totalPaise: sql<number>`coalesce(sum(${bills.totalPaise}), 0)`.mapWith(Number),
      dueTotalPaise:
        sql<number>`coalesce(sum(${bills.totalPaise}) filter (where ${bills.status} = 'Due'), 0)`.mapWith(
          Number,
        ),
    })
    .from(bills)
    .where(matching(filter));
  return row!;
}

/**
 * The money received for the matching bills, by method (whenever it came: a due settled on a
 * later day counts for its bill's day), and how much of it went to bills still Due.
 */
export async function receivedByMethod(db: DbOrTx, filter: BillFilter) {
  return db
    .select({
      method: billPayments.method,
      amountPaise: sql<number>`sum(${billPayments.amountPaise})`.mapWith(Number),
      onDuePaise:
        sql<number>`coalesce(sum(${billPayments.amountPaise}) filter (where ${bills.status} = 'Due'), 0)`.mapWith(
          Number,
        ),
    })
    .from(billPayments)
    .innerJoin(
      bills,
      and(eq(bills.branchId, billPayments.branchId), eq(bills.id, billPayments.billId)),
    )
    .where(matching(filter))
    .groupBy(billPayments.method);
}

/**
 * Where a keyset batch starts: after this bill in newest-first order. `createdAt` is the
 * database's own text of the instant (microseconds kept, which a JS Date would round).
 */
export interface BillCursor {
  createdAt: string;
  id: string;
}

/**
 * The matching bills newest first, `limit` at a time after `cursor` (keyset pagination: each
 * batch is an index range, so an export of a year reads in flat memory).
 */
export async function batchOfBills(
  db: DbOrTx,
  filter: BillFilter,
  cursor: BillCursor | undefined,
  limit: number,
) {
  return db
    .select({ ...rowColumns, cursorAt: sql<string>`${bills.createdAt}::text` })
    .from(bills)
    .where(
      and(
        matching(filter),
        cursor
          ? sql`(${bills.createdAt}, ${bills.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(bills.createdAt), desc(bills.id))
    .limit(limit);
}

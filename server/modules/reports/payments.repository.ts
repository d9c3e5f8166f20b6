import { and, between, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { paidOfBill } from '../billing/bill-ledger';
import { bills, dailyBillTotals, dailyReceived } from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import { netSalesAndTax } from './tax.repository';

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
    // Number, table, method, status and responsible, kept in lower case by the database: one
    // test per bill instead of five case-insensitive ones.
    pattern ? sql`${bills.searchText} like lower(${pattern})` : undefined,
  )!;
}

const rowColumns = {
  id: bills.id,
  number: bills.number,
  businessDate: bills.businessDate,
  createdAt: bills.createdAt,
  tableLabel: bills.tableLabel,
  subtotalPaise: bills.subtotalPaise,
  discountPaise: bills.discountPaise,
  totalPaise: bills.totalPaise,
  paidPaise: paidOfBill(),
  paidCashPaise: bills.paidCashPaise,
  paidCardPaise: bills.paidCardPaise,
  paidUpiPaise: bills.paidUpiPaise,
  paidOtherPaise: bills.paidOtherPaise,
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
 * What the matching bills add up to, all summed by the database: how many, their totals, the
 * totals of the Due ones and what came in for those, and the money received per method
 * (whenever it came: a due settled on a later day counts for its bill's day). Without a search
 * it adds up the range's days as kept with every payment and settlement (`daily_bill_totals`,
 * `daily_received`): a few hundred rows for a year instead of its bills.
 */
export async function billSums(db: DbOrTx, filter: BillFilter): Promise<BillSums> {
  return filter.search ? scannedSums(db, filter) : keptSums(db, filter);
}

export interface BillSums {
  /** The bills listed: every matching bill, cancelled ones too (the pages' count). */
  listed: number;
  /** The bills counted in the sums: cancelled bills left the sales figures (docs/gst.md). */
  count: number;
  totalPaise: number;
  dueTotalPaise: number;
  duePaidPaise: number;
  received: { method: PaymentMethod; amountPaise: number }[];
  /** Total − tax − round-off (a bill of before GST billing: its total). */
  netSalesPaise: number;
  /** CGST + SGST. */
  taxPaise: number;
}

/** The column's sum over the rows (of those `where` holds), 0 when none. */
const sumOf = (column: AnyColumn | SQL, where?: SQL) =>
  sql<number>`coalesce(sum(${column})${where ? sql` filter (where ${where})` : sql``}, 0)`.mapWith(
    Number,
  );

async function keptSums(db: DbOrTx, { branchId, from, to }: BillFilter): Promise<BillSums> {
  const [days] = await db
    .select({
      count: sumOf(dailyBillTotals.bills),
      totalPaise: sumOf(dailyBillTotals.totalPaise),
      dueTotalPaise: sumOf(dailyBillTotals.dueTotalPaise),
      duePaidPaise: sumOf(dailyBillTotals.duePaidPaise),
    })
    .from(dailyBillTotals)
    .where(
      and(eq(dailyBillTotals.branchId, branchId), between(dailyBillTotals.businessDate, from, to)),
    );
  const received = await db
    .select({ method: dailyReceived.method, amountPaise: sumOf(dailyReceived.amountPaise) })
    .from(dailyReceived)
    .where(and(eq(dailyReceived.branchId, branchId), between(dailyReceived.businessDate, from, to)))
    .groupBy(dailyReceived.method);
  // The kept totals leave cancelled bills out; the list shows them (few: the status index).
  const [cancelled] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(bills)
    .where(
      and(
        eq(bills.branchId, branchId),
        eq(bills.status, 'Cancelled'),
        between(bills.businessDate, from, to),
      ),
    );
  const listed = days!.count + cancelled!.count;
  return { ...days!, listed, received, ...(await netSalesAndTax(db, { branchId, from, to })) };
}

/**
 * The matching bills' sums in one pass over them (each bill carries its money per method),
 * cancelled bills listed but not summed.
 */
async function scannedSums(db: DbOrTx, filter: BillFilter): Promise<BillSums> {
  const due = eq(bills.status, 'Due');
  const counted = ne(bills.status, 'Cancelled');
  const [row] = await db
    .select({
      listed: sql<number>`count(*)`.mapWith(Number),
      count: sql<number>`count(*) filter (where ${counted})`.mapWith(Number),
      totalPaise: sumOf(bills.totalPaise, counted),
      dueTotalPaise: sumOf(bills.totalPaise, due),
      duePaidPaise: sumOf(paidOfBill(), due),
      cash: sumOf(bills.paidCashPaise, counted),
      card: sumOf(bills.paidCardPaise, counted),
      upi: sumOf(bills.paidUpiPaise, counted),
      other: sumOf(bills.paidOtherPaise, counted),
      taxPaise: sumOf(sql`coalesce(${bills.taxPaise}, 0)`, counted),
      netSalesPaise: sumOf(
        // Outside net sales as the tax report's taxable values leave them: tax, round-off and
        // an equal split's difference (docs/gst.md, "Equal split").
        sql`${bills.totalPaise} - coalesce(${bills.taxPaise}, 0) - coalesce(${bills.roundOffPaise}, 0) - ${bills.splitDifferencePaise}`,
        counted,
      ),
    })
    .from(bills)
    .where(matching(filter));
  const { cash, card, upi, other, ...sums } = row!;
  return {
    ...sums,
    received: [
      { method: 'Cash', amountPaise: cash },
      { method: 'Card', amountPaise: card },
      { method: 'UPI', amountPaise: upi },
      { method: 'Other', amountPaise: other },
    ],
  };
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

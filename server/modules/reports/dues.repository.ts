import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { owedOfBill, paidOfBill } from '../billing/bill-ledger';
import type { DbOrTx } from '../../db/client';
import { bills } from '../../db/schema';
import { containsPattern } from '../../lib/sql';

/** The branch's Due bills whose table, method or responsible person contains `search`. */
function dues(branchId: string, search: string | undefined): SQL {
  const pattern = containsPattern(search);
  return and(
    eq(bills.branchId, branchId),
    eq(bills.status, 'Due'),
    pattern
      ? or(
          ilike(bills.tableLabel, pattern),
          ilike(sql`${bills.method}::text`, pattern),
          ilike(bills.responsible, pattern),
        )
      : undefined,
  )!;
}

/** A page of the Due bills, newest first, each with what it still owes. */
export async function listDues(
  db: DbOrTx,
  branchId: string,
  search: string | undefined,
  { page, pageSize }: { page: number; pageSize: number },
) {
  return db
    .select({
      id: bills.id,
      number: bills.number,
      tableLabel: bills.tableLabel,
      subtotalPaise: bills.subtotalPaise,
      totalPaise: bills.totalPaise,
      paidPaise: paidOfBill(),
      outstandingPaise: owedOfBill(),
      method: bills.method,
      responsible: bills.responsible,
      createdAt: bills.createdAt,
    })
    .from(bills)
    .where(dues(branchId, search))
    .orderBy(desc(bills.createdAt), desc(bills.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/**
 * Who owes how much, on how many bills, since when: the Due bills grouped by responsible
 * person whatever the case of the name ('Ravi' and 'ravi' are one person), largest first.
 */
export async function duesByResponsible(db: DbOrTx, branchId: string, search: string | undefined) {
  const person = sql`lower(${bills.responsible})`;
  return db
    .select({
      responsible: sql<string>`min(${bills.responsible})`,
      billCount: sql<number>`count(*)`.mapWith(Number),
      outstandingPaise: sql<number>`sum(${owedOfBill()})`.mapWith(Number),
      since: sql<Date>`min(${bills.createdAt})`.mapWith(bills.createdAt),
    })
    .from(bills)
    .where(dues(branchId, search))
    .groupBy(person)
    .orderBy(desc(sql`sum(${owedOfBill()})`), person);
}

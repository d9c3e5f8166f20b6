import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DuesSettleMethod } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { PAID_COLUMN, paidColumns } from '../../db/bill-paid';
import { addDailyBillTotals } from '../../db/daily-bill-totals';
import { addDailyItemSales } from '../../db/daily-item-sales';
import {
  auditLog,
  billCounters,
  billLines,
  billPayments,
  bills,
  branches,
  users,
  type NewBill,
  type NewBillLine,
} from '../../db/schema';

type NewBillPayment = typeof billPayments.$inferInsert;

/** The branch's code, zone and printing details (bills print them; settings edit them). */
export async function findBranch(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({
      code: branches.code,
      name: branches.name,
      address: branches.address,
      phone: branches.phone,
      gstin: branches.gstin,
      timeZone: branches.timeZone,
    })
    .from(branches)
    .where(eq(branches.id, branchId));
  return row;
}

export async function updateBranchSettings(
  db: DbOrTx,
  branchId: string,
  values: { name: string; address: string; phone: string; gstin: string | null; timeZone: string },
) {
  await db.update(branches).set(values).where(eq(branches.id, branchId));
}

export async function billIdByKey(db: DbOrTx, branchId: string, idempotencyKey: string) {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.branchId, branchId), eq(bills.idempotencyKey, idempotencyKey)));
  return row?.id;
}

/** The table's most recent bill (number, amount, when), or undefined if it never had one. */
export async function lastBillOfTable(db: DbOrTx, branchId: string, tableId: string) {
  const [row] = await db
    .select({
      id: bills.id,
      number: bills.number,
      totalPaise: bills.totalPaise,
      status: bills.status,
      createdAt: bills.createdAt,
    })
    .from(bills)
    .where(and(eq(bills.branchId, branchId), eq(bills.tableId, tableId)))
    .orderBy(desc(bills.createdAt), desc(bills.id))
    .limit(1);
  return row;
}

/**
 * The next bill number of the branch's financial year. The counter row stays locked until the
 * transaction ends: payments take numbers one after the other, and a rollback gives it back.
 */
export async function takeBillNumber(db: DbOrTx, branchId: string, financialYear: string) {
  const [row] = await db
    .insert(billCounters)
    .values({ branchId, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [billCounters.branchId, billCounters.financialYear],
      set: { lastNumber: sql`${billCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: billCounters.lastNumber });
  return row!.lastNumber;
}

export async function insertBill(
  db: DbOrTx,
  bill: NewBill & { id: string },
  lines: NewBillLine[],
  payments: NewBillPayment[],
) {
  await db.insert(bills).values({ ...bill, ...paidColumns(payments) });
  await db.insert(billLines).values(lines);
  await addDailyItemSales(db, bill.branchId, [bill.id]);
  if (payments.length > 0) await db.insert(billPayments).values(payments);
  await addDailyBillTotals(db, bill.branchId, [bill.id]);
}

const creator = alias(users, 'creator');

/** A bill with its lines and payments (and the names of who billed and who took the money). */
export async function findBill(db: DbOrTx, branchId: string, id: string) {
  const [bill] = await db
    .select({
      id: bills.id,
      number: bills.number,
      businessDate: bills.businessDate,
      tableId: bills.tableId,
      tableLabel: bills.tableLabel,
      subtotalPaise: bills.subtotalPaise,
      discountBps: bills.discountBps,
      discountPaise: bills.discountPaise,
      totalPaise: bills.totalPaise,
      status: bills.status,
      method: bills.method,
      responsible: bills.responsible,
      createdAt: bills.createdAt,
      createdBy: creator.name,
    })
    .from(bills)
    .leftJoin(creator, eq(creator.id, bills.createdBy))
    .where(and(eq(bills.branchId, branchId), eq(bills.id, id)));
  if (!bill) return undefined;
  const [lines, payments] = await Promise.all([
    db
      .select({
        productId: billLines.productId,
        name: billLines.name,
        subcategory: billLines.subcategory,
        unitPricePaise: billLines.unitPricePaise,
        quantity: billLines.quantity,
        lineTotalPaise: billLines.lineTotalPaise,
      })
      .from(billLines)
      .where(and(eq(billLines.branchId, branchId), eq(billLines.billId, id)))
      .orderBy(asc(billLines.id)),
    db
      .select({
        id: billPayments.id,
        method: billPayments.method,
        amountPaise: billPayments.amountPaise,
        receivedAt: billPayments.receivedAt,
        receivedBy: users.name,
      })
      .from(billPayments)
      .leftJoin(users, eq(users.id, billPayments.receivedBy))
      .where(and(eq(billPayments.branchId, branchId), eq(billPayments.billId, id)))
      .orderBy(asc(billPayments.receivedAt), asc(billPayments.id)),
  ]);
  return { ...bill, lines, payments };
}

/**
 * A bill's status, method and total, its row locked until the transaction ends: settlements of
 * one bill wait here for each other, so only the first finds it Due.
 */
export async function lockBill(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select({ status: bills.status, method: bills.method, totalPaise: bills.totalPaise })
    .from(bills)
    .where(and(eq(bills.branchId, branchId), eq(bills.id, id)))
    .for('update');
  return row;
}

/** The money received for a bill so far. */
export async function paidPaise(db: DbOrTx, branchId: string, billId: string) {
  const [row] = await db
    .select({ paid: sql<number>`coalesce(sum(${billPayments.amountPaise}), 0)`.mapWith(Number) })
    .from(billPayments)
    .where(and(eq(billPayments.branchId, branchId), eq(billPayments.billId, billId)));
  return row!.paid;
}

/**
 * Marks a bill Settled by `method`; the rest of its money, `owedPaise` (if any), comes in by
 * that method as one more payment row and onto the bill's paid column. Its day's totals take it
 * out as it was and add it back as it is.
 */
export async function markSettled(
  db: DbOrTx,
  values: { branchId: string; id: string; method: DuesSettleMethod; at: Date; by: string },
  owedPaise: number,
) {
  const { branchId, id, method, at, by } = values;
  await addDailyBillTotals(db, branchId, [id], -1);
  const paid = PAID_COLUMN[method];
  await db
    .update(bills)
    .set({
      status: 'Settled',
      method,
      settledAt: at,
      settledBy: by,
      [paid]: sql`${bills[paid]} + ${owedPaise}`,
    })
    .where(and(eq(bills.branchId, branchId), eq(bills.id, id)));
  if (owedPaise > 0) {
    await db.insert(billPayments).values({
      branchId,
      billId: id,
      method,
      amountPaise: owedPaise,
      receivedAt: at,
      receivedBy: by,
    });
  }
  await addDailyBillTotals(db, branchId, [id]);
}

/** The audit trail of one bill, oldest first, with the names of who did each change. */
export async function billAuditTrail(db: DbOrTx, branchId: string, billId: string) {
  return db
    .select({
      action: auditLog.action,
      data: auditLog.data,
      at: auditLog.createdAt,
      by: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.branchId, branchId),
        eq(auditLog.entity, 'bill'),
        eq(auditLog.entityId, billId),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedStatement, type DbOrTx } from '../../db/client';
import {
  auditLog,
  billLines,
  billPayments,
  bills,
  branches,
  taxProfiles,
  users,
} from '../../db/schema';
import type { OrderRow } from '../tables/tables.usecases';
import { owedOfBill } from './bill-ledger';

/**
 * What a payment reads, in one statement (one round trip, one snapshot): the table's open order
 * (tables' open_order_json: null for a table that is not a live one of the branch), the
 * branch's tax profile (the newest row, as
 * JSON in the table's column names; null when it has none yet), the paying user's name (the
 * bill's answer names them), and the bill already made with this idempotency key, if any.
 */
const paymentContextStatement = preparedStatement<{
  order: OrderRow | null;
  profile: Record<string, unknown> | null;
  userName: string | null;
  earlierBillId: string | null;
  earlierTableId: string | null;
}>(
  'billing_payment_context',
  sql`
    select
      open_order_json(br.id, ${sql.placeholder('tableId')}::uuid) as "order",
      (select row_to_json(p) from ${taxProfiles} p
        where p.branch_id = br.id order by p.created_at desc, p.id desc limit 1) as "profile",
      (select u.name from ${users} u where u.id = ${sql.placeholder('userId')}::uuid) as "userName",
      e.id as "earlierBillId", e.table_id as "earlierTableId"
    from ${branches} br
    left join ${bills} e on e.branch_id = br.id
      and e.idempotency_key = ${sql.placeholder('idempotencyKey')}::text
    where br.id = ${sql.placeholder('branchId')}::uuid`,
);

export async function paymentContext(
  db: DbOrTx,
  branchId: string,
  userId: string,
  tableId: string,
  idempotencyKey: string,
) {
  const [row] = await paymentContextStatement(db, { branchId, userId, tableId, idempotencyKey });
  return row!;
}

/** The bill made with this key, and its table. */
export async function billIdByKey(db: DbOrTx, branchId: string, idempotencyKey: string) {
  const [row] = await db
    .select({ id: bills.id, tableId: bills.tableId })
    .from(bills)
    .where(and(eq(bills.branchId, branchId), eq(bills.idempotencyKey, idempotencyKey)));
  return row;
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

const creator = alias(users, 'creator');
const canceller = alias(users, 'canceller');

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
      discountFlatPaise: bills.discountFlatPaise,
      totalPaise: bills.totalPaise,
      status: bills.status,
      method: bills.method,
      responsible: bills.responsible,
      createdAt: bills.createdAt,
      createdBy: creator.name,
      guests: bills.guests,
      splitPart: bills.splitPart,
      splitParts: bills.splitParts,
      splitTotalPaise: bills.splitTotalPaise,
      splitDifferencePaise: bills.splitDifferencePaise,
      taxProfileId: bills.taxProfileId,
      taxRegime: bills.taxRegime,
      pricesIncludeTax: bills.pricesIncludeTax,
      taxablePaise: bills.taxablePaise,
      nonGstPaise: bills.nonGstPaise,
      serviceChargeBps: bills.serviceChargeBps,
      serviceChargePaise: bills.serviceChargePaise,
      serviceChargeRateBps: bills.serviceChargeRateBps,
      serviceChargeTaxPaise: bills.serviceChargeTaxPaise,
      cgstPaise: bills.cgstPaise,
      sgstPaise: bills.sgstPaise,
      taxPaise: bills.taxPaise,
      roundOffPaise: bills.roundOffPaise,
      buyerName: bills.buyerName,
      buyerGstin: bills.buyerGstin,
      buyerAddress: bills.buyerAddress,
      cancelledAt: bills.cancelledAt,
      cancelledBy: canceller.name,
      cancelReason: bills.cancelReason,
    })
    .from(bills)
    .leftJoin(creator, eq(creator.id, bills.createdBy))
    .leftJoin(canceller, eq(canceller.id, bills.cancelledBy))
    .where(and(eq(bills.branchId, branchId), eq(bills.id, id)));
  if (!bill) return undefined;
  const [lines, payments] = await Promise.all([
    db
      .select({
        productId: billLines.productId,
        name: billLines.name,
        variantId: billLines.variantId,
        variantName: billLines.variantName,
        addons: billLines.addons,
        note: billLines.note,
        subcategory: billLines.subcategory,
        unitPricePaise: billLines.unitPricePaise,
        quantity: billLines.quantity,
        lineTotalPaise: billLines.lineTotalPaise,
        hsn: billLines.hsn,
        gstRateBps: billLines.gstRateBps,
        outsideGst: billLines.outsideGst,
        discountPaise: billLines.discountPaise,
        taxablePaise: billLines.taxablePaise,
        cgstPaise: billLines.cgstPaise,
        sgstPaise: billLines.sgstPaise,
        shareOf: billLines.shareOf,
        sharePart: billLines.sharePart,
        wholeQuantity: billLines.wholeQuantity,
        complimentaryReason: billLines.complimentaryReason,
        complimentaryValuePaise: billLines.complimentaryValuePaise,
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
 * A bill's status, method and what it still owes, its row locked until the transaction ends:
 * settlements of one bill wait here for each other, so only the first finds it Due.
 */
export async function lockBill(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select({ status: bills.status, method: bills.method, owedPaise: owedOfBill() })
    .from(bills)
    .where(and(eq(bills.branchId, branchId), eq(bills.id, id)))
    .for('update');
  return row;
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

/**
 * The branch's bills of one business day, newest first, at most `limit` (+1, so the caller can
 * tell there were more): what the billing screen lists for a reprint.
 */
export async function billsOfDay(db: DbOrTx, branchId: string, day: string, limit: number) {
  return db
    .select({
      id: bills.id,
      number: bills.number,
      tableLabel: bills.tableLabel,
      totalPaise: bills.totalPaise,
      status: bills.status,
      createdAt: bills.createdAt,
    })
    .from(bills)
    .where(and(eq(bills.branchId, branchId), eq(bills.businessDate, day)))
    .orderBy(desc(bills.createdAt), desc(bills.id))
    .limit(limit + 1);
}

/** The bills made with these idempotency keys, in the keys' order (an equal split's parts). */
export async function billIdsByKeys(db: DbOrTx, branchId: string, keys: readonly string[]) {
  const rows = await db
    .select({ id: bills.id, key: bills.idempotencyKey })
    .from(bills)
    .where(and(eq(bills.branchId, branchId), inArray(bills.idempotencyKey, [...keys])));
  const byKey = new Map(rows.map((row) => [row.key, row.id]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

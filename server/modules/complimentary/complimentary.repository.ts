import { and, between, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { billLines, bills } from '../billing/billing.tables';
import { users } from '../users/users.tables';
import { complimentarySettings } from './complimentary.tables';

export async function findSettings(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({
      reasons: complimentarySettings.reasons,
      limitPaise: complimentarySettings.limitPaise,
    })
    .from(complimentarySettings)
    .where(eq(complimentarySettings.branchId, branchId));
  return row ?? null;
}

export async function saveSettings(
  db: DbOrTx,
  branchId: string,
  settings: { reasons: string[]; limitPaise: number },
) {
  await db
    .insert(complimentarySettings)
    .values({ branchId, ...settings })
    .onConflictDoUpdate({
      target: complimentarySettings.branchId,
      set: { ...settings, updatedAt: sql`now()` },
    });
}

const marker = alias(users, 'marker');
const approver = alias(users, 'approver');

/**
 * The complimentary lines of the branch's bills of business days from..to (cancelled bills
 * left out), by reason, who marked them and who approved them: items, menu value, bills.
 */
export function complimentaryByReason(
  db: DbOrTx,
  range: { branchId: string; from: string; to: string },
) {
  return db
    .select({
      reason: billLines.complimentaryReason,
      by: marker.name,
      approvedBy: approver.name,
      items: sql<number>`sum(${billLines.quantity})::int`,
      valuePaise: sql<number>`sum(${billLines.complimentaryValuePaise})::bigint::int`,
      bills: sql<number>`count(distinct ${billLines.billId})::int`,
    })
    .from(billLines)
    .innerJoin(bills, and(eq(bills.branchId, billLines.branchId), eq(bills.id, billLines.billId)))
    .leftJoin(marker, eq(marker.id, billLines.complimentaryBy))
    .leftJoin(approver, eq(approver.id, billLines.complimentaryApprovedBy))
    .where(
      and(
        eq(billLines.branchId, range.branchId),
        between(billLines.businessDate, range.from, range.to),
        isNotNull(billLines.complimentaryReason),
        sql`${bills.cancelledAt} is null`,
      ),
    )
    .groupBy(billLines.complimentaryReason, marker.name, approver.name)
    .orderBy(
      sql`sum(${billLines.complimentaryValuePaise}) desc`,
      billLines.complimentaryReason,
      marker.name,
    );
}

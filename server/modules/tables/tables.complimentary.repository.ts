import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orderOps, tables } from './tables.tables';

/** Records a change's op id; false when it was recorded before (the change is a replay). */
export async function recordOp(db: DbOrTx, branchId: string, opId: string, at: Date) {
  const rows = await db
    .insert(orderOps)
    .values({ branchId, opId, createdAt: at })
    .onConflictDoNothing()
    .returning({ opId: orderOps.opId });
  return rows.length === 1;
}

/** Sets how many of a line are complimentary, why, and who marked and approved it. */
export async function setComplimentary(
  db: DbOrTx,
  line: {
    branchId: string;
    tableId: string;
    key: string;
    quantity: number;
    reason: string | null;
    by: string | null;
    approvedBy: string | null;
    at: Date;
  },
) {
  await db
    .update(orderLines)
    .set({
      complimentaryQuantity: line.quantity,
      complimentaryReason: line.reason,
      complimentaryBy: line.by,
      complimentaryApprovedBy: line.approvedBy,
      updatedAt: line.at,
    })
    .where(
      and(
        eq(orderLines.branchId, line.branchId),
        eq(orderLines.tableId, line.tableId),
        eq(orderLines.lineKey, line.key),
      ),
    );
}

/** The table's version up: a payment dialog open on the order before sees it changed. */
export async function bumpVersion(db: DbOrTx, branchId: string, tableId: string) {
  await db
    .update(tables)
    .set({ version: sql`${tables.version} + 1` })
    .where(and(eq(tables.branchId, branchId), eq(tables.id, tableId)));
}

import { z } from 'zod';
import { PAYMENT_METHODS, BILL_STATUSES, type DuesSettleMethod } from '../../../shared/constants';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type {
  AssociatedOrders,
  BillHistoryEntry,
  BillState,
} from '../../../shared/schemas/payments-report.schemas';
import { businessDate } from '../../../shared/dates';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Actor, SessionBranch } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { publishBranchEvent } from '../../lib/events';
import { recordSettlement } from './bill-ledger';
import { BILL_CANCEL } from './billing.cancel.usecases';
import { billNotFound } from './billing.errors';
import * as repo from './billing.repository';
import { assertMayRead, readBill } from './billing.usecases';

/** The audit action of a later change of a bill's status or method. */
export const BILL_STATUS_CHANGE = 'bill.status_change';

/**
 * Settles a Due bill (dues popup, payment report's Yes): in ONE transaction the bill row is
 * locked, and if it is still Due it becomes Settled with `method`, settled now by the caller;
 * what it still owed (total minus what was already received) is one more payment row by
 * `method` (none for a ₹0 due); the change (from, to) goes to the audit trail and the branch's
 * devices are told. A bill that is not Due is left as it is (the spec: other statuses are left
 * unchanged), so a retried or parallel request applies once: the others wait on the lock, then
 * find it Settled. Answers the bill as it now is, and whether this call changed it.
 */
export async function settleBill({
  db,
  clock,
  branchId,
  userId,
  id,
  method,
  shiftId = null,
}: Actor & {
  id: string;
  method: DuesSettleMethod;
  /** The drawer shift the device works at (docs/cash.md). */
  shiftId?: string | null;
}): Promise<{ bill: Bill; changed: boolean }> {
  return db.transaction(async (tx) => {
    const before = await repo.lockBill(tx, branchId, id);
    if (!before) throw billNotFound();
    if (before.status !== 'Due') return { bill: await readBill(tx, branchId, id), changed: false };

    const now = clock();
    const owed = before.owedPaise;
    await recordSettlement(tx, { branchId, id, method, at: now, by: userId, shiftId }, owed);
    await recordAudit(tx, {
      branchId,
      userId,
      action: BILL_STATUS_CHANGE,
      entity: 'bill',
      entityId: id,
      data: {
        from: { status: before.status, method: before.method },
        to: { status: 'Settled', method },
        amountPaise: owed,
      },
      at: now,
    });
    await publishBranchEvent(tx, branchId, { type: 'bill.settled', billId: id });
    return { bill: await readBill(tx, branchId, id), changed: true };
  });
}

const stateSchema = z.object({
  status: z.enum(BILL_STATUSES),
  method: z.enum(PAYMENT_METHODS).nullish(),
});
const changeSchema = z.object({ from: stateSchema, to: stateSchema });

const state = (value: z.infer<typeof stateSchema>): BillState => ({
  status: value.status,
  method: value.method ?? null,
});

/**
 * One audit row as a history entry: the payment that made the bill ('bill.settle',
 * 'bill.due') or a later change (a settlement, a change of status, a cancellation); other
 * rows (none today) and unreadable data are left out.
 */
function historyEntry(
  row: Awaited<ReturnType<typeof repo.billAuditTrail>>[number],
): BillHistoryEntry | null {
  const common = { at: row.at.toISOString(), by: row.by };
  if (row.action === 'bill.settle' || row.action === 'bill.due') {
    const parsed = stateSchema.safeParse(row.data);
    if (!parsed.success) return null;
    return { ...common, kind: 'billed', from: null, to: state(parsed.data) };
  }
  if (row.action === BILL_STATUS_CHANGE || row.action === BILL_CANCEL) {
    const parsed = changeSchema.safeParse(row.data);
    if (!parsed.success) return null;
    return {
      ...common,
      kind: 'status_change',
      from: state(parsed.data.from),
      to: state(parsed.data.to),
    };
  }
  return null;
}

/**
 * A bill's 'Associated Orders' panel: its lines, the money received (method, amount, when, by
 * whom) and every change of its status or method (who, when, from, to), oldest first.
 */
export async function associatedOrders({
  db,
  clock,
  branchId,
  timeZone,
  id,
  anyDay,
}: SessionBranch & {
  db: DbOrTx;
  clock: Clock;
  id: string;
  /** As GET /api/bills/:id: managers any day, staff today's bills and dues (assertMayRead). */
  anyDay: boolean;
}): Promise<AssociatedOrders> {
  const [bill, trail] = await Promise.all([
    readBill(db, branchId, id),
    repo.billAuditTrail(db, branchId, id),
  ]);
  assertMayRead(bill, anyDay, businessDate(clock(), timeZone));
  const history = trail
    .map(historyEntry)
    .filter((entry): entry is BillHistoryEntry => entry !== null);
  return { bill, history };
}

import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { publishBranchEvent } from '../../lib/events';
import { returnTooLargeOf } from '../inventory/inventory.usecases';
import { recordCancellation } from './bill-ledger';
import { billNotFound } from './billing.errors';
import * as repo from './billing.repository';
import { readBill } from './billing.usecases';

/** The audit action of a cancelled bill. */
export const BILL_CANCEL = 'bill.cancel';

export const CANCEL_MESSAGES = {
  alreadyCancelled: (reason: string) => `This bill was already cancelled: ${reason}`,
} as const;

/** 409: the bill was cancelled before, for another reason. */
export const alreadyCancelled = (reason: string) =>
  conflict('billing.bill_cancelled', CANCEL_MESSAGES.alreadyCancelled(reason));

/**
 * Cancels a paid or due bill (docs/gst.md, "Cancelling a bill"), in ONE transaction: the bill
 * row is locked (parallel cancellations wait here for each other), the bill leaves the per-day
 * totals and becomes Cancelled with who, when and why, its money goes out as refund rows by
 * method and its ingredients come back to stock (bill-ledger.ts recordCancellation), the audit
 * trail records it ('bill.cancel': reason, status before, refunds) and the branch's devices are
 * told. A bill already Cancelled for the same reason is answered as it is (a retried or parallel
 * request applies once); for another reason, 409. Answers the bill and whether this call
 * cancelled it.
 */
export async function cancelBill({
  db,
  clock,
  branchId,
  userId,
  id,
  reason,
  shiftId = null,
}: Actor & {
  id: string;
  reason: string;
  /** The drawer shift the device works at: cash refunds come out of it (docs/cash.md). */
  shiftId?: string | null;
}): Promise<{ bill: Bill; changed: boolean }> {
  return db
    .transaction(async (tx) => {
      const before = await repo.lockBill(tx, branchId, id);
      if (!before) throw billNotFound();
      if (before.status === 'Cancelled') {
        const bill = await readBill(tx, branchId, id);
        const earlier = bill.cancellation?.reason ?? '';
        if (earlier !== reason) throw alreadyCancelled(earlier);
        return { bill, changed: false };
      }

      const now = clock();
      const { refunds, stockReturned } = await recordCancellation(tx, {
        branchId,
        id,
        reason,
        at: now,
        by: userId,
        shiftId,
      });
      await recordAudit(tx, {
        branchId,
        userId,
        action: BILL_CANCEL,
        entity: 'bill',
        entityId: id,
        data: {
          reason,
          from: { status: before.status, method: before.method },
          to: { status: 'Cancelled', method: before.method },
          refunds,
        },
        at: now,
      });
      await publishBranchEvent(tx, branchId, { type: 'bill.cancelled', billId: id });
      if (stockReturned) await publishBranchEvent(tx, branchId, { type: 'stock.changed' });
      return { bill: await readBill(tx, branchId, id), changed: true };
    })
    .catch((error: unknown) => {
      throw returnTooLargeOf(error) ?? error;
    });
}

/**
 * Closing a drawer's shift with its count (docs/cash.md): the expected cash added up under the
 * shift's row lock, the difference, and a manager's approval above the branch's limit. Staff
 * count blind: a refusal tells them only that a manager must approve, never a figure.
 */
import { countTotalPaise, expectedCashPaise, needsApproval } from '../../../shared/cash';
import type { CloseShiftBody, Shift } from '../../../shared/schemas/cash.schemas';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import type { Mailer } from '../../mail/mailer';
import { publishBranchEvent } from '../../lib/events';
import { checkPin } from '../auth/auth.usecases';
import { approvalNeeded, shiftNotFound } from './cash.errors';
import { getCashSettings, oneShift } from './cash.usecases';
import * as repo from './cash.repository';

/**
 * Closes a shift with its count: the expected cash is added up under the shift's row lock (cash
 * in flight lands before or in no shift), set against the count, and frozen with the difference
 * and the note. A difference above the branch's limit needs a manager: one closing it approves
 * it; staff send a manager's id and PIN (checked as a void's, with its lockout, counted per
 * person and device). A count refused for want of an approval is kept in the audit trail
 * (`shift.count_refused`: counted, expected, difference), as is every close (`shift.close`,
 * with its approver). A closed shift answers as it is (a retry), whatever the request.
 */
export async function closeShift({
  db,
  clock,
  branchId,
  userId,
  sessionId,
  mailer,
  shiftId,
  input,
  isManager,
}: Actor & {
  sessionId: string;
  mailer?: Mailer;
  shiftId: string;
  input: CloseShiftBody;
  isManager: boolean;
}): Promise<Shift> {
  const countedPaise = countTotalPaise(input.closingCount);
  const limit = (await getCashSettings({ db, branchId })).differenceLimitPaise;
  // Whether an approval is needed is known only under the lock; a PIN is checked (and its
  // failures counted) in a transaction of its own first, when one is sent.
  let approver: string | null = isManager ? userId : null;
  if (!approver && input.approval) {
    approver = (
      await checkPin({
        db,
        clock,
        branchId,
        userId,
        sessionId,
        mailer,
        managerId: input.approval.managerId,
        pin: input.approval.pin,
      })
    ).id;
  }
  const refused = await db.transaction(async (tx) => {
    const shift = await repo.lockShift(tx, branchId, shiftId, 'update');
    if (!shift) throw shiftNotFound();
    if (shift.closed) return null;
    const movements = await repo.movementsOf(tx, branchId, shiftId);
    const expectedPaise = expectedCashPaise({ floatPaise: shift.floatPaise, ...movements });
    const differencePaise = countedPaise - expectedPaise;
    const needed = needsApproval(differencePaise, limit);
    const now = clock();
    if (needed && !approver) {
      // Kept (this transaction commits), then refused: a manager reads every refused count.
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'shift.count_refused',
        entity: 'shift',
        entityId: shiftId,
        data: { countedPaise, expectedPaise, differencePaise, limitPaise: limit },
        at: now,
      });
      return approvalNeeded(differencePaise, limit, !isManager);
    }
    await repo.closeShift(tx, branchId, shiftId, {
      closedAt: now,
      closedBy: userId,
      closingCount: input.closingCount,
      countedPaise,
      ...movements,
      expectedPaise,
      differencePaise,
      note: input.note ?? '',
      approvedBy: needed ? approver : null,
    });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'shift.close',
      entity: 'shift',
      entityId: shiftId,
      data: { countedPaise, expectedPaise, differencePaise, approvedBy: needed ? approver : null },
      at: now,
    });
    await publishBranchEvent(tx, branchId, {
      type: 'cash.changed',
      businessDate: shift.business_date,
    });
    return null;
  });
  if (refused) throw refused;
  return oneShift(db, branchId, shiftId, true);
}

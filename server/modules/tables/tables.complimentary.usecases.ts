import { complimentaryValuePaise } from '../../../shared/complimentary';
import { formatInr } from '../../../shared/money';
import type { ComplimentaryBody } from '../../../shared/schemas/complimentary.schemas';
import type { OrderLine, TableOrder } from '../../../shared/schemas/tables.schemas';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../mail/mailer';
import { publishBranchEvent } from '../../lib/events';
import { complimentarySettingsOf } from '../complimentary/complimentary.usecases';
import { checkPin } from '../auth/auth.usecases';
import * as repo from './tables.complimentary.repository';
import {
  complimentaryApprovalRequired,
  complimentaryLineGone,
  complimentaryReasonUnknown,
  complimentaryTooMany,
  tableNotFound,
} from './tables.errors';
import { findTable } from './tables.repository';
import { tableOrder } from './tables.usecases';

type Marks = ComplimentaryBody['lines'];

/** The order's lines with the marks applied (what the order would be). */
function marked(order: TableOrder, marks: Marks, reason: string | undefined): OrderLine[] {
  const byKey = new Map(marks.map((mark) => [mark.key, mark.quantity]));
  return order.lines.map((line) => {
    const quantity = byKey.get(line.key);
    if (quantity === undefined) return line;
    return {
      ...line,
      complimentary: quantity > 0 ? { quantity, reason: reason ?? '' } : null,
    };
  });
}

/** Every mark names a line of the order, within its quantity: else 409 or 400 naming it. */
function checkMarks(order: TableOrder, marks: Marks) {
  marks.forEach((mark, index) => {
    const line = order.lines.find((one) => one.key === mark.key);
    if (!line) throw complimentaryLineGone();
    if (mark.quantity > line.quantity) throw complimentaryTooMany(index, line.name, line.quantity);
  });
}

/**
 * Complimentary items on an open order (docs/complimentary.md), exactly once per opId:
 * 1. what needs no PIN first, so a slip never costs a manager a try: the table (404 for another
 *    branch's), the reason (one of the branch's), each line on the order within its quantity;
 * 2. when the order's complimentary items would come to more than the branch's limit (at menu
 *    prices) and more than before, staff need a manager's approval: the PIN is checked in its own
 *    transaction with its failure count (auth.pin.usecases); a manager approves their own;
 * 3. one transaction under the table's row lock (as every change of the order): the op id (a
 *    replay answers the order as it is), the lines and the limit again, each line's
 *    complimentary quantity, reason, who marked and who approved, the version up (a payment
 *    dialog open meanwhile sees the order changed), the audit, `table.changed`.
 * Answers the order after it.
 */
export async function markComplimentary({
  db,
  clock,
  branchId,
  userId,
  sessionId,
  mailer,
  mayApprove,
  tableId,
  body,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
  /** The device's session: wrong PINs are counted per person and device. */
  sessionId: string;
  mailer?: Mailer;
  /** A manager: approves their own complimentary items. */
  mayApprove: boolean;
  tableId: string;
  body: ComplimentaryBody;
}): Promise<TableOrder> {
  const settings = await complimentarySettingsOf(db, branchId);
  if (body.reason !== undefined && !settings.reasons.includes(body.reason)) {
    throw complimentaryReasonUnknown();
  }
  const needsApproval = (order: TableOrder) => {
    const before = complimentaryValuePaise(order.lines.map(withComplimentary));
    const after = complimentaryValuePaise(
      marked(order, body.lines, body.reason).map(withComplimentary),
    );
    return !mayApprove && after > settings.limitPaise && after > before;
  };
  const seen = await tableOrder(db, branchId, tableId);
  checkMarks(seen, body.lines);
  let manager: { id: string; name: string } | null = null;
  if (needsApproval(seen)) {
    if (body.managerId === undefined || body.pin === undefined) {
      throw complimentaryApprovalRequired(formatInr(settings.limitPaise));
    }
    manager = await checkPin({
      db,
      clock,
      branchId,
      userId,
      sessionId,
      mailer,
      managerId: body.managerId,
      pin: body.pin,
    });
  }
  return db.transaction(async (tx) => {
    const table = await findTable(tx, branchId, tableId, true);
    if (!table) throw tableNotFound();
    const at = clock();
    if (!(await repo.recordOp(tx, branchId, body.opId, at)))
      return tableOrder(tx, branchId, tableId);
    const order = await tableOrder(tx, branchId, tableId);
    checkMarks(order, body.lines);
    if (needsApproval(order) && !manager) {
      throw complimentaryApprovalRequired(formatInr(settings.limitPaise));
    }
    const changes = [];
    for (const mark of body.lines) {
      const line = order.lines.find((one) => one.key === mark.key)!;
      const given = mark.quantity > 0;
      await repo.setComplimentary(tx, {
        branchId,
        tableId,
        key: mark.key,
        quantity: mark.quantity,
        reason: given ? body.reason! : null,
        by: given ? userId : null,
        approvedBy: given ? (manager?.id ?? null) : null,
        at,
      });
      changes.push({
        name: line.name,
        from: line.complimentary?.quantity ?? 0,
        to: mark.quantity,
        valuePaise: line.unitPricePaise * mark.quantity,
      });
    }
    await repo.bumpVersion(tx, branchId, tableId);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'order.complimentary',
      entity: 'table',
      entityId: tableId,
      data: {
        tableLabel: table.label,
        reason: body.reason ?? null,
        lines: changes,
        approvedBy: manager?.id ?? null,
      },
      at,
    });
    await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId });
    return tableOrder(tx, branchId, tableId);
  });
}

const withComplimentary = (line: OrderLine) => ({
  unitPricePaise: line.unitPricePaise,
  quantity: line.quantity,
  complimentary: line.complimentary ?? null,
});

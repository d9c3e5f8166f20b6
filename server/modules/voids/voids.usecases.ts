// Voids (docs/kitchen.md, "Voids"): an item the kitchen was sent, taken off a table's order with
// a manager's PIN and a reason from the branch's list; the kitchen is told at once by a KOT
// whose item is CANCELLED.
import { businessDate } from '../../../shared/dates';
import type {
  ApproverList,
  VoidAnswer,
  VoidBody,
  VoidRecord,
} from '../../../shared/schemas/voids.schemas';
import type { Db, DbOrTx } from '../../db/client';
import type { Void } from './voids.tables';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../mail/mailer';
import { publishBranchEvent } from '../../lib/events';
import { checkPin, pinApprovers } from '../auth/auth.usecases';
import { getKitchenSettings } from '../kitchen/kitchen.settings.usecases';
import {
  beginTableOperation,
  getTableOrder,
  lockTableOrder,
  recordTableOperation,
  takeTableLines,
} from '../tables/tables.usecases';
import { tableNotFound } from '../tables/tables.errors';
import { opIdUsed, voidLineNotFound, voidMoreThanSent, voidReasonUnknown } from './voids.errors';
import { writeVoidKot } from './voids.kot';
import * as repo from './voids.repository';

/** The reasons a void of this branch may give: the kitchen settings' list. */
async function branchVoidReasons(db: Db, branchId: string): Promise<string[]> {
  return (await getKitchenSettings({ db, branchId })).voidReasons;
}

/** The approval dialog's choices: the branch's managers with a PIN, and its void reasons. */
export async function listApprovers({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<ApproverList> {
  const [items, reasons] = await Promise.all([
    pinApprovers({ db, branchId }),
    branchVoidReasons(db, branchId),
  ]);
  return { items, reasons };
}

export function voidView(row: Void): VoidRecord {
  return {
    id: row.id,
    tableId: row.tableId,
    tableLabel: row.tableLabel,
    kotId: row.kotId,
    productId: row.productId,
    lineKey: row.lineKey,
    name: row.name,
    quantity: row.quantity,
    unitPricePaise: row.unitPricePaise,
    valuePaise: row.valuePaise,
    reason: row.reason,
    requestedByName: row.requestedByName,
    approvedByName: row.approvedByName,
    businessDate: row.businessDate,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A void made before (a retry of its opId): it, and its table's order as it is now (read under
 * the table's lock when `tx` holds it, else as it stands).
 */
async function answerOf(tx: DbOrTx | null, db: Db, branchId: string, row: Void) {
  const order = tx
    ? await lockTableOrder(tx, branchId, row.tableId)
    : await getTableOrder({ db, branchId, tableId: row.tableId });
  return { void: voidView(row), order } satisfies VoidAnswer;
}

/** The line and quantity a void names, checked against the order (read again under the lock). */
async function sentLine(db: DbOrTx, branchId: string, tableId: string, body: VoidBody) {
  const line = await repo.findLine(db, branchId, tableId, body.lineKey);
  if (!line) throw voidLineNotFound();
  if (body.quantity > line.sentQuantity) throw voidMoreThanSent(line.name, line.sentQuantity);
  return line;
}

/**
 * Takes `quantity` of a sent line off a table's order, exactly once per `opId` (the void's id):
 * 1. what needs no PIN is checked first, so a slip never costs the manager a try: the table
 *    (404 for another branch's), the reason (one of the branch's), the line and the quantity
 *    (at most what the kitchen was sent: the rest is a plain take-off); a void already made
 *    with this opId is answered as it was;
 * 2. the manager's PIN, in a transaction of its own with its failure count (auth.pin.usecases);
 * 3. one transaction under the table's row lock (the lock taps and payments take): the opId
 *    again (a parallel retry waited here), the line and quantity again, the line's quantity and
 *    sent quantity down (deleted at zero), the table's version up, a KOT of reason 'void' with
 *    the CANCELLED item (`write_kot`, which publishes `kitchen.changed`), the `voids` row
 *    (value = unit price × quantity), the audit (who asked, who approved), `table.changed`.
 * Answers the void and the table's order after it.
 */
export async function voidLine({
  db,
  clock,
  branchId,
  userId,
  sessionId,
  mailer,
  userName,
  timeZone,
  tableId,
  body,
}: {
  db: Db;
  clock: Clock;
  sessionId: string;
  mailer?: Mailer;
  branchId: string;
  userId: string;
  userName: string;
  timeZone: string;
  tableId: string;
  body: VoidBody;
}): Promise<VoidAnswer> {
  const made = await repo.findVoid(db, branchId, body.opId);
  if (made) return answerOf(null, db, branchId, made);
  if (!(await repo.findTable(db, branchId, tableId))) throw tableNotFound();
  if (!(await branchVoidReasons(db, branchId)).includes(body.reason)) throw voidReasonUnknown();
  await sentLine(db, branchId, tableId, body);
  const manager = await checkPin({
    db,
    clock,
    branchId,
    userId,
    sessionId,
    mailer,
    managerId: body.managerId,
    pin: body.pin,
  });
  return db.transaction(async (tx) => {
    const table = await beginTableOperation(tx, branchId, tableId, body.opId, null);
    if (table.status === 'table_not_found') throw tableNotFound();
    if (table.status === 'replayed') {
      const replay = await repo.findVoid(tx, branchId, body.opId);
      if (!replay) throw opIdUsed();
      return answerOf(tx, db, branchId, replay);
    }
    const line = await sentLine(tx, branchId, tableId, body);
    const at = clock();
    const day = businessDate(at, timeZone);
    await recordTableOperation(
      tx,
      { branchId, opId: body.opId, kind: 'void', tableId, resultId: body.opId },
      at,
    );
    await takeTableLines(
      tx,
      branchId,
      tableId,
      [{ key: body.lineKey, quantity: body.quantity }],
      'void',
    );
    const kotId = await writeVoidKot(tx, {
      branchId,
      tableId,
      userId,
      at,
      businessDate: day,
      item: {
        lineKey: body.lineKey,
        productId: line.productId,
        name: line.name,
        variantName: line.variantName,
        addons: line.addons,
        note: line.note,
        quantity: body.quantity,
      },
    });
    const row = await repo.insertVoid(tx, {
      branchId,
      id: body.opId,
      tableId,
      tableLabel: table.label!,
      kotId,
      productId: line.productId,
      lineKey: body.lineKey,
      name: line.name,
      quantity: body.quantity,
      unitPricePaise: line.unitPricePaise,
      valuePaise: line.unitPricePaise * body.quantity,
      reason: body.reason,
      requestedBy: userId,
      requestedByName: userName,
      approvedBy: manager.id,
      approvedByName: manager.name,
      businessDate: day,
      createdAt: at,
    });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'void.create',
      entity: 'void',
      entityId: row.id,
      data: {
        tableId,
        tableLabel: table.label!,
        name: line.name,
        quantity: body.quantity,
        valuePaise: row.valuePaise,
        reason: body.reason,
        requestedBy: userId,
        approvedBy: manager.id,
        kotId,
      },
      at,
    });
    await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId });
    return { void: voidView(row), order: await lockTableOrder(tx, branchId, tableId) };
  });
}

import { MAX_GUESTS } from '../../../shared/constants';
import { MAX_ORDER_TOTAL_PAISE } from '../../../shared/money';
import type { FloorChange } from '../../../shared/schemas/floor.schemas';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { publishBranchEvent } from '../../lib/events';
import { getTableOrder } from '../tables/tables.usecases';
import { tableNotFound } from '../tables/tables.errors';
import {
  mergedTooLarge,
  sameTable,
  sourceEmpty,
  targetNotEmpty,
  targetNotFound,
} from './floor.errors';
import * as repo from './floor.repository';

interface FloorChangeInput {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
  tableId: string;
  opId: string;
  targetId: string;
}

/**
 * Moves (`move`) or merges (`merge`) the order of `tableId` onto `targetId` (docs/kitchen.md,
 * "Move, merge, split"): one transaction in which `floor_change_tables` (floor.functions.sql)
 * locks both tables' rows in id order and moves the lines with their sent quantities, the
 * guests, who opened the order and the current order's KOTs; the audit row and the live events
 * of both tables commit with it. A retry with the same op id changes nothing and answers both
 * tables' orders as they are.
 */
async function changeTables(
  kind: 'move' | 'merge',
  { db, clock, branchId, userId, tableId, opId, targetId }: FloorChangeInput,
): Promise<FloorChange> {
  const field = kind === 'move' ? 'toTableId' : 'intoTableId';
  if (tableId === targetId) throw sameTable(field);
  const at = clock();
  const outcome = await db.transaction(async (tx) => {
    const result = await repo.changeTables(tx, {
      branchId,
      kind,
      fromId: tableId,
      toId: targetId,
      opId,
      at,
      maxTotal: MAX_ORDER_TOTAL_PAISE,
      maxGuests: MAX_GUESTS,
    });
    if (result.status !== 'done') return result;
    await recordAudit(tx, {
      branchId,
      userId,
      action: `table.${kind}`,
      entity: 'table',
      entityId: tableId,
      data: {
        from: result.fromLabel,
        to: result.toLabel,
        toTableId: targetId,
        lines: result.linesMoved,
        kots: result.kotsMoved,
      },
      at,
    });
    await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId });
    await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId: targetId });
    // The kitchen's tickets of these tables now read the target's label; the order screens
    // read the current KOTs of both again.
    await publishBranchEvent(tx, branchId, {
      type: 'kitchen.changed',
      tableIds: [tableId, targetId],
    });
    return result;
  });
  switch (outcome.status) {
    case 'table_not_found':
      throw tableNotFound();
    case 'target_not_found':
      throw targetNotFound();
    case 'source_empty':
      throw sourceEmpty(outcome.fromLabel!);
    case 'target_not_empty':
      throw targetNotEmpty(outcome.toLabel!);
    case 'order_too_large':
      throw mergedTooLarge();
    case 'done':
    case 'replayed':
      break;
  }
  const [from, to] = await Promise.all([
    getTableOrder({ db, branchId, tableId }),
    getTableOrder({ db, branchId, tableId: targetId }),
  ]);
  return { from, to };
}

/** Moves a table's order to a free table (409 when it has an order: merge instead). */
export function moveTable(input: FloorChangeInput): Promise<FloorChange> {
  return changeTables('move', input);
}

/** Merges a table's order into another table's; the source is left empty. */
export function mergeTable(input: FloorChangeInput): Promise<FloorChange> {
  return changeTables('merge', input);
}

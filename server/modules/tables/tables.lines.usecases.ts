// The tap: one order line changed on the order screen (tables.usecases.ts holds the rest of a
// table's life: listing, adding, renaming, removing, guests, the order read).
import type { z } from 'zod';
import type { TableOrder, lineChangeSchema } from '../../../shared/schemas/tables.schemas';
import { lineKeyOf, normaliseNote, sortedAddonIds } from '../../../shared/menu';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CommittedEvents } from '../../lib/events';
import {
  lineProductNotFound,
  lineVoidRequired,
  orderTooLarge,
  tooManyLines,
  tableNotFound,
} from './tables.errors';
import type { TableTaps } from './tap-router';
import * as repo from './tables.repository';
import { refusalOf } from './tables.refusals';
import { orderOf, tableOrder } from './tables.usecases';

/** Applied op ids are kept this long: far beyond any retry of a tap. */
const OP_KEEP_MS = 24 * 60 * 60 * 1000;
/** Share of line changes that also prune old op ids (cheap, indexed, no timer needed). */
const PRUNE_SHARE = 0.01;

/**
 * One tap on the order screen, applied exactly once, in one call (the repository's
 * `changeLines` and tables.functions.sql explain it): the op id, the version
 * bump and the line are written together or not at all, behind the table's lock, so the answer
 * is the order at the tap's version (or at the version of the call it went in with); a retry
 * (even in parallel) changes nothing and answers the order as it is now. The live event is sent
 * once the change has committed (`CommittedEvents`: batched, outside the tap's transaction),
 * before the answer; a retry sends it again, in case the first attempt died in between.
 */
export async function changeLine({
  db,
  clock,
  taps,
  events,
  branchId,
  userId = null,
  tableId,
  change,
}: {
  db: Db;
  clock: Clock;
  taps: TableTaps;
  events: CommittedEvents;
  branchId: string;
  /** Who tapped: the order's opener when the tap opens it. */
  userId?: string | null;
  tableId: string;
  change: z.output<typeof lineChangeSchema>;
}): Promise<TableOrder> {
  const at = clock();
  const { opId, productId, delta, variantId, addonIds, note } = change;
  const result = await taps({
    branchId,
    tableId,
    tap: { opId, productId, delta, variantId, addonIds, note, by: userId },
    at,
  });
  if (result.status === 'product_not_found') throw lineProductNotFound();
  if (result.status === 'table_not_found') throw tableNotFound();
  if (result.status === 'order_too_large') throw orderTooLarge();
  if (result.status === 'too_many_lines') throw tooManyLines();
  if (result.status === 'sold_out' || result.status === 'choices_invalid') {
    throw await refusalOf(db, branchId, change, result.status, at);
  }
  if (result.status === 'void_required') {
    const key = lineKeyOf({
      productId,
      variantId,
      addonIds: sortedAddonIds(addonIds),
      note: normaliseNote(note),
    });
    const line = result.lines?.find((one) => one.key === key);
    throw lineVoidRequired(line?.name ?? 'This item');
  }
  await events.publish(
    branchId,
    result.lines
      ? { type: 'table.changed', tableId, version: result.version! }
      : { type: 'table.changed', tableId },
  );
  if (Math.random() < PRUNE_SHARE) {
    await repo.pruneOps(db, branchId, new Date(at.getTime() - OP_KEEP_MS));
  }
  // Applied, or replayed in a call that reached the table's row: the order as the call left it.
  if (result.lines) {
    return orderOf(
      tableId,
      { label: result.label!, version: result.version!, guests: result.guests },
      result.lines,
    );
  }
  return tableOrder(db, branchId, tableId);
}

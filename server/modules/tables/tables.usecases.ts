import { complimentaryQuantity, type LineComplimentary } from '../../../shared/complimentary';
import type { TableList, TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import type { LineAddon } from '../../../shared/menu';
import type { Db, DbOrTx } from '../../db/client';
import type { NewOrderLine, NewTable } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { publishBranchEvent } from '../../lib/events';
import { tableLabelTaken, tableNotEmpty, tableNotFound } from './tables.errors';
import * as repo from './tables.repository';
import { assertTableSection, listSections } from './sections.usecases';
import { billRulesOf, billTotalOf, openLinesByTable } from './tables.bill-total';

interface Actor {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
}

const byLabel = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The cards of Tables / Billing: live tables, naturally ordered (T2 before T10), and the
 * sections they are grouped under, in their order.
 */
export async function listTables({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<TableList> {
  const [rows, sections, lines, rules] = await Promise.all([
    repo.listTables(db, branchId),
    listSections(db, branchId),
    openLinesByTable(db, branchId),
    billRulesOf(db, branchId),
  ]);
  return {
    items: rows
      .map((row) => ({
        ...row,
        billTotalPaise: billTotalOf(lines.get(row.id) ?? [], rules),
        openedAt: row.openedAt?.toISOString() ?? null,
      }))
      .sort((a, b) => byLabel.compare(a.label, b.label)),
    sections,
  };
}

async function summaryOf(db: DbOrTx, branchId: string, id: string): Promise<TableSummary> {
  const order = await tableOrder(db, branchId, id);
  const extras = await repo.findCardExtras(db, branchId, id);
  return {
    ...extras,
    id,
    label: order.label,
    version: order.version,
    totalPaise: order.totalPaise,
    billTotalPaise: billTotalOf(order.lines, await billRulesOf(db, branchId)),
    itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    openedAt: order.openedAt,
    guests: order.guests,
  };
}

/** A line as the repository reads it, as the order screen shows it. */
export function orderOf(
  tableId: string,
  table: { label: string; version: number; guests: number | null },
  rows: {
    key: string;
    productId: string;
    name: string;
    variantId: string | null;
    variantName: string | null;
    addons: LineAddon[];
    note: string;
    subcategory: string | null;
    gstRateBps?: number | null;
    hsn?: string | null;
    outsideGst?: boolean | null;
    unitPricePaise: number;
    quantity: number;
    sentQuantity?: number;
    complimentary?: LineComplimentary | null;
    createdAt: Date | string;
  }[],
): TableOrder {
  const lines = rows.map((row) => ({
    key: row.key,
    productId: row.productId,
    name: row.name,
    variantId: row.variantId,
    variantName: row.variantName,
    addons: row.addons,
    note: row.note,
    ...(row.subcategory === null ? {} : { subcategory: row.subcategory }),
    ...(row.gstRateBps == null
      ? {}
      : { gstRateBps: row.gstRateBps, hsn: row.hsn!, outsideGst: row.outsideGst! }),
    unitPricePaise: row.unitPricePaise,
    quantity: row.quantity,
    sentQuantity: row.sentQuantity ?? 0,
    complimentary: row.complimentary ?? null,
    // Its complimentary items cost nothing.
    lineTotalPaise:
      row.unitPricePaise *
      (row.quantity -
        complimentaryQuantity({
          quantity: row.quantity,
          complimentary: row.complimentary ?? null,
        })),
  }));
  return {
    tableId,
    label: table.label,
    lines,
    totalPaise: lines.reduce((sum, line) => sum + line.lineTotalPaise, 0),
    version: table.version,
    openedAt: rows[0] ? new Date(rows[0].createdAt).toISOString() : null,
    guests: table.guests,
  };
}

/** A live table's order as open_order_json answers it (tables.repository.ts). */
export type OrderRow = repo.OrderRow;

/** The API's order of a table from the row a statement read (null: not a live table: 404). */
export function tableOrderOf(tableId: string, row: OrderRow | null): TableOrder {
  if (!row) throw tableNotFound();
  return orderOf(tableId, row, row.lines);
}

/** A table's open order as it is now, in one query (404 for a removed or another branch's table). */
export async function tableOrder(
  db: DbOrTx,
  branchId: string,
  tableId: string,
): Promise<TableOrder> {
  return tableOrderOf(tableId, await repo.findOrder(db, branchId, tableId));
}

export function getTableOrder({
  db,
  branchId,
  tableId,
}: {
  db: Db;
  branchId: string;
  tableId: string;
}): Promise<TableOrder> {
  return tableOrder(db, branchId, tableId);
}

/**
 * For billing: the table's order with the table row locked until `tx` ends, so no line
 * change slips between reading the order and clearing it.
 */
export async function lockTableOrder(
  tx: DbOrTx,
  branchId: string,
  tableId: string,
): Promise<TableOrder> {
  if (!(await repo.findTable(tx, branchId, tableId, true))) throw tableNotFound();
  // A statement of its own after the lock: its snapshot sees every change committed before.
  return tableOrder(tx, branchId, tableId);
}

/** A taken label among live tables answers 409 naming `label`. */
async function labelChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'tables_branch_label_unique') throw tableLabelTaken();
    throw error;
  }
}

export function addTable({
  db,
  clock,
  branchId,
  userId,
  label,
  sectionId = null,
}: Actor & { label: string; sectionId?: string | null }): Promise<TableSummary> {
  return labelChecked(() =>
    db.transaction(async (tx) => {
      await assertTableSection(tx, branchId, sectionId);
      const at = clock();
      const table = await repo.insertTable(tx, { branchId, label, sectionId, createdAt: at });
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'table.create',
        entity: 'table',
        entityId: table.id,
        data: { label, sectionId },
        at,
      });
      await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId: table.id });
      return {
        ...table,
        totalPaise: 0,
        billTotalPaise: 0,
        itemCount: 0,
        openedAt: null,
        guests: null,
        openedByName: null,
        billPrinted: false,
      };
    }),
  );
}

/** Renames a table and, when `sectionId` is given, puts it in that section (null: none). */
export function renameTable({
  db,
  clock,
  branchId,
  userId,
  tableId,
  label,
  sectionId,
}: Actor & { tableId: string; label: string; sectionId?: string | null }): Promise<TableSummary> {
  return labelChecked(() =>
    db.transaction(async (tx) => {
      const before = await repo.findTable(tx, branchId, tableId, true);
      if (!before) throw tableNotFound();
      const at = clock();
      if (label !== before.label) {
        await repo.renameTable(tx, branchId, tableId, label);
        await recordAudit(tx, {
          branchId,
          userId,
          action: 'table.rename',
          entity: 'table',
          entityId: tableId,
          data: { from: before.label, to: label },
          at,
        });
      }
      if (sectionId !== undefined && sectionId !== before.sectionId) {
        await assertTableSection(tx, branchId, sectionId);
        await repo.setSection(tx, branchId, tableId, sectionId);
        await recordAudit(tx, {
          branchId,
          userId,
          action: 'table.section',
          entity: 'table',
          entityId: tableId,
          data: { from: before.sectionId, to: sectionId },
          at,
        });
      }
      await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId });
      return summaryOf(tx, branchId, tableId);
    }),
  );
}

/** Removes (archives) an empty table; one with an open order answers 409. */
export function removeTable({
  db,
  clock,
  branchId,
  userId,
  tableId,
}: Actor & { tableId: string }): Promise<void> {
  return db.transaction(async (tx) => {
    // The lock makes a line change wait, so no line lands on a table being removed.
    const table = await repo.findTable(tx, branchId, tableId, true);
    if (!table) throw tableNotFound();
    if (await repo.hasLines(tx, branchId, tableId)) throw tableNotEmpty();
    const at = clock();
    await repo.archiveTable(tx, branchId, tableId, at);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'table.remove',
      entity: 'table',
      entityId: tableId,
      data: { label: table.label },
      at,
    });
    await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId });
  });
}

/**
 * Sets the guests seated at a table (covers; null: not said), shown on its order screen until
 * the payment clears them. Not a change of the order: its version stays, so a payment dialog
 * open meanwhile still pays.
 */
export function setTableGuests({
  db,
  clock,
  branchId,
  userId,
  tableId,
  guests,
}: Actor & { tableId: string; guests: number | null }): Promise<TableOrder> {
  return db.transaction(async (tx) => {
    const before = await repo.findTable(tx, branchId, tableId, true);
    if (!before) throw tableNotFound();
    await repo.setGuests(tx, branchId, tableId, guests);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'table.guests',
      entity: 'table',
      entityId: tableId,
      data: { from: before.guests, to: guests },
      at: clock(),
    });
    await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId });
    return tableOrder(tx, branchId, tableId);
  });
}

/**
 * The demo seed (server/demo): writes the demo's tables and the orders in progress on some of
 * them as given (ids and times are the seed's), in one statement each, with no audit entry and
 * no live event (nobody is signed in yet). `addTable` and `changeLine` are the operations.
 */
export async function recordDemoTables(
  tx: DbOrTx,
  rows: { tables: NewTable[]; orderLines: NewOrderLine[] },
): Promise<void> {
  await repo.insertTablesWithLines(tx, rows);
}

/**
 * The open order's one owner, for the other modules' operations on a table (voids; billing,
 * kitchen and floor call the same database functions from theirs): begin (the table's row
 * locked, the op's replay and the version checked), record the op, take lines.
 */
export const beginTableOperation = repo.beginOperation;
export const recordTableOperation = repo.recordOperation;
export const takeTableLines = repo.takeLines;

/** The table's provisional bill was printed for its order at `version` (docs/printing.md). */
export async function markBillPrinted({
  db,
  branchId,
  tableId,
  version,
}: {
  db: DbOrTx;
  branchId: string;
  tableId: string;
  version: number;
}): Promise<void> {
  await repo.markBillPrinted(db, branchId, tableId, version);
  await publishBranchEvent(db, branchId, { type: 'table.changed', tableId });
}

import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  MAX_ORDER_LINES,
  lineKeyOf,
  normaliseNote,
  sortedAddonIds,
  type LineAddon,
} from '../../../shared/menu';
import { MAX_ORDER_TOTAL_PAISE } from '../../../shared/money';
import { preparedStatement, type DbOrTx } from '../../db/client';
import {
  orderLines,
  orderOps,
  tables,
  users,
  type NewOrderLine,
  type NewTable,
} from '../../db/schema';

const liveTable = (branchId: string, id: string) =>
  and(eq(tables.branchId, branchId), eq(tables.id, id), isNull(tables.archivedAt));

/**
 * Live tables with their open order's total, item count and first line's time, their section
 * and who opened the order (one join by primary key: the waiters' first load stays one query).
 */
/** The table's provisional bill is printed for its order as it is now (markBillPrinted). */
const billPrinted = sql<boolean>`coalesce(${tables.billPrintedVersion} = ${tables.version}, false)`;

export function listTables(db: DbOrTx, branchId: string) {
  return db
    .select({
      id: tables.id,
      label: tables.label,
      version: tables.version,
      guests: tables.guests,
      sectionId: tables.sectionId,
      openedByName: users.name,
      billPrinted,
      totalPaise: sql<number>`coalesce(sum(${orderLines.quantity} * ${orderLines.unitPricePaise}), 0)::int`,
      itemCount: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
      openedAt: sql<Date | null>`min(${orderLines.createdAt})`.mapWith((value: string | null) =>
        value === null ? null : new Date(value),
      ),
    })
    .from(tables)
    .leftJoin(
      orderLines,
      and(eq(orderLines.branchId, tables.branchId), eq(orderLines.tableId, tables.id)),
    )
    .leftJoin(users, eq(users.id, tables.openedBy))
    .where(and(eq(tables.branchId, branchId), isNull(tables.archivedAt)))
    .groupBy(tables.branchId, tables.id, users.id);
}

/** What a table's card shows beside its order: its section, who opened it, its bill printed. */
export async function findCardExtras(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select({
      sectionId: tables.sectionId,
      openedByName: users.name,
      billPrinted,
    })
    .from(tables)
    .leftJoin(users, eq(users.id, tables.openedBy))
    .where(and(eq(tables.branchId, branchId), eq(tables.id, id)));
  return row ?? { sectionId: null, openedByName: null, billPrinted: false };
}

/** Puts a live table in a section (null: none). */
export async function setSection(
  db: DbOrTx,
  branchId: string,
  id: string,
  sectionId: string | null,
) {
  await db.update(tables).set({ sectionId }).where(liveTable(branchId, id));
}

/** A live table; with `lock`, locked until the transaction ends. */
export async function findTable(db: DbOrTx, branchId: string, id: string, lock = false) {
  const query = db
    .select({
      id: tables.id,
      label: tables.label,
      version: tables.version,
      guests: tables.guests,
      sectionId: tables.sectionId,
    })
    .from(tables)
    .where(liveTable(branchId, id));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function insertTable(
  db: DbOrTx,
  row: { branchId: string; label: string; sectionId: string | null; createdAt: Date },
) {
  const [table] = await db.insert(tables).values(row).returning({
    id: tables.id,
    label: tables.label,
    version: tables.version,
    guests: tables.guests,
    sectionId: tables.sectionId,
  });
  return table!;
}

export async function renameTable(db: DbOrTx, branchId: string, id: string, label: string) {
  const [row] = await db
    .update(tables)
    .set({ label, version: sql`${tables.version} + 1` })
    .where(liveTable(branchId, id))
    .returning({ id: tables.id });
  return row ?? null;
}

export async function archiveTable(db: DbOrTx, branchId: string, id: string, at: Date) {
  await db.update(tables).set({ archivedAt: at }).where(liveTable(branchId, id));
}

export async function hasLines(db: DbOrTx, branchId: string, tableId: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderLines)
    .where(and(eq(orderLines.branchId, branchId), eq(orderLines.tableId, tableId)))
    .limit(1);
  return row !== undefined;
}

/** Sets a live table's guests (null: not said); null when the table is gone. */
export async function setGuests(db: DbOrTx, branchId: string, id: string, guests: number | null) {
  const [row] = await db
    .update(tables)
    .set({ guests })
    .where(liveTable(branchId, id))
    .returning({ id: tables.id });
  return row ?? null;
}

/** Forgets the taps recorded before `before` (payments', KOTs', moves' and voids' ops stay). */
export async function pruneOps(db: DbOrTx, branchId: string, before: Date) {
  await db
    .delete(orderOps)
    .where(
      and(
        eq(orderOps.branchId, branchId),
        eq(orderOps.kind, 'tap'),
        lt(orderOps.createdAt, before),
      ),
    );
}

/** A line of an order as the database functions answer it (json: `order_lines_json`). */
export interface LineRow {
  /** shared/menu.ts lineKeyOf of the line's choices. */
  key: string;
  productId: string;
  name: string;
  variantId: string | null;
  variantName: string | null;
  addons: LineAddon[];
  note: string;
  subcategory: string | null;
  /** The product's GST now (null when the product is gone). */
  gstRateBps: number | null;
  hsn: string | null;
  outsideGst: boolean | null;
  unitPricePaise: number;
  quantity: number;
  /** How many of it the kitchen has been sent. */
  sentQuantity: number;
  createdAt: string;
}

const value = (name: string) => sql.placeholder(name);

/** A live table's order as tables.functions.sql open_order_json answers it. */
export interface OrderRow {
  label: string;
  version: number;
  guests: number | null;
  lines: LineRow[];
}

/** A live table's open order in one statement (open_order_json). */
const orderStatement = preparedStatement<{ order: OrderRow | null }>(
  'tables_order',
  sql`select open_order_json(${value('branchId')}::uuid, ${value('tableId')}::uuid) as "order"`,
);

export async function findOrder(db: DbOrTx, branchId: string, tableId: string) {
  const [row] = await orderStatement(db, { branchId, tableId });
  return row?.order ?? null;
}

/**
 * A tap: `delta` ≠ 0 of a line (a product with its choices: variant, add-on options, note;
 * none given: the plain product), exactly once per `opId`.
 */
export interface Tap {
  productId: string;
  opId: string;
  delta: number;
  variantId?: string | null;
  addonIds?: readonly string[];
  note?: string;
  /** The user who tapped: who opened the order when it is the table's first. */
  by?: string | null;
}

export type TapStatus =
  | 'applied'
  | 'replayed'
  | 'product_not_found'
  | 'table_not_found'
  | 'order_too_large'
  | 'too_many_lines'
  | 'sold_out'
  | 'choices_invalid'
  | 'void_required';

/**
 * The taps on one table in one call of `change_order_lines` (tables.functions.sql explains its
 * steps; the order's caps are MAX_ORDER_TOTAL_PAISE and MAX_ORDER_LINES, passed on each call):
 * one round trip, one transaction and one lock of the table's row for all of them. It locks the
 * row before it writes the order, so the order it answers is the one at its version. Answers
 * each tap's status in the order given ('replayed': the op id was applied before, nothing
 * changed), and, when any tap reached the table's row, the order after all of them with its
 * label and version (null otherwise).
 */
const linesChange = preparedStatement<{
  statuses: TapStatus[];
  label: string | null;
  version: number | null;
  guests: number | null;
  lines: LineRow[] | null;
}>(
  'tables_change_lines',
  sql`select statuses, label, version, guests, lines from change_order_lines(
    ${value('branchId')}::uuid, ${value('tableId')}::uuid, ${value('taps')}::json,
    ${value('at')}::timestamptz, ${value('maxTotal')}::bigint, ${value('maxLines')}::integer
  )`,
);

/**
 * Taps as change_order_lines takes them: each with the id its line gets if it is new, and its
 * line's key (shared/menu.ts lineKeyOf, computed here: the device's is never trusted), with the
 * add-on ids sorted and the note normalised as the key has them.
 */
const tapsJson = (taps: readonly Tap[]) =>
  taps.map((tap) => {
    const choices = {
      productId: tap.productId,
      variantId: tap.variantId ?? null,
      addonIds: sortedAddonIds(tap.addonIds ?? []),
      note: normaliseNote(tap.note ?? ''),
    };
    return {
      op: tap.opId,
      product: tap.productId,
      delta: tap.delta,
      line: uuidv7(),
      key: lineKeyOf(choices),
      variant: choices.variantId,
      addons: choices.addonIds,
      note: choices.note,
      by: tap.by ?? null,
    };
  });

export async function changeLines(
  db: DbOrTx,
  change: { branchId: string; tableId: string; taps: readonly Tap[]; at: Date },
) {
  const [row] = await linesChange(db, {
    branchId: change.branchId,
    tableId: change.tableId,
    taps: JSON.stringify(tapsJson(change.taps)),
    at: change.at.toISOString(),
    maxTotal: MAX_ORDER_TOTAL_PAISE,
    maxLines: MAX_ORDER_LINES,
  });
  return row!;
}

/**
 * The taps on several tables of one branch in one call of `change_branch_lines`
 * (tables.functions.sql): one round trip and one commit for all of them; each table's taps as `changeLines`
 * would apply them. A table whose row another transaction holds (or that is gone) comes back
 * `busy` with nothing done: nothing here waits for another table's lock. A row per table, in
 * the order given.
 */
const branchLinesChange = preparedStatement<{
  table_id: string;
  busy: boolean;
  statuses: TapStatus[] | null;
  label: string | null;
  version: number | null;
  guests: number | null;
  lines: LineRow[] | null;
}>(
  'tables_change_branch_lines',
  sql`select table_id, busy, statuses, label, version, guests, lines from change_branch_lines(
    ${value('branchId')}::uuid, ${value('calls')}::json, ${value('at')}::timestamptz,
    ${value('maxTotal')}::bigint, ${value('maxLines')}::integer
  )`,
);

export function changeBranchLines(
  db: DbOrTx,
  change: { branchId: string; calls: { tableId: string; taps: readonly Tap[] }[]; at: Date },
) {
  return branchLinesChange(db, {
    branchId: change.branchId,
    calls: JSON.stringify(
      change.calls.map((call) => ({ table: call.tableId, taps: tapsJson(call.taps) })),
    ),
    at: change.at.toISOString(),
    maxTotal: MAX_ORDER_TOTAL_PAISE,
    maxLines: MAX_ORDER_LINES,
  });
}

/** Tables and open order lines made elsewhere whole (the demo seed), ids included. */
export async function insertTablesWithLines(
  db: DbOrTx,
  rows: { tables: NewTable[]; orderLines: NewOrderLine[] },
) {
  if (rows.tables.length > 0) await db.insert(tables).values(rows.tables);
  if (rows.orderLines.length > 0) await db.insert(orderLines).values(rows.orderLines);
}

/** What open_order_begin answers (tables.functions.sql). */
export interface OperationBegun {
  status: 'ok' | 'replayed' | 'changed' | 'table_not_found';
  label: string | null;
  version: number | null;
  opKind: string | null;
  opResult: string | null;
}

/** open_order_begin: the table's row locked, the op's replay and the version checked. */
export async function beginOperation(
  db: DbOrTx,
  branchId: string,
  tableId: string,
  opId: string | null,
  version: number | null,
): Promise<OperationBegun> {
  const result = await db.execute(sql`select status, label, version, op_kind, op_result
    from open_order_begin(${branchId}::uuid, ${tableId}::uuid, ${opId}::uuid,
      ${version}::integer)`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    status: row.status as OperationBegun['status'],
    label: (row.label as string | null) ?? null,
    version: (row.version as number | null) ?? null,
    opKind: (row.op_kind as string | null) ?? null,
    opResult: (row.op_result as string | null) ?? null,
  };
}

/** open_order_record: false when the same op was recorded meanwhile. */
export async function recordOperation(
  db: DbOrTx,
  op: { branchId: string; opId: string; kind: string; tableId: string; resultId: string | null },
  at: Date,
): Promise<boolean> {
  const result = await db.execute(sql`select open_order_record(${op.branchId}::uuid,
    ${op.opId}::uuid, ${op.kind}::text, ${op.tableId}::uuid, ${op.resultId}::uuid,
    ${at.toISOString()}::timestamptz) as recorded`);
  return (result as unknown as { rows: { recorded: boolean }[] }).rows[0]!.recorded;
}

/** open_order_take: lines taken off the table (a bill's, or a void's from what was sent). */
export async function takeLines(
  db: DbOrTx,
  branchId: string,
  tableId: string,
  take: { key: string; quantity: number }[] | null,
  kind: 'bill' | 'void',
): Promise<boolean> {
  const result = await db.execute(sql`select open_order_take(${branchId}::uuid,
    ${tableId}::uuid, ${take ? JSON.stringify(take) : null}::json, ${kind === 'void'}) as closed`);
  return (result as unknown as { rows: { closed: boolean }[] }).rows[0]!.closed;
}

/**
 * Notes that the table's provisional bill was printed for its order at `version`: the table is
 * 'Billed' until the order changes. A change made meanwhile has bumped the version, so a bill
 * of an older version marks nothing.
 */
export async function markBillPrinted(
  db: DbOrTx,
  branchId: string,
  id: string,
  version: number,
): Promise<void> {
  await db
    .update(tables)
    .set({ billPrintedVersion: version })
    .where(and(liveTable(branchId, id), eq(tables.version, version)));
}

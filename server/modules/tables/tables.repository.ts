import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orderOps, products, tables } from '../../db/schema';

const liveTable = (branchId: string, id: string) =>
  and(eq(tables.branchId, branchId), eq(tables.id, id), isNull(tables.archivedAt));

/** Live tables with their open order's total, item count and first line's time. */
export function listTables(db: DbOrTx, branchId: string) {
  return db
    .select({
      id: tables.id,
      label: tables.label,
      version: tables.version,
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
    .where(and(eq(tables.branchId, branchId), isNull(tables.archivedAt)))
    .groupBy(tables.branchId, tables.id);
}

/** A live table; with `lock`, locked until the transaction ends. */
export async function findTable(db: DbOrTx, branchId: string, id: string, lock = false) {
  const query = db
    .select({ id: tables.id, label: tables.label, version: tables.version })
    .from(tables)
    .where(liveTable(branchId, id));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function insertTable(
  db: DbOrTx,
  row: { branchId: string; label: string; createdAt: Date },
) {
  const [table] = await db
    .insert(tables)
    .values(row)
    .returning({ id: tables.id, label: tables.label, version: tables.version });
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

/** Bumps a live table's version (locking its row): every order change goes through here. */
export async function bumpVersion(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .update(tables)
    .set({ version: sql`${tables.version} + 1` })
    .where(liveTable(branchId, id))
    .returning({ id: tables.id });
  return row ?? null;
}

/** The open order's lines, first added first, with the product's subcategory now. */
export function orderLinesOf(db: DbOrTx, branchId: string, tableId: string) {
  return db
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      subcategory: products.subcategory,
      unitPricePaise: orderLines.unitPricePaise,
      quantity: orderLines.quantity,
      createdAt: orderLines.createdAt,
    })
    .from(orderLines)
    .leftJoin(
      products,
      and(eq(products.branchId, orderLines.branchId), eq(products.id, orderLines.productId)),
    )
    .where(and(eq(orderLines.branchId, branchId), eq(orderLines.tableId, tableId)))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
}

export async function hasLines(db: DbOrTx, branchId: string, tableId: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderLines)
    .where(and(eq(orderLines.branchId, branchId), eq(orderLines.tableId, tableId)))
    .limit(1);
  return row !== undefined;
}

export async function clearLines(db: DbOrTx, branchId: string, tableId: string) {
  await db
    .delete(orderLines)
    .where(and(eq(orderLines.branchId, branchId), eq(orderLines.tableId, tableId)));
}

/**
 * Name and price of a product on sale (read only: the products table belongs to products),
 * what a new line snapshots.
 */
export async function findLiveProduct(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select({ name: products.name, pricePaise: products.pricePaise })
    .from(products)
    .where(and(eq(products.branchId, branchId), eq(products.id, id), isNull(products.archivedAt)));
  return row ?? null;
}

/** Records an op id; false when it was already recorded (a retry: change nothing). */
export async function recordOp(db: DbOrTx, branchId: string, opId: string, at: Date) {
  const rows = await db
    .insert(orderOps)
    .values({ branchId, opId, createdAt: at })
    .onConflictDoNothing()
    .returning({ opId: orderOps.opId });
  return rows.length === 1;
}

export async function pruneOps(db: DbOrTx, branchId: string, before: Date) {
  await db
    .delete(orderOps)
    .where(and(eq(orderOps.branchId, branchId), lt(orderOps.createdAt, before)));
}

type LineKey = { branchId: string; tableId: string; productId: string };

/** Adds `quantity` (> 0) to the line in one statement, making it with the snapshot if new. */
export async function addToLine(
  db: DbOrTx,
  key: LineKey,
  quantity: number,
  snapshot: { name: string; unitPricePaise: number },
  at: Date,
) {
  await db
    .insert(orderLines)
    .values({ ...key, ...snapshot, quantity, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [orderLines.branchId, orderLines.tableId, orderLines.productId],
      set: { quantity: sql`${orderLines.quantity} + excluded.quantity`, updatedAt: at },
    });
}

/**
 * Takes `quantity` (> 0) off the line in one statement: the line is deleted if that leaves it
 * at zero or below. Answers whether the line existed.
 */
export async function takeFromLine(db: DbOrTx, key: LineKey, quantity: number, at: Date) {
  const result = await db.execute<{ found: number }>(sql`
    with line as (
      select ${orderLines.id} as id, ${orderLines.quantity} - ${quantity} as left_over
      from ${orderLines}
      where ${orderLines.branchId} = ${key.branchId} and ${orderLines.tableId} = ${key.tableId}
        and ${orderLines.productId} = ${key.productId}
    ), dropped as (
      delete from ${orderLines} using line
      where ${orderLines.branchId} = ${key.branchId} and ${orderLines.id} = line.id
        and line.left_over <= 0
    ), lowered as (
      update ${orderLines} set quantity = line.left_over, updated_at = ${at.toISOString()}::timestamptz
      from line
      where ${orderLines.branchId} = ${key.branchId} and ${orderLines.id} = line.id
        and line.left_over > 0
    )
    select count(*)::int as found from line`);
  return Number((result as unknown as { rows: { found: number }[] }).rows[0]?.found ?? 0) > 0;
}

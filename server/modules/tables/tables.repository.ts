import { and, asc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { preparedStatement, type DbOrTx } from '../../db/client';
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

export async function pruneOps(db: DbOrTx, branchId: string, before: Date) {
  await db
    .delete(orderOps)
    .where(and(eq(orderOps.branchId, branchId), lt(orderOps.createdAt, before)));
}

/** A line of an order as the statements below answer it (json). */
interface LineRow {
  productId: string;
  name: string;
  subcategory: string | null;
  unitPricePaise: number;
  quantity: number;
  createdAt: string;
}

/** The json of the order's lines `source` (first added first), with the product's subcategory now. */
const linesJson = (source: SQL) => sql`
  coalesce((
    select json_agg(json_build_object(
      'productId', l.product_id, 'name', l.name, 'subcategory', p.subcategory,
      'unitPricePaise', l.unit_price_paise, 'quantity', l.quantity, 'createdAt', l.created_at
    ) order by l.created_at, l.id)
    from ${source} l
    left join ${products} p on p.branch_id = l.branch_id and p.id = l.product_id
  ), '[]'::json)`;

const value = (name: string) => sql.placeholder(name);

/** A live table's open order in one statement (one snapshot: lines and version agree). */
const orderStatement = preparedStatement<{ label: string; version: number; lines: LineRow[] }>(
  'tables_order',
  sql`
    select t.label, t.version, ${linesJson(sql`(
      select * from ${orderLines}
      where branch_id = ${value('branchId')}::uuid and table_id = ${value('tableId')}::uuid
    )`)} as lines
    from ${tables} t
    where t.branch_id = ${value('branchId')}::uuid and t.id = ${value('tableId')}::uuid
      and t.archived_at is null`,
);

export async function findOrder(db: DbOrTx, branchId: string, tableId: string) {
  const [row] = await orderStatement(db, { branchId, tableId });
  return row ?? null;
}

export type LineChangeStatus =
  'applied' | 'replayed' | 'product_not_found' | 'table_not_found' | 'stale';

/**
 * One tap (`delta` ≠ 0 of a product on a table) as ONE statement: data-modifying CTEs, atomic
 * without BEGIN/COMMIT, so a tap costs one round trip. It is built once per sign of `delta`
 * with placeholders and prepared (`preparedStatement`): PostgreSQL parses it once per
 * connection and then keeps a generic plan. Every CTE reads the snapshot taken when the
 * statement starts; `snap`, `product`, `seen` and `line_before` are plain reads of it.
 *
 * - The change is allowed when the table is live, the op id was not seen, and the product is on
 *   sale in the branch (a decrement may also take off a line of a product archived since).
 * - Locks are always taken in the order op id → table row → line, so taps never deadlock:
 *   every write below reads the CTE before it, so it runs only after that one has its row.
 * - Increment (`delta` > 0): the op id is inserted first (`on conflict do nothing`: a parallel
 *   retry waits for the first and then inserts nothing), the table's version is bumped only
 *   when the op is new, and the line is upserted (`on conflict … do update` adds to the latest
 *   committed quantity, so parallel taps on one line never lose each other's items).
 * - Decrement (`delta` < 0): the version is bumped only if it still is the snapshot's (`version
 *   = snap.version`, rechecked on the latest row after waiting for its lock); then the snapshot
 *   is the table's current state, so the line is lowered, or deleted at zero or below, exactly.
 *   If another change committed meanwhile nothing is written and the answer is 'stale': the
 *   caller runs it again after locking the table (see the use case).
 * - No `pg_notify` here: a notify would serialize the commits of all taps (see
 *   `publishCommittedEvent`); the use case sends the live event after the commit.
 * - The answer: a status, the table's new version, and whether the snapshot was current
 *   (`fresh`: no other change committed between the snapshot and the bump); then the order is
 *   the snapshot's other lines plus the changed line as the write returned it. A stale
 *   snapshot's lines are not the order now: the caller reads it again.
 */
function lineChangeStatement(increment: boolean) {
  const b = sql`${value('branchId')}::uuid`;
  const t = sql`${value('tableId')}::uuid`;
  const p = sql`${value('productId')}::uuid`;
  const opId = sql`${value('opId')}::uuid`;
  const delta = sql`${value('delta')}::int`;
  const at = sql`${value('at')}::timestamptz`;
  const insertOp = (from: SQL) => sql`
    insert into ${orderOps} (branch_id, op_id, created_at)
    select ${b}, ${opId}, ${at} from ${from}
    on conflict do nothing
    returning op_id`;
  const bumpWhere = sql`branch_id = ${b} and id = ${t} and archived_at is null`;
  const lineKey = sql`branch_id = ${b} and table_id = ${t} and product_id = ${p}`;
  const writes = increment
    ? sql`
    op as (${insertOp(sql`allowed`)}),
    bumped as (
      update ${tables} set version = version + 1
      where ${bumpWhere} and exists (select 1 from op)
      returning version
    ),
    line as (
      insert into ${orderLines}
        (branch_id, id, table_id, product_id, name, unit_price_paise, quantity, created_at, updated_at)
      select ${b}, ${value('lineId')}::uuid, ${t}, ${p}, product.name, product.price_paise, ${delta},
        ${at}, ${at}
      from bumped, product
      on conflict (branch_id, table_id, product_id) do update
        set quantity = ${orderLines}.quantity + excluded.quantity, updated_at = excluded.updated_at
      returning *
    )`
    : sql`
    bumped as (
      update ${tables} set version = version + 1
      where ${bumpWhere} and exists (select 1 from allowed)
        and version = (select version from snap)
      returning version
    ),
    op as (${insertOp(sql`bumped`)}),
    line as (
      update ${orderLines} set quantity = quantity + ${delta}, updated_at = ${at}
      where ${lineKey} and quantity + ${delta} > 0 and exists (select 1 from bumped)
      returning *
    ),
    dropped as (
      delete from ${orderLines}
      where ${lineKey} and quantity + ${delta} <= 0 and exists (select 1 from bumped)
    )`;
  return preparedStatement<{
    status: LineChangeStatus;
    label: string | null;
    version: number | null;
    fresh: boolean | null;
    lines: LineRow[];
  }>(
    increment ? 'tables_line_increment' : 'tables_line_decrement',
    sql`
    with snap as (
      select label, version from ${tables} where ${bumpWhere}
    ),
    product as (
      select name, price_paise from ${products}
      where branch_id = ${b} and id = ${p} and archived_at is null
    ),
    seen as (select 1 from ${orderOps} where branch_id = ${b} and op_id = ${opId}),
    line_before as (select 1 from ${orderLines} where ${lineKey}),
    product_ok as (
      select 1 where exists (select 1 from product)
        or (${delta} < 0 and exists (select 1 from line_before))
    ),
    allowed as (
      select 1 where exists (select 1 from snap) and not exists (select 1 from seen)
        and exists (select 1 from product_ok)
    ),
    ${writes}
    select
      case
        when exists (select 1 from bumped) then 'applied'
        when exists (select 1 from seen) then 'replayed'
        when not exists (select 1 from product_ok) then 'product_not_found'
        when not exists (select 1 from snap) then 'table_not_found'
        when ${delta} > 0 then 'replayed'
        else 'stale'
      end as status,
      (select label from snap) as label,
      (select version from bumped) as version,
      (select version from bumped) = (select version from snap) + 1 as fresh,
      ${linesJson(sql`(
        select * from ${orderLines}
        where branch_id = ${b} and table_id = ${t} and product_id <> ${p}
        union all
        select * from line
      )`)} as lines`,
  );
}

const lineChange = { increment: lineChangeStatement(true), decrement: lineChangeStatement(false) };

/** One tap: the statement above for the sign of `delta`. */
export async function changeLine(
  db: DbOrTx,
  change: {
    branchId: string;
    tableId: string;
    productId: string;
    opId: string;
    delta: number;
    at: Date;
  },
) {
  const statement = change.delta > 0 ? lineChange.increment : lineChange.decrement;
  const [row] = await statement(db, {
    ...change,
    at: change.at.toISOString(),
    lineId: uuidv7(),
  });
  return row!;
}

import { and, asc, count, desc, eq, gte, isNull, lte, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, tables } from '../../db/schema';
import { voids, type Void } from './voids.tables';

// ---------------------------------------------------------------------------------------------
// Voids
// ---------------------------------------------------------------------------------------------

/** A live table of the branch. */
export async function findTable(db: DbOrTx, branchId: string, tableId: string) {
  const [row] = await db
    .select({ id: tables.id, label: tables.label })
    .from(tables)
    .where(and(eq(tables.branchId, branchId), eq(tables.id, tableId), isNull(tables.archivedAt)));
  return row ?? null;
}

/** One line of a table's open order by its key, with what the kitchen was sent of it. */
export async function findLine(db: DbOrTx, branchId: string, tableId: string, lineKey: string) {
  const [row] = await db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      name: orderLines.name,
      variantName: orderLines.variantName,
      addons: orderLines.addons,
      note: orderLines.note,
      unitPricePaise: orderLines.unitPricePaise,
      quantity: orderLines.quantity,
      sentQuantity: orderLines.sentQuantity,
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.branchId, branchId),
        eq(orderLines.tableId, tableId),
        eq(orderLines.lineKey, lineKey),
      ),
    );
  return row ?? null;
}

export async function findVoid(db: DbOrTx, branchId: string, id: string): Promise<Void | null> {
  const [row] = await db
    .select()
    .from(voids)
    .where(and(eq(voids.branchId, branchId), eq(voids.id, id)));
  return row ?? null;
}

export async function insertVoid(db: DbOrTx, row: typeof voids.$inferInsert): Promise<Void> {
  const [inserted] = await db.insert(voids).values(row).returning();
  return inserted!;
}

// ---------------------------------------------------------------------------------------------
// The void report
// ---------------------------------------------------------------------------------------------

export interface DayRange {
  branchId: string;
  from: string;
  to: string;
}

const inRange = ({ branchId, from, to }: DayRange) =>
  and(eq(voids.branchId, branchId), gte(voids.businessDate, from), lte(voids.businessDate, to));

const totals = {
  voids: count().mapWith(Number),
  quantity: sql<number>`coalesce(${sum(voids.quantity)}, 0)`.mapWith(Number),
  valuePaise: sql<number>`coalesce(${sum(voids.valuePaise)}, 0)`.mapWith(Number),
};

export async function voidTotals(db: DbOrTx, range: DayRange) {
  const [row] = await db.select(totals).from(voids).where(inRange(range));
  return row!;
}

export function voidsByDay(db: DbOrTx, range: DayRange) {
  return db
    .select({ date: voids.businessDate, ...totals })
    .from(voids)
    .where(inRange(range))
    .groupBy(voids.businessDate)
    .orderBy(asc(voids.businessDate));
}

/** Totals per value of a text column (who asked, who approved, the reason), the largest first. */
export function voidsBy(
  db: DbOrTx,
  range: DayRange,
  by: 'requestedByName' | 'approvedByName' | 'reason',
) {
  const column = voids[by];
  return db
    .select({ key: column, ...totals })
    .from(voids)
    .where(inRange(range))
    .groupBy(column)
    .orderBy(desc(sql`sum(${voids.valuePaise})`), asc(column));
}

/** A page of the range's voids, newest first. */
export function voidsPage(
  db: DbOrTx,
  range: DayRange,
  page: { limit: number; offset: number },
): Promise<Void[]> {
  return db
    .select()
    .from(voids)
    .where(inRange(range))
    .orderBy(desc(voids.businessDate), desc(voids.createdAt), desc(voids.id))
    .limit(page.limit)
    .offset(page.offset);
}

import { and, asc, count, desc, eq, gte, isNull, lte, max, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  kitchenSettings,
  managerPins,
  orderLines,
  pinAttempts,
  tables,
  users,
  voids,
  type Void,
} from '../../db/schema';

// ---------------------------------------------------------------------------------------------
// Managers' PINs
// ---------------------------------------------------------------------------------------------

/** A live manager of the branch (who may approve a void), with their PIN's hash. */
export async function findManagerPin(db: DbOrTx, branchId: string, userId: string) {
  const query = db
    .select({
      id: users.id,
      name: users.name,
      pinHash: managerPins.pinHash,
    })
    .from(users)
    .innerJoin(managerPins, eq(managerPins.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        eq(users.branchId, branchId),
        eq(users.role, 'branch_manager'),
        eq(users.isActive, true),
      ),
    );
  const [row] = await query;
  return row ?? null;
}

/** When the user's PIN was set (null: none). */
export async function pinSetAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ updatedAt: managerPins.updatedAt })
    .from(managerPins)
    .where(eq(managerPins.userId, userId));
  return row?.updatedAt ?? null;
}

/** Sets (or replaces) a user's PIN hash; its failures and lock start again. */
export async function upsertPin(db: DbOrTx, userId: string, pinHash: string, at: Date) {
  await db
    .insert(managerPins)
    .values({ userId, pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: at })
    .onConflictDoUpdate({
      target: managerPins.userId,
      set: { pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: at },
    });
}

/** Who typed a manager's PIN, where: a person (the signed-in user) on a device (a session). */
export interface PinTyper {
  managerId: string;
  userId: string;
  device: string;
}

/**
 * The typer's failures in a row on this device, their row locked FOR UPDATE (made first when
 * missing): parallel attempts of one person on one device queue here, each seeing the ones
 * before it. `lockedUntil` is the latest lock of this person on any device.
 */
export async function lockPinAttempts(db: DbOrTx, typer: PinTyper) {
  await db.insert(pinAttempts).values(typer).onConflictDoNothing();
  const [row] = await db
    .select({ failedAttempts: pinAttempts.failedAttempts })
    .from(pinAttempts)
    .where(
      and(
        eq(pinAttempts.managerId, typer.managerId),
        eq(pinAttempts.userId, typer.userId),
        eq(pinAttempts.device, typer.device),
      ),
    )
    .for('update');
  const [lock] = await db
    .select({ lockedUntil: max(pinAttempts.lockedUntil) })
    .from(pinAttempts)
    .where(and(eq(pinAttempts.managerId, typer.managerId), eq(pinAttempts.userId, typer.userId)));
  return { failedAttempts: row?.failedAttempts ?? 0, lockedUntil: lock?.lockedUntil ?? null };
}

/** Records a PIN check's outcome for the typer on this device: failures in a row, the lock. */
export async function setPinAttempts(
  db: DbOrTx,
  typer: PinTyper,
  failedAttempts: number,
  lockedUntil: Date | null,
) {
  await db
    .update(pinAttempts)
    .set({ failedAttempts, lockedUntil, updatedAt: new Date() })
    .where(
      and(
        eq(pinAttempts.managerId, typer.managerId),
        eq(pinAttempts.userId, typer.userId),
        eq(pinAttempts.device, typer.device),
      ),
    );
}

/** The email and name of a user (the manager told of a lock of their PIN). */
export async function userContact(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The branch's live managers who have a PIN, by name. */
export function approvers(db: DbOrTx, branchId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(managerPins, eq(managerPins.userId, users.id))
    .where(
      and(eq(users.branchId, branchId), eq(users.role, 'branch_manager'), eq(users.isActive, true)),
    )
    .orderBy(asc(users.name), asc(users.id));
}

// ---------------------------------------------------------------------------------------------
// Voids
// ---------------------------------------------------------------------------------------------

/** The branch's own void reasons (null: none saved, the defaults apply). */
export async function voidReasons(db: DbOrTx, branchId: string): Promise<string[] | null> {
  const [row] = await db
    .select({ voidReasons: kitchenSettings.voidReasons })
    .from(kitchenSettings)
    .where(eq(kitchenSettings.branchId, branchId));
  return row?.voidReasons ?? null;
}

export async function userName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

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

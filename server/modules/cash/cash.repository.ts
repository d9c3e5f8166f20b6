/** The cash drawer's queries (docs/cash.md): every one scoped to the caller's branch. */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { CashCount } from '../../../shared/cash';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/sql';
import { users } from '../users/users.tables';
import { cashCounters, cashEntries, cashSettings, cashShifts, dayCloses } from './cash.tables';

export const DEFAULT_COUNTER_NAME = 'Counter 1';

export async function listCounters(db: DbOrTx, branchId: string) {
  return db
    .select({ id: cashCounters.id, name: cashCounters.name })
    .from(cashCounters)
    .where(and(eq(cashCounters.branchId, branchId), isNull(cashCounters.archivedAt)))
    .orderBy(asc(cashCounters.createdAt), asc(cashCounters.id));
}

/** Adds a counter; null when a live counter of the branch has that name already. */
export async function insertCounter(db: DbOrTx, branchId: string, name: string) {
  const [row] = await db
    .insert(cashCounters)
    .values({ branchId, name })
    .onConflictDoNothing()
    .returning({ id: cashCounters.id, name: cashCounters.name });
  return row ?? null;
}

export async function renameCounter(db: DbOrTx, branchId: string, id: string, name: string) {
  const [row] = await db
    .update(cashCounters)
    .set({ name })
    .where(
      and(
        eq(cashCounters.branchId, branchId),
        eq(cashCounters.id, id),
        isNull(cashCounters.archivedAt),
      ),
    )
    .returning({ id: cashCounters.id, name: cashCounters.name });
  return row ?? null;
}

export async function findCounter(db: DbOrTx, branchId: string, id: string) {
  const [row] = await db
    .select({ id: cashCounters.id, name: cashCounters.name })
    .from(cashCounters)
    .where(
      and(
        eq(cashCounters.branchId, branchId),
        eq(cashCounters.id, id),
        isNull(cashCounters.archivedAt),
      ),
    );
  return row ?? null;
}

export async function differenceLimit(db: DbOrTx, branchId: string): Promise<number | null> {
  const [row] = await db
    .select({ limit: cashSettings.differenceLimitPaise })
    .from(cashSettings)
    .where(eq(cashSettings.branchId, branchId));
  return row?.limit ?? null;
}

export async function saveDifferenceLimit(db: DbOrTx, branchId: string, limit: number) {
  await db
    .insert(cashSettings)
    .values({ branchId, differenceLimitPaise: limit })
    .onConflictDoUpdate({ target: cashSettings.branchId, set: { differenceLimitPaise: limit } });
}

/** Opens a shift; null when the key was used already or the counter has an open shift. */
export async function insertShift(
  db: DbOrTx,
  values: {
    branchId: string;
    counterId: string;
    businessDate: string;
    idempotencyKey: string;
    openedAt: Date;
    openedBy: string;
    openingCount: CashCount;
    floatPaise: number;
  },
) {
  const [row] = await db
    .insert(cashShifts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: cashShifts.id });
  return row?.id ?? null;
}

export async function shiftIdByKey(db: DbOrTx, branchId: string, key: string) {
  const [row] = await db
    .select({ id: cashShifts.id })
    .from(cashShifts)
    .where(and(eq(cashShifts.branchId, branchId), eq(cashShifts.idempotencyKey, key)));
  return row?.id ?? null;
}

/**
 * The shift's row, locked: FOR UPDATE to close it (cash in flight waits, then lands in no
 * closed shift: cash.functions.sql), FOR SHARE to add an entry. Null when it is not there.
 */
export async function lockShift(
  db: DbOrTx,
  branchId: string,
  id: string,
  mode: 'update' | 'share',
) {
  const rows = rowsOf<{
    id: string;
    closed: boolean;
    business_date: string;
    float_paise: number;
  }>(
    await db.execute(sql`select id, closed_at is not null as closed, business_date::text,
        float_paise
      from cash_shifts where branch_id = ${branchId} and id = ${id}
      ${mode === 'update' ? sql`for update` : sql`for share`}`),
  );
  const row = rows[0];
  return row ? { ...row, floatPaise: Number(row.float_paise) } : null;
}

export async function insertEntry(
  db: DbOrTx,
  values: {
    branchId: string;
    shiftId: string;
    kind: 'in' | 'out';
    amountPaise: number;
    reason: string;
    note: string;
    idempotencyKey: string;
    createdAt: Date;
    createdBy: string;
  },
) {
  const [row] = await db
    .insert(cashEntries)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: cashEntries.id });
  return row?.id ?? null;
}

export async function entryShiftByKey(db: DbOrTx, branchId: string, key: string) {
  const [row] = await db
    .select({ shiftId: cashEntries.shiftId })
    .from(cashEntries)
    .where(and(eq(cashEntries.branchId, branchId), eq(cashEntries.idempotencyKey, key)));
  return row?.shiftId ?? null;
}

/** What moved through a shift's drawer so far, added up from what names it. */
export async function movementsOf(db: DbOrTx, branchId: string, shiftId: string) {
  const rows = rowsOf<{ received: string; refunded: string; cash_in: string; cash_out: string }>(
    await db.execute(sql`select
      (select coalesce(sum(p.amount_paise), 0) from bill_payments p
        where p.branch_id = ${branchId} and p.shift_id = ${shiftId}) as received,
      (select coalesce(sum(r.amount_paise), 0) from bill_refunds r
        where r.branch_id = ${branchId} and r.shift_id = ${shiftId}) as refunded,
      (select coalesce(sum(e.amount_paise) filter (where e.kind = 'in'), 0) from cash_entries e
        where e.branch_id = ${branchId} and e.shift_id = ${shiftId}) as cash_in,
      (select coalesce(sum(e.amount_paise) filter (where e.kind = 'out'), 0) from cash_entries e
        where e.branch_id = ${branchId} and e.shift_id = ${shiftId}) as cash_out`),
  );
  const row = rows[0]!;
  return {
    cashReceivedPaise: Number(row.received),
    cashRefundedPaise: Number(row.refunded),
    cashInPaise: Number(row.cash_in),
    cashOutPaise: Number(row.cash_out),
  };
}

export async function closeShift(
  db: DbOrTx,
  branchId: string,
  id: string,
  values: {
    closedAt: Date;
    closedBy: string;
    closingCount: CashCount;
    countedPaise: number;
    cashReceivedPaise: number;
    cashRefundedPaise: number;
    cashInPaise: number;
    cashOutPaise: number;
    expectedPaise: number;
    differencePaise: number;
    note: string;
    approvedBy: string | null;
  },
) {
  await db
    .update(cashShifts)
    .set(values)
    .where(and(eq(cashShifts.branchId, branchId), eq(cashShifts.id, id)));
}

const openedByUser = sql<
  string | null
>`(select u.name from users u where u.id = ${cashShifts.openedBy})`;
const closedByUser = sql<
  string | null
>`(select u.name from users u where u.id = ${cashShifts.closedBy})`;
const approvedByUser = sql<
  string | null
>`(select u.name from users u where u.id = ${cashShifts.approvedBy})`;

/**
 * Shifts with their counter's and people's names: of a day (with `openBefore`, also the shifts
 * of earlier days still open: a drawer left open overnight), or by id.
 */
export async function readShifts(db: DbOrTx, branchId: string, where: ShiftsWhere) {
  return db
    .select({
      id: cashShifts.id,
      counterId: cashShifts.counterId,
      counterName: cashCounters.name,
      businessDate: cashShifts.businessDate,
      openedAt: cashShifts.openedAt,
      openedBy: openedByUser,
      openingCount: cashShifts.openingCount,
      floatPaise: cashShifts.floatPaise,
      closedAt: cashShifts.closedAt,
      closedBy: closedByUser,
      closingCount: cashShifts.closingCount,
      countedPaise: cashShifts.countedPaise,
      cashReceivedPaise: cashShifts.cashReceivedPaise,
      cashRefundedPaise: cashShifts.cashRefundedPaise,
      cashInPaise: cashShifts.cashInPaise,
      cashOutPaise: cashShifts.cashOutPaise,
      expectedPaise: cashShifts.expectedPaise,
      differencePaise: cashShifts.differencePaise,
      note: cashShifts.note,
      approvedBy: approvedByUser,
    })
    .from(cashShifts)
    .innerJoin(
      cashCounters,
      and(
        eq(cashCounters.branchId, cashShifts.branchId),
        eq(cashCounters.id, cashShifts.counterId),
      ),
    )
    .where(
      and(
        eq(cashShifts.branchId, branchId),
        'ids' in where
          ? inArray(cashShifts.id, where.ids)
          : where.openBefore
            ? or(
                eq(cashShifts.businessDate, where.businessDate),
                and(isNull(cashShifts.closedAt), lt(cashShifts.businessDate, where.businessDate)),
              )
            : eq(cashShifts.businessDate, where.businessDate),
      ),
    )
    .orderBy(asc(cashShifts.openedAt), asc(cashShifts.id));
}

export type ShiftsWhere = { businessDate: string; openBefore?: boolean } | { ids: string[] };

export async function entriesOf(db: DbOrTx, branchId: string, shiftIds: string[]) {
  if (shiftIds.length === 0) return [];
  return db
    .select({
      id: cashEntries.id,
      shiftId: cashEntries.shiftId,
      kind: cashEntries.kind,
      amountPaise: cashEntries.amountPaise,
      reason: cashEntries.reason,
      note: cashEntries.note,
      createdAt: cashEntries.createdAt,
      createdBy: users.name,
    })
    .from(cashEntries)
    .leftJoin(users, eq(users.id, cashEntries.createdBy))
    .where(and(eq(cashEntries.branchId, branchId), inArray(cashEntries.shiftId, shiftIds)))
    .orderBy(asc(cashEntries.createdAt), asc(cashEntries.id));
}

/** The live figures of open shifts, by id (closed ones keep theirs in their row). */
export async function openFigures(db: DbOrTx, branchId: string, shiftIds: string[]) {
  const figures = new Map<string, Awaited<ReturnType<typeof movementsOf>>>();
  for (const id of shiftIds) figures.set(id, await movementsOf(db, branchId, id));
  return figures;
}

export async function openShiftNames(db: DbOrTx, branchId: string, businessDate: string) {
  const rows = await db
    .select({ name: cashCounters.name })
    .from(cashShifts)
    .innerJoin(
      cashCounters,
      and(
        eq(cashCounters.branchId, cashShifts.branchId),
        eq(cashCounters.id, cashShifts.counterId),
      ),
    )
    .where(
      and(
        eq(cashShifts.branchId, branchId),
        eq(cashShifts.businessDate, businessDate),
        isNull(cashShifts.closedAt),
      ),
    );
  return rows.map((row) => row.name);
}

// --- day close --------------------------------------------------------------------------------

export async function dayClose(db: DbOrTx, branchId: string, businessDate: string) {
  const [row] = await db
    .select({
      closedAt: dayCloses.closedAt,
      closedBy: sql<string | null>`(select u.name from users u where u.id = ${dayCloses.closedBy})`,
      reopenedAt: dayCloses.reopenedAt,
      report: dayCloses.report,
    })
    .from(dayCloses)
    .where(and(eq(dayCloses.branchId, branchId), eq(dayCloses.businessDate, businessDate)));
  return row ?? null;
}

export async function isDayClosed(db: DbOrTx, branchId: string, businessDate: string) {
  const row = await dayClose(db, branchId, businessDate);
  return row !== null && row.reopenedAt === null;
}

/** The day's advisory lock, exclusive (cash.functions.sql): writes of the day wait for it. */
export async function lockDay(db: DbOrTx, branchId: string, businessDate: string) {
  await db.execute(sql`select close_day_lock(${branchId}::uuid, ${businessDate}::date)`);
}

export async function saveDayClose(
  db: DbOrTx,
  values: typeof dayCloses.$inferInsert,
): Promise<void> {
  await db
    .insert(dayCloses)
    .values(values)
    .onConflictDoUpdate({
      target: [dayCloses.branchId, dayCloses.businessDate],
      set: {
        closedAt: values.closedAt,
        closedBy: values.closedBy,
        report: values.report,
        reopenedAt: null,
        reopenedBy: null,
        reopenReason: null,
      },
    });
}

export async function reopenDay(
  db: DbOrTx,
  branchId: string,
  businessDate: string,
  values: { reopenedAt: Date; reopenedBy: string; reopenReason: string },
) {
  await db
    .update(dayCloses)
    .set(values)
    .where(and(eq(dayCloses.branchId, branchId), eq(dayCloses.businessDate, businessDate)));
}

/** The closes and reopenings of a day (the audit trail), newest first. */
export async function dayHistory(db: DbOrTx, branchId: string, businessDate: string) {
  return rowsOf<{ action: string; at: Date; by: string | null; reason: string | null }>(
    await db.execute(sql`select a.action, a.created_at as at, u.name as by, a.data->>'reason' as reason
      from audit_log a left join users u on u.id = a.user_id
      where a.branch_id = ${branchId} and a.entity = 'day' and a.entity_id = ${businessDate}
      order by a.created_at desc, a.id desc`),
  );
}

/** The branch's managers' addresses (active accounts): the Z report's mail goes to them. */
export async function managerEmails(db: DbOrTx, branchId: string) {
  const rows = rowsOf<{ email: string }>(
    await db.execute(sql`select email from users
      where branch_id = ${branchId} and role = 'branch_manager' and is_active
      order by email`),
  );
  return rows.map((row) => row.email);
}

export async function userName(db: DbOrTx, userId: string) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

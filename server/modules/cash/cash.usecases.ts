/**
 * The cash drawer (docs/cash.md): counters, shifts with counted floats and closing counts, cash
 * in and out, the difference limit and its manager's approval.
 */
import {
  countTotalPaise,
  DEFAULT_DIFFERENCE_LIMIT_PAISE,
  expectedCashPaise,
  MAX_SHIFT_CASH_PAISE,
} from '../../../shared/cash';
import { businessDate } from '../../../shared/dates';
import type {
  CashEntryBody,
  CashSettings,
  Counter,
  Counters,
  OpenShiftBody,
  Shift,
  Shifts,
} from '../../../shared/schemas/cash.schemas';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor, SessionBranch, ZonedActor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import type { Clock } from '../../lib/clock';
import { publishBranchEvent } from '../../lib/events';
import {
  counterBusy,
  counterNameTaken,
  counterNotFound,
  shiftClosed,
  shiftNotFound,
  shiftTotalTooLarge,
} from './cash.errors';
import * as repo from './cash.repository';

// --- counters -------------------------------------------------------------------------------

/** The branch's counters; a branch without any gets "Counter 1" (parallel calls make one). */
export async function listCounters({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<Counters> {
  let items = await repo.listCounters(db, branchId);
  if (items.length === 0) {
    await repo.insertCounter(db, branchId, repo.DEFAULT_COUNTER_NAME);
    items = await repo.listCounters(db, branchId);
  }
  return { items };
}

export async function addCounter({
  db,
  clock,
  branchId,
  userId,
  name,
}: Actor & { name: string }): Promise<Counter> {
  return db.transaction(async (tx) => {
    const counter = await repo.insertCounter(tx, branchId, name);
    if (!counter) throw counterNameTaken(name);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'counter.create',
      entity: 'counter',
      entityId: counter.id,
      data: { name },
      at: clock(),
    });
    return counter;
  });
}

export async function renameCounter({
  db,
  clock,
  branchId,
  userId,
  id,
  name,
}: Actor & { id: string; name: string }): Promise<Counter> {
  return db.transaction(async (tx) => {
    const before = await repo.findCounter(tx, branchId, id);
    if (!before) throw counterNotFound();
    let counter: Counter | null;
    try {
      counter = await repo.renameCounter(tx, branchId, id, name);
    } catch (error) {
      if (uniqueViolation(error) === 'cash_counters_name_unique') throw counterNameTaken(name);
      throw error;
    }
    if (!counter) throw counterNotFound();
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'counter.rename',
      entity: 'counter',
      entityId: id,
      data: { from: before.name, to: name },
      at: clock(),
    });
    return counter;
  });
}

// --- settings ---------------------------------------------------------------------------------

export async function getCashSettings({
  db,
  branchId,
}: {
  db: DbOrTx;
  branchId: string;
}): Promise<CashSettings> {
  return {
    differenceLimitPaise:
      (await repo.differenceLimit(db, branchId)) ?? DEFAULT_DIFFERENCE_LIMIT_PAISE,
  };
}

export async function saveCashSettings({
  db,
  clock,
  branchId,
  userId,
  settings,
}: Actor & { settings: CashSettings }): Promise<CashSettings> {
  await db.transaction(async (tx) => {
    const before = await getCashSettings({ db: tx, branchId });
    await repo.saveDifferenceLimit(tx, branchId, settings.differenceLimitPaise);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'cash.settings',
      entity: 'branch',
      entityId: branchId,
      data: { from: before, to: settings },
      at: clock(),
    });
  });
  return settings;
}

// --- shifts -----------------------------------------------------------------------------------

/**
 * Shifts as the API answers them. `managerView` false (staff) hides an open shift's expected
 * cash and what it is made of: they count blind.
 */
export async function shiftsById(
  db: DbOrTx,
  branchId: string,
  where: repo.ShiftsWhere,
  managerView: boolean,
): Promise<Shift[]> {
  const rows = await repo.readShifts(db, branchId, where);
  const entries = await repo.entriesOf(
    db,
    branchId,
    rows.map((row) => row.id),
  );
  const open = rows.filter((row) => row.closedAt === null).map((row) => row.id);
  const figures = await repo.openFigures(db, branchId, open);
  return rows.map((row) => {
    const own = entries.filter((entry) => entry.shiftId === row.id);
    const live = figures.get(row.id);
    const movements = live
      ? { floatPaise: row.floatPaise, ...live }
      : {
          floatPaise: row.floatPaise,
          cashReceivedPaise: row.cashReceivedPaise ?? 0,
          cashRefundedPaise: row.cashRefundedPaise ?? 0,
          cashInPaise: row.cashInPaise ?? 0,
          cashOutPaise: row.cashOutPaise ?? 0,
        };
    const hidden = live !== undefined && !managerView;
    return {
      id: row.id,
      counterId: row.counterId,
      counterName: row.counterName,
      businessDate: row.businessDate,
      status: row.closedAt ? 'closed' : 'open',
      openedAt: row.openedAt.toISOString(),
      openedBy: row.openedBy,
      openingCount: row.openingCount,
      floatPaise: row.floatPaise,
      cashReceivedPaise: hidden ? null : movements.cashReceivedPaise,
      cashRefundedPaise: hidden ? null : movements.cashRefundedPaise,
      cashInPaise: movements.cashInPaise,
      cashOutPaise: movements.cashOutPaise,
      expectedPaise: hidden ? null : live ? expectedCashPaise(movements) : row.expectedPaise,
      closedAt: row.closedAt?.toISOString() ?? null,
      closedBy: row.closedBy,
      closingCount: row.closingCount ?? null,
      countedPaise: row.countedPaise,
      differencePaise: row.differencePaise,
      note: row.note,
      approvedBy: row.approvedBy,
      entries: own.map((entry) => ({
        id: entry.id,
        kind: entry.kind as 'in' | 'out',
        amountPaise: entry.amountPaise,
        reason: entry.reason,
        note: entry.note,
        createdAt: entry.createdAt.toISOString(),
        createdBy: entry.createdBy,
      })),
    };
  });
}

export async function oneShift(db: DbOrTx, branchId: string, id: string, managerView: boolean) {
  const [shift] = await shiftsById(db, branchId, { ids: [id] }, managerView);
  if (!shift) throw shiftNotFound();
  return shift;
}

export async function listShifts({
  db,
  clock,
  branchId,
  timeZone,
  date,
  managerView,
}: SessionBranch & {
  db: Db;
  clock: Clock;
  date?: string;
  managerView: boolean;
}): Promise<Shifts> {
  const today = businessDate(clock(), timeZone);
  const day = date ?? today;
  return {
    businessDate: day,
    dayClosed: await repo.isDayClosed(db, branchId, day),
    // Today's list also has a shift left open on an earlier day: it must be closed from here.
    items: await shiftsById(
      db,
      branchId,
      { businessDate: day, openBefore: day === today },
      managerView,
    ),
  };
}

/**
 * Opens a shift at a counter with its counted float, on today's business date. The key makes a
 * retry answer the same shift; a counter with an open shift answers 409 (a unique index, so
 * parallel opens get one shift). A closed day refuses it (the database: 409 day.closed).
 */
export async function openShift({
  db,
  clock,
  branchId,
  timeZone,
  userId,
  input,
  managerView,
}: ZonedActor & { input: OpenShiftBody; managerView: boolean }): Promise<Shift> {
  const id = await db.transaction(async (tx) => {
    const counter = await repo.findCounter(tx, branchId, input.counterId);
    if (!counter) throw counterNotFound();
    const earlier = await repo.shiftIdByKey(tx, branchId, input.idempotencyKey);
    if (earlier) return earlier;
    const now = clock();
    const floatPaise = countTotalPaise(input.openingCount);
    const opened = await repo.insertShift(tx, {
      branchId,
      counterId: counter.id,
      businessDate: businessDate(now, timeZone),
      idempotencyKey: input.idempotencyKey,
      openedAt: now,
      openedBy: userId,
      openingCount: input.openingCount,
      floatPaise,
    });
    if (!opened) {
      const same = await repo.shiftIdByKey(tx, branchId, input.idempotencyKey);
      if (same) return same;
      throw counterBusy(counter.name);
    }
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'shift.open',
      entity: 'shift',
      entityId: opened,
      data: { counter: counter.name, floatPaise },
      at: now,
    });
    await publishBranchEvent(tx, branchId, {
      type: 'cash.changed',
      businessDate: businessDate(now, timeZone),
    });
    return opened;
  });
  return oneShift(db, branchId, id, managerView);
}

/** Cash in or out of an open shift, with its reason; a retry (same key) adds it once. */
export async function addCashEntry({
  db,
  clock,
  branchId,
  userId,
  shiftId,
  input,
  managerView,
}: Actor & { shiftId: string; input: CashEntryBody; managerView: boolean }): Promise<Shift> {
  await db.transaction(async (tx) => {
    const earlier = await repo.entryShiftByKey(tx, branchId, input.idempotencyKey);
    if (earlier === shiftId) return;
    // FOR UPDATE: parallel entries of one shift add up one after another (the cap below).
    const shift = await repo.lockShift(tx, branchId, shiftId, 'update');
    if (!shift) throw shiftNotFound();
    if (shift.closed) throw shiftClosed();
    const sums = await repo.movementsOf(tx, branchId, shiftId);
    const sofar = input.kind === 'in' ? sums.cashInPaise : sums.cashOutPaise;
    if (sofar + input.amountPaise > MAX_SHIFT_CASH_PAISE) {
      throw shiftTotalTooLarge(input.kind, MAX_SHIFT_CASH_PAISE);
    }
    const now = clock();
    const id = await repo.insertEntry(tx, {
      branchId,
      shiftId,
      kind: input.kind,
      amountPaise: input.amountPaise,
      reason: input.reason,
      note: input.note ?? '',
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
      createdBy: userId,
    });
    if (!id) return;
    await recordAudit(tx, {
      branchId,
      userId,
      action: `cash.${input.kind}`,
      entity: 'shift',
      entityId: shiftId,
      data: { amountPaise: input.amountPaise, reason: input.reason },
      at: now,
    });
    await publishBranchEvent(tx, branchId, {
      type: 'cash.changed',
      businessDate: shift.business_date,
    });
  });
  return oneShift(db, branchId, shiftId, managerView);
}

/**
 * Business days (docs/cash.md): the X report of an open day, closing it (the Z report frozen,
 * mailed to the managers), reopening it with a reason, printing its report.
 */
import { businessDate, type IsoDate } from '../../../shared/dates';
import type { CloseDayAnswer, DayReport, DayStatus } from '../../../shared/schemas/cash.schemas';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor, SessionBranch, ZonedActor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { publishBranchEvent } from '../../lib/events';
import type { Mailer } from '../../mail/mailer';
import { getBranchSettings } from '../branches/branches.settings.usecases';
import { queueReportPrint } from '../printing/printing.usecases';
import { dayFuture, dayNotClosed, shiftsOpen } from './cash.errors';
import * as repo from './cash.repository';
import { shiftsById } from './cash.usecases';
import { buildDayReport } from './day-report';
import { dayReportMail } from './day-report-mail';
import { openTablesAtClose } from './open-tables';

/** The name the day's report is headed with. */
async function branchName(db: DbOrTx, branchId: string): Promise<string> {
  return (await getBranchSettings({ db, branchId })).name;
}

/** The day's report: the frozen Z of a closed day, else the X as it is now. */
async function reportOf(
  db: DbOrTx,
  { branchId, timeZone }: SessionBranch,
  date: IsoDate,
  at: Date,
): Promise<{ report: DayReport; closed: boolean; closedAt: Date | null; closedBy: string | null }> {
  const close = await repo.dayClose(db, branchId, date);
  if (close && close.reopenedAt === null) {
    return {
      report: close.report,
      closed: true,
      closedAt: close.closedAt,
      closedBy: close.closedBy,
    };
  }
  const report = await buildDayReport(db, {
    branchId,
    branchName: await branchName(db, branchId),
    businessDate: date,
    timeZone,
    kind: 'X',
    at,
    closedBy: null,
    shifts: await shiftsById(db, branchId, { businessDate: date }, true),
  });
  return { report, closed: false, closedAt: null, closedBy: null };
}

export async function getDay({
  db,
  clock,
  branchId,
  timeZone,
  date,
}: SessionBranch & {
  db: Db;
  clock: Clock;
  date: IsoDate;
}): Promise<DayStatus> {
  const { report, closed, closedAt, closedBy } = await reportOf(
    db,
    { branchId, timeZone },
    date,
    clock(),
  );
  const history = await repo.dayHistory(db, branchId, date);
  return {
    businessDate: date,
    closed,
    closedAt: closedAt?.toISOString() ?? null,
    closedBy,
    openShifts: (await repo.openShiftNames(db, branchId, date)).length,
    openTables: closed ? [] : await openTablesAtClose({ db, clock, branchId, timeZone }),
    history: history.map((row) => ({
      action: row.action === 'day.reopen' ? 'reopen' : 'close',
      at: new Date(row.at).toISOString(),
      by: row.by,
      reason: row.reason,
    })),
    report,
  };
}

/**
 * Closes a business day that has begun and whose shifts are closed: under the day's exclusive
 * lock (writes of the day in flight commit first, later ones are refused), the Z report is
 * added up and frozen, the close goes to the audit trail, and the report is mailed to the
 * branch's managers through the outbox. A closed day answers its Z again (a retry).
 */
export async function closeDay({
  db,
  clock,
  mailer,
  branchId,
  timeZone,
  userId,
  date,
}: ZonedActor & { mailer: Mailer; date: IsoDate }): Promise<CloseDayAnswer> {
  const outcome = await db.transaction(async (tx) => {
    const now = clock();
    if (date > businessDate(now, timeZone)) throw dayFuture();
    await repo.lockDay(tx, branchId, date);
    const earlier = await repo.dayClose(tx, branchId, date);
    if (earlier && earlier.reopenedAt === null) return { report: earlier.report, mailId: null };
    const open = await repo.openShiftNames(tx, branchId, date);
    if (open.length > 0) throw shiftsOpen(open);
    const closedBy = (await repo.userName(tx, userId)) ?? null;
    const report = await buildDayReport(tx, {
      branchId,
      branchName: await branchName(tx, branchId),
      businessDate: date,
      timeZone,
      kind: 'Z',
      at: now,
      closedBy,
      shifts: await shiftsById(tx, branchId, { businessDate: date }, true),
    });
    await repo.saveDayClose(tx, {
      branchId,
      businessDate: date,
      closedAt: now,
      closedBy: userId,
      report,
    });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'day.close',
      entity: 'day',
      entityId: date,
      data: { totalPaise: report.sales.totalPaise, bills: report.bills.count },
      at: now,
    });
    await publishBranchEvent(tx, branchId, { type: 'cash.changed', businessDate: date });
    const mail = dayReportMail(report, timeZone);
    let mailId: string | null = null;
    for (const to of await repo.managerEmails(tx, branchId)) {
      const id = await mailer.queue(tx, { to, ...mail });
      mailId ??= id;
    }
    return { report, mailId };
  });
  return {
    report: outcome.report,
    mail: outcome.mailId ? await mailer.deliverNow(outcome.mailId) : 'none',
  };
}

/** Reopens a closed day with the manager's reason (in the audit trail). */
export async function reopenDay({
  db,
  clock,
  branchId,
  userId,
  date,
  reason,
}: Actor & { date: IsoDate; reason: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockDay(tx, branchId, date);
    if (!(await repo.isDayClosed(tx, branchId, date))) throw dayNotClosed(date);
    const now = clock();
    await repo.reopenDay(tx, branchId, date, {
      reopenedAt: now,
      reopenedBy: userId,
      reopenReason: reason,
    });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'day.reopen',
      entity: 'day',
      entityId: date,
      data: { reason },
      at: now,
    });
    await publishBranchEvent(tx, branchId, { type: 'cash.changed', businessDate: date });
  });
}

/** Queues the day's report (Z if closed, else X as it is now) on a network printer. */
export async function printDay({
  db,
  clock,
  branchId,
  timeZone,
  userId,
  date,
  printerId,
}: ZonedActor & { date: IsoDate; printerId: string }) {
  const now = clock();
  const { report } = await reportOf(db, { branchId, timeZone }, date, now);
  await queueReportPrint(db, { branchId, printerId, report, createdBy: userId, at: now });
}

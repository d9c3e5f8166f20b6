// The print queue's jobs and the receipt settings (docs/printing.md).
import { type PrintJobKind, type PrintJobState } from '../../../shared/printing';
import {
  MAX_PRINT_JOBS,
  type PrintJob,
  type PrintJobs,
  type ReceiptSettings,
} from '../../../shared/schemas/printing.schemas';
import type { DayReport } from '../../../shared/schemas/cash.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { MAX_TEST_PRINTS_PER_HOUR } from '../../../shared/constants';
import { publishBranchEvent } from '../../lib/events';
import { getBillForPrint } from '../billing/billing.usecases';
import {
  jobNotFound,
  jobNotRetryable,
  notNetworkPrinter,
  printerArchived,
  printerNotFound,
  tooManyTestPages,
} from './printing.errors';
import * as repo from './printing.repository';

import { livePrinter } from './printing.printers.usecases';

interface Actor {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function jobOf(row: repo.JobRow): PrintJob {
  return {
    ...row,
    kind: row.kind as PrintJobKind,
    state: row.state as PrintJobState,
    createdAt: row.createdAt.toISOString(),
    printedAt: iso(row.printedAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------

/** print.changed for the jobs' bills and KOTs (one event each), and the senders woken. */
async function queued(tx: DbOrTx, branchId: string, jobs: repo.JobRow[]) {
  if (jobs.length === 0) return;
  await repo.notifySenders(tx, branchId);
  const seen = new Set<string>();
  for (const job of jobs) {
    const key = `${job.billId} ${job.kotId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await publishBranchEvent(tx, branchId, {
      type: 'print.changed',
      billId: job.billId,
      kotId: job.kotId,
    });
  }
}

export async function listJobs({
  db,
  branchId,
  billId,
  kotId,
}: {
  db: Db;
  branchId: string;
  billId?: string;
  kotId?: string;
}): Promise<PrintJobs> {
  const rows = await repo.listJobs(db, branchId, { billId, kotId }, MAX_PRINT_JOBS);
  return { items: rows.map(jobOf) };
}

/** A test page on a network printer (a device's printer prints its own, from the device). */
export function queueTestPage({
  db,
  clock,
  branchId,
  userId,
  printerId,
}: Actor & { printerId: string }): Promise<PrintJob> {
  return db.transaction(async (tx) => {
    const printer = await livePrinter(tx, branchId, printerId);
    if (printer.connection !== 'network') throw notNetworkPrinter();
    const at = clock();
    const hourAgo = new Date(at.getTime() - 60 * 60_000);
    if (
      (await repo.testPagesSinceLocked(tx, branchId, printerId, hourAgo)) >=
      MAX_TEST_PRINTS_PER_HOUR
    ) {
      throw tooManyTestPages();
    }
    const id = await repo.queueTestPage(tx, { branchId, printerId, userId, at });
    const jobs = await repo.jobsByIds(tx, branchId, [id]);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'printer.test',
      entity: 'printer',
      entityId: printerId,
      data: { name: printer.name },
      at,
    });
    await queued(tx, branchId, jobs);
    return jobOf(jobs[0]!);
  });
}

/** A failed job queued again (its tries counted anew); any other state 409. */
export function retryJob({
  db,
  clock,
  branchId,
  userId,
  jobId,
}: Actor & { jobId: string }): Promise<PrintJob> {
  return db.transaction(async (tx) => {
    const job = await repo.findJob(tx, branchId, jobId);
    if (!job) throw jobNotFound();
    if (job.state !== 'failed') throw jobNotRetryable(job.state);
    const printer = await repo.findPrinter(tx, branchId, job.printerId);
    if (printer?.archivedAt) throw printerArchived();
    if (!(await repo.requeueFailedJob(tx, branchId, jobId))) throw jobNotRetryable(job.state);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'print_job.retry',
      entity: 'print_job',
      entityId: jobId,
      data: { kind: job.kind, billId: job.billId, kotId: job.kotId, error: job.error },
      at: clock(),
    });
    const [again] = await repo.jobsByIds(tx, branchId, [jobId]);
    await queued(tx, branchId, [again!]);
    return jobOf(again!);
  });
}

/**
 * A bill printed again (DUPLICATE, no drawer) on every network printer that prints bills.
 * Staff reprint what they may read (getBillForPrint: today's bills and dues), else 404.
 */
export async function reprintBill({
  db,
  clock,
  branchId,
  userId,
  billId,
  anyDay,
}: Actor & { billId: string; anyDay: boolean }): Promise<PrintJobs> {
  const bill = await getBillForPrint({ db, clock, branchId, id: billId, anyDay });
  return db.transaction(async (tx) => {
    const at = clock();
    const ids = await repo.queueBillReprint(tx, { branchId, billId, userId, at });
    const jobs = await repo.jobsByIds(tx, branchId, ids);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'bill.reprint',
      entity: 'bill',
      entityId: billId,
      data: { number: bill.number, printers: jobs.map((job) => job.printerName) },
      at,
    });
    await queued(tx, branchId, jobs);
    return { items: jobs.map(jobOf) };
  });
}

/**
 * A KOT's REPRINT jobs on its network printers, in the transaction of the kitchen's reprint
 * (kitchen.usecases.ts reprintKot, which counts and audits it).
 */
export async function queueKotReprint(
  tx: DbOrTx,
  job: { branchId: string; kotId: string; userId: string; at: Date },
): Promise<void> {
  const ids = await repo.queueKotReprint(tx, job);
  await queued(tx, job.branchId, await repo.jobsByIds(tx, job.branchId, ids));
}

/**
 * A day's X or Z report (docs/cash.md) queued on a live network printer of the branch, in the
 * caller's transaction (the day close's, or the print route's), with the printer's copies; the
 * report is kept as it is now and printed from that. Any other printer answers 404.
 */
export async function queueReportPrint(
  tx: DbOrTx,
  job: {
    branchId: string;
    printerId: string;
    report: DayReport;
    createdBy: string | null;
    /** When it was asked (the caller's clock); the database's time when left out. */
    at?: Date;
  },
): Promise<PrintJob> {
  const { branchId } = job;
  const printer = await repo.findPrinter(tx, branchId, job.printerId);
  if (!printer || printer.archivedAt || printer.connection !== 'network') throw printerNotFound();
  const id = await repo.queueReport(tx, { ...job, copies: printer.copies });
  const jobs = await repo.jobsByIds(tx, branchId, [id]);
  await queued(tx, branchId, jobs);
  return jobOf(jobs[0]!);
}

// ---------------------------------------------------------------------------------------------
// Receipt settings
// ---------------------------------------------------------------------------------------------

const NO_RECEIPT_SETTINGS: ReceiptSettings = { upiVpa: null, footer: null };

export async function getReceiptSettings({
  db,
  branchId,
}: {
  db: DbOrTx;
  branchId: string;
}): Promise<ReceiptSettings> {
  return (await repo.findReceiptSettings(db, branchId)) ?? NO_RECEIPT_SETTINGS;
}

export function saveReceiptSettings({
  db,
  clock,
  branchId,
  userId,
  settings,
}: Actor & { settings: ReceiptSettings }): Promise<ReceiptSettings> {
  return db.transaction(async (tx) => {
    const before = await getReceiptSettings({ db: tx, branchId });
    const at = clock();
    await repo.saveReceiptSettings(tx, branchId, settings, at);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'receipt_settings.update',
      entity: 'receipt_settings',
      entityId: null,
      data: { from: before, to: settings },
      at,
    });
    return getReceiptSettings({ db: tx, branchId });
  });
}

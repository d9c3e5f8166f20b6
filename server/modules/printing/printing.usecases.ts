import {
  MAX_PRINTERS,
  PAPER_COLUMNS,
  type PaperWidth,
  type PrinterConnection,
  type PrintJobKind,
  type PrintJobState,
} from '../../../shared/printing';
import {
  MAX_PRINT_JOBS,
  type Printer,
  type PrinterInput,
  type PrintJob,
  type PrintJobs,
  type ReceiptSettings,
} from '../../../shared/schemas/printing.schemas';
import type { BillPrint } from '../../../shared/schemas/billing.schemas';
import type { DayReport } from '../../../shared/schemas/cash.schemas';
import type { Kot } from '../../../shared/schemas/kitchen.schemas';
import { billUpiUri } from '../../../shared/upi';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { publishBranchEvent } from '../../lib/events';
import { getBranchSettings } from '../branches/branches.settings.usecases';
import { getBillForPrint } from '../billing/billing.usecases';
import { billEscpos, dayReportEscpos, kotEscpos, testPageEscpos } from './escpos';
import { resolvePrinterHost, type PrinterNetworks } from './printer-networks';
import {
  hostNotAllowed,
  hostNotFound,
  jobNotFound,
  jobNotRetryable,
  kotNotFound,
  notNetworkPrinter,
  printerArchived,
  printerNotFound,
  printerRequired,
  stationsNotFound,
  tooManyPrinters,
} from './printing.errors';
import * as repo from './printing.repository';

interface Actor {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function printerOf(row: repo.PrinterRow): Printer {
  return {
    ...row,
    paperWidth: row.paperWidth as PaperWidth,
    connection: row.connection as PrinterConnection,
    createdAt: row.createdAt.toISOString(),
  };
}

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
// Printers
// ---------------------------------------------------------------------------------------------

export async function listPrinters({ db, branchId }: { db: Db; branchId: string }) {
  return { items: (await repo.livePrinters(db, branchId)).map(printerOf) };
}

/** How long saving a printer may wait for its LAN name to resolve. */
const SAVE_LOOKUP_MS = 2_000;

/**
 * What a printer's saved settings must hold beyond their shape: its stations live ones of the
 * branch (400 naming kotStationIds), and a network printer's host an address the server may
 * print to (400 naming host).
 */
async function checkPrinter(
  db: DbOrTx,
  branchId: string,
  printer: PrinterInput,
  networks: PrinterNetworks,
) {
  const stations = printer.kotStationIds;
  if ((await repo.countLiveStations(db, branchId, stations)) !== stations.length) {
    throw stationsNotFound();
  }
  if (printer.connection === 'network' && printer.host !== null) {
    const resolved = await resolvePrinterHost(printer.host, networks, SAVE_LOOKUP_MS);
    if (!resolved.ok && resolved.reason === 'not_found') throw hostNotFound(printer.host);
    if (!resolved.ok) throw hostNotAllowed(resolved.addresses[0] ?? printer.host);
  }
}

/** The audit's view of a printer's settings. */
const settingsOf = (printer: PrinterInput | repo.PrinterRow) => ({
  name: printer.name,
  paperWidth: printer.paperWidth,
  connection: printer.connection,
  host: printer.host,
  port: printer.port,
  printsBills: printer.printsBills,
  printsKots: printer.printsKots,
  kotStationIds: printer.kotStationIds,
  copies: printer.copies,
  cashDrawer: printer.cashDrawer,
});

export async function addPrinter({
  db,
  clock,
  branchId,
  userId,
  printer,
  networks,
}: Actor & { printer: PrinterInput; networks: PrinterNetworks }): Promise<Printer> {
  await checkPrinter(db, branchId, printer, networks);
  return db.transaction(async (tx) => {
    await repo.lockBranchPrinters(tx, branchId);
    if ((await repo.countLivePrinters(tx, branchId)) >= MAX_PRINTERS) throw tooManyPrinters();
    // Stations may have gone since the check above (outside the transaction: a name lookup).
    await checkStations(tx, branchId, printer.kotStationIds);
    const at = clock();
    const row = await repo.insertPrinter(tx, branchId, printer, at);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'printer.create',
      entity: 'printer',
      entityId: row.id,
      data: settingsOf(printer),
      at,
    });
    return printerOf(row);
  });
}

async function checkStations(db: DbOrTx, branchId: string, stationIds: string[]) {
  if ((await repo.countLiveStations(db, branchId, stationIds)) !== stationIds.length) {
    throw stationsNotFound();
  }
}

export async function updatePrinter({
  db,
  clock,
  branchId,
  userId,
  printerId,
  printer,
  networks,
}: Actor & {
  printerId: string;
  printer: PrinterInput;
  networks: PrinterNetworks;
}): Promise<Printer> {
  const found = await repo.findPrinter(db, branchId, printerId);
  if (!found || found.archivedAt) throw printerNotFound();
  await checkPrinter(db, branchId, printer, networks);
  return db.transaction(async (tx) => {
    await repo.lockBranchPrinters(tx, branchId);
    const before = await repo.findPrinter(tx, branchId, printerId);
    if (!before || before.archivedAt) throw printerNotFound();
    await checkStations(tx, branchId, printer.kotStationIds);
    const at = clock();
    const row = (await repo.updatePrinter(tx, branchId, printerId, printer, at))!;
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'printer.update',
      entity: 'printer',
      entityId: printerId,
      data: { from: settingsOf(before), to: settingsOf(printer) },
      at,
    });
    return printerOf(row);
  });
}

/** Archives a printer: its jobs keep its name; jobs still queued fail when their turn comes. */
export function archivePrinter({
  db,
  clock,
  branchId,
  userId,
  printerId,
}: Actor & { printerId: string }): Promise<void> {
  return db.transaction(async (tx) => {
    const at = clock();
    const row = await repo.archivePrinter(tx, branchId, printerId, at);
    if (!row) throw printerNotFound();
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'printer.archive',
      entity: 'printer',
      entityId: printerId,
      data: { name: row.name },
      at,
    });
  });
}

async function livePrinter(db: DbOrTx, branchId: string, printerId: string) {
  const printer = await repo.findPrinter(db, branchId, printerId);
  if (!printer || printer.archivedAt) throw printerNotFound();
  return printer;
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

// ---------------------------------------------------------------------------------------------
// ESC/POS bytes (device printers, and the sender)
// ---------------------------------------------------------------------------------------------

export const columnsOf = (paperWidth: number) => PAPER_COLUMNS[paperWidth as PaperWidth] as 32 | 48;

/** A bill's bytes for `printer`: its QR of the amount due, the branch's footer. */
export async function billBytes({
  db,
  branchId,
  bill,
  printer,
  reprint,
  openDrawer,
  copies,
}: {
  db: DbOrTx;
  branchId: string;
  bill: BillPrint;
  printer: { paperWidth: number };
  reprint: boolean;
  openDrawer: boolean;
  copies: number;
}): Promise<Uint8Array> {
  const settings = await getReceiptSettings({ db, branchId });
  return billEscpos({
    bill,
    columns: columnsOf(printer.paperWidth),
    reprint,
    openDrawer,
    upiUri: billUpiUri(bill, settings.upiVpa, bill.branch.name),
    footer: settings.footer,
    copies,
  });
}

/** A KOT's bytes for `printer`: the parts of `ticketIds` (null: every part). */
export async function kotBytes({
  db,
  branchId,
  kot,
  ticketIds,
  printer,
  reprint,
  copies,
}: {
  db: DbOrTx;
  branchId: string;
  kot: Kot;
  ticketIds: string[] | null;
  printer: { paperWidth: number };
  reprint: boolean;
  copies: number;
}): Promise<Uint8Array> {
  const branch = await getBranchSettings({ db, branchId });
  return kotEscpos({
    kot,
    ticketIds,
    columns: columnsOf(printer.paperWidth),
    reprint,
    copies,
    timeZone: branch.timeZone,
  });
}

export async function testPageBytes({
  db,
  branchId,
  printer,
  at,
}: {
  db: Db;
  branchId: string;
  printer: { name: string; paperWidth: number };
  at: Date;
}): Promise<Uint8Array> {
  const branch = await getBranchSettings({ db, branchId });
  return testPageEscpos({
    printerName: printer.name,
    branchName: branch.name,
    columns: columnsOf(printer.paperWidth),
    at,
    timeZone: branch.timeZone,
    paperWidth: printer.paperWidth as PaperWidth,
  });
}

/** A day report's bytes for `printer`, its times in the branch's zone. */
export async function reportBytes({
  db,
  branchId,
  report,
  printer,
  copies,
  printedAt,
}: {
  db: DbOrTx;
  branchId: string;
  report: DayReport;
  printer: { paperWidth: number };
  copies: number;
  printedAt: Date;
}): Promise<Uint8Array> {
  const branch = await getBranchSettings({ db, branchId });
  return dayReportEscpos({
    report,
    columns: columnsOf(printer.paperWidth),
    timeZone: branch.timeZone,
    printedAt,
    copies,
  });
}

/** GET /api/bills/:billId/escpos: the bill for a device's printer (404 as GET /api/bills/:id). */
export async function billEscposFor({
  db,
  clock,
  branchId,
  billId,
  anyDay,
  printerId,
  reprint,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  billId: string;
  anyDay: boolean;
  printerId: string | undefined;
  reprint: boolean;
}): Promise<Uint8Array> {
  const bill = await getBillForPrint({ db, clock, branchId, id: billId, anyDay });
  if (printerId === undefined) throw printerRequired();
  const printer = await livePrinter(db, branchId, printerId);
  return billBytes({
    db,
    branchId,
    bill,
    printer,
    reprint,
    // The drawer opens on a first print of a bill taken (partly) in cash.
    openDrawer:
      printer.cashDrawer &&
      !reprint &&
      bill.payments.some((payment) => payment.method === 'Cash' && payment.amountPaise > 0),
    copies: printer.copies,
  });
}

/**
 * GET /api/kots/:kotId/escpos: the KOT for a device's printer, only the parts of the stations
 * it prints (none chosen: all); empty when it prints none of them.
 */
export async function kotEscposFor({
  db,
  branchId,
  kotId,
  printerId,
  reprint,
}: {
  db: Db;
  branchId: string;
  kotId: string;
  printerId: string | undefined;
  reprint: boolean;
}): Promise<Uint8Array> {
  const kot = await repo.kotJson(db, branchId, kotId);
  if (!kot) throw kotNotFound();
  if (printerId === undefined) throw printerRequired();
  const printer = await livePrinter(db, branchId, printerId);
  let ticketIds: string[] | null = null;
  if (printer.printsKots && printer.kotStationIds.length > 0) {
    const stations = new Set(printer.kotStationIds);
    ticketIds = kot.tickets
      .filter((ticket) => ticket.stationId !== null && stations.has(ticket.stationId))
      .map((ticket) => ticket.id);
    if (ticketIds.length === 0) return new Uint8Array();
  }
  return kotBytes({ db, branchId, kot, ticketIds, printer, reprint, copies: printer.copies });
}

/** GET /api/printers/:printerId/test-escpos: a test page for a device's printer. */
export async function testEscposFor({
  db,
  clock,
  branchId,
  printerId,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  printerId: string;
}): Promise<Uint8Array> {
  const printer = await livePrinter(db, branchId, printerId);
  return testPageBytes({ db, branchId, printer, at: clock() });
}

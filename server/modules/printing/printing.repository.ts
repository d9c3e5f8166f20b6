import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DayReport } from '../../../shared/schemas/cash.schemas';
import type { Kot } from '../../../shared/schemas/kitchen.schemas';
import type { PrinterInput } from '../../../shared/schemas/printing.schemas';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/sql';
import {
  bills,
  kitchenStations,
  kotTickets,
  kots,
  printers,
  printJobs,
  receiptSettings,
} from '../../db/schema';

/** The channel the print sender LISTENs on (printing.functions.sql notifies it too). */
export const PRINT_JOBS_CHANNEL = 'tf_print_jobs';

// ---------------------------------------------------------------------------------------------
// Printers
// ---------------------------------------------------------------------------------------------

const printerColumns = {
  id: printers.id,
  name: printers.name,
  paperWidth: printers.paperWidth,
  connection: printers.connection,
  host: printers.host,
  port: printers.port,
  printsBills: printers.printsBills,
  printsKots: printers.printsKots,
  kotStationIds: printers.kotStationIds,
  copies: printers.copies,
  cashDrawer: printers.cashDrawer,
  createdAt: printers.createdAt,
};

export type PrinterRow = Awaited<ReturnType<typeof livePrinters>>[number];

export function livePrinters(db: DbOrTx, branchId: string) {
  return db
    .select(printerColumns)
    .from(printers)
    .where(and(eq(printers.branchId, branchId), isNull(printers.archivedAt)))
    .orderBy(asc(printers.createdAt), asc(printers.name), asc(printers.id));
}

/** A printer of the branch, archived too (`archivedAt`: jobs name it). */
export async function findPrinter(db: DbOrTx, branchId: string, printerId: string) {
  const [row] = await db
    .select({ ...printerColumns, archivedAt: printers.archivedAt })
    .from(printers)
    .where(and(eq(printers.branchId, branchId), eq(printers.id, printerId)));
  return row ?? null;
}

export async function countLivePrinters(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(printers)
    .where(and(eq(printers.branchId, branchId), isNull(printers.archivedAt)));
  return row!.n;
}

/** Serialises the printer changes of one branch (the count against MAX_PRINTERS). */
export async function lockBranchPrinters(db: DbOrTx, branchId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('printers'), hashtext(${branchId}))`);
}

export async function insertPrinter(
  db: DbOrTx,
  branchId: string,
  printer: PrinterInput,
  at: Date,
): Promise<PrinterRow> {
  const [row] = await db
    .insert(printers)
    .values({ branchId, ...printer, createdAt: at, updatedAt: at })
    .returning(printerColumns);
  return row!;
}

export async function updatePrinter(
  db: DbOrTx,
  branchId: string,
  printerId: string,
  printer: PrinterInput,
  at: Date,
): Promise<PrinterRow | null> {
  const [row] = await db
    .update(printers)
    .set({ ...printer, updatedAt: at })
    .where(
      and(eq(printers.branchId, branchId), eq(printers.id, printerId), isNull(printers.archivedAt)),
    )
    .returning(printerColumns);
  return row ?? null;
}

export async function archivePrinter(db: DbOrTx, branchId: string, printerId: string, at: Date) {
  const [row] = await db
    .update(printers)
    .set({ archivedAt: at, updatedAt: at })
    .where(
      and(eq(printers.branchId, branchId), eq(printers.id, printerId), isNull(printers.archivedAt)),
    )
    .returning({ name: printers.name });
  return row ?? null;
}

/** How many of `stationIds` are live stations of the branch. */
export async function countLiveStations(db: DbOrTx, branchId: string, stationIds: string[]) {
  if (stationIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(kitchenStations)
    .where(
      and(
        eq(kitchenStations.branchId, branchId),
        inArray(kitchenStations.id, stationIds),
        isNull(kitchenStations.archivedAt),
      ),
    );
  return row!.n;
}

// ---------------------------------------------------------------------------------------------
// Receipt settings
// ---------------------------------------------------------------------------------------------

export async function findReceiptSettings(db: DbOrTx, branchId: string) {
  const [row] = await db
    .select({ upiVpa: receiptSettings.upiVpa, footer: receiptSettings.footer })
    .from(receiptSettings)
    .where(eq(receiptSettings.branchId, branchId));
  return row ?? null;
}

export async function saveReceiptSettings(
  db: DbOrTx,
  branchId: string,
  values: { upiVpa: string | null; footer: string | null },
  at: Date,
) {
  await db
    .insert(receiptSettings)
    .values({ branchId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: receiptSettings.branchId, set: { ...values, updatedAt: at } });
}

// ---------------------------------------------------------------------------------------------
// Jobs as the API shows them
// ---------------------------------------------------------------------------------------------

export type JobRow = Awaited<ReturnType<typeof selectJobs>>[number];

function selectJobs(db: DbOrTx, branchId: string, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: printJobs.id,
      printerId: printJobs.printerId,
      printerName: printers.name,
      kind: printJobs.kind,
      billId: printJobs.billId,
      billNumber: bills.number,
      kotId: kotTickets.kotId,
      kotNumber: kots.number,
      stationName: kotTickets.stationName,
      provisional: sql<{
        tableLabel: string;
        printNumber: number;
      } | null>`case when ${printJobs.provisional} is null then null else jsonb_build_object('tableLabel', ${printJobs.provisional}->'bill'->'tableLabel', 'printNumber', ${printJobs.provisional}->'printNumber') end`,
      reprint: printJobs.reprint,
      copies: printJobs.copies,
      state: printJobs.state,
      attempts: printJobs.attempts,
      error: printJobs.error,
      createdAt: printJobs.createdAt,
      printedAt: printJobs.printedAt,
    })
    .from(printJobs)
    .innerJoin(
      printers,
      and(eq(printers.branchId, printJobs.branchId), eq(printers.id, printJobs.printerId)),
    )
    .leftJoin(bills, and(eq(bills.branchId, printJobs.branchId), eq(bills.id, printJobs.billId)))
    .leftJoin(
      kotTickets,
      and(eq(kotTickets.branchId, printJobs.branchId), eq(kotTickets.id, printJobs.kotTicketId)),
    )
    .leftJoin(kots, and(eq(kots.branchId, kotTickets.branchId), eq(kots.id, kotTickets.kotId)))
    .where(and(eq(printJobs.branchId, branchId), where))
    .orderBy(desc(printJobs.createdAt), desc(printJobs.id))
    .limit(limit);
}

/** The branch's jobs, newest first: of a bill, of a KOT (its parts), or all. */
export function listJobs(
  db: DbOrTx,
  branchId: string,
  filter: { billId?: string; kotId?: string },
  limit: number,
) {
  return selectJobs(
    db,
    branchId,
    and(
      filter.billId === undefined ? undefined : eq(printJobs.billId, filter.billId),
      filter.kotId === undefined ? undefined : eq(kotTickets.kotId, filter.kotId),
    ),
    limit,
  );
}

export async function findJob(db: DbOrTx, branchId: string, jobId: string) {
  const [row] = await selectJobs(db, branchId, eq(printJobs.id, jobId), 1);
  return row ?? null;
}

export function jobsByIds(db: DbOrTx, branchId: string, jobIds: string[]) {
  if (jobIds.length === 0) return Promise.resolve([]);
  return selectJobs(db, branchId, inArray(printJobs.id, jobIds), jobIds.length);
}

// ---------------------------------------------------------------------------------------------
// Queueing (routes): reprints, test pages, a failed job again
// ---------------------------------------------------------------------------------------------

/** Wakes every print sender when the caller's transaction commits. */
export async function notifySenders(db: DbOrTx, branchId: string) {
  await db.execute(sql`select pg_notify(${PRINT_JOBS_CHANNEL}, ${branchId})`);
}

/**
 * A bill's reprint (DUPLICATE) on every live network printer of the branch that prints bills,
 * with its copies and no drawer; answers the new jobs' ids.
 */
export async function queueBillReprint(
  db: DbOrTx,
  job: { branchId: string; billId: string; userId: string; at: Date },
): Promise<string[]> {
  const result = await db.execute(sql`
    insert into print_jobs (branch_id, id, printer_id, kind, bill_id, reprint, copies,
      open_drawer, created_by, created_at)
    select ${job.branchId}::uuid, tf_uuid_v7(clock_timestamp()), p.id, 'bill', ${job.billId}::uuid,
      true, p.copies, false, ${job.userId}::uuid, ${job.at.toISOString()}::timestamptz
    from printers p
    where p.branch_id = ${job.branchId}::uuid and p.archived_at is null and p.prints_bills
      and p.connection = 'network'
    order by p.created_at, p.id
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/**
 * A KOT's reprint (REPRINT): for each of its parts, a job on every live network printer that
 * prints KOTs of the part's station (no stations chosen: every station), as the send's trigger
 * does; answers the new jobs' ids.
 */
export async function queueKotReprint(
  db: DbOrTx,
  job: { branchId: string; kotId: string; userId: string; at: Date },
): Promise<string[]> {
  const result = await db.execute(sql`
    insert into print_jobs (branch_id, id, printer_id, kind, kot_ticket_id, reprint, copies,
      created_by, created_at)
    select t.branch_id, tf_uuid_v7(clock_timestamp()), p.id, 'kot', t.id, true, p.copies,
      ${job.userId}::uuid, ${job.at.toISOString()}::timestamptz
    from kot_tickets t
    join printers p on p.branch_id = t.branch_id and p.archived_at is null and p.prints_kots
      and p.connection = 'network'
      and (cardinality(p.kot_station_ids) = 0 or t.station_id = any (p.kot_station_ids))
    where t.branch_id = ${job.branchId}::uuid and t.kot_id = ${job.kotId}::uuid
    order by t.id, p.created_at, p.id
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/**
 * The test pages queued for a printer since `since`, counted under a lock of the printer's row
 * (held to the end of the transaction): parallel test pages cannot pass the limit together.
 */
export async function testPagesSinceLocked(
  tx: DbOrTx,
  branchId: string,
  printerId: string,
  since: Date,
): Promise<number> {
  await tx
    .select({ id: printers.id })
    .from(printers)
    .where(and(eq(printers.branchId, branchId), eq(printers.id, printerId)))
    .for('update');
  const [row] = await tx
    .select({ n: count() })
    .from(printJobs)
    .where(
      and(
        eq(printJobs.branchId, branchId),
        eq(printJobs.printerId, printerId),
        eq(printJobs.kind, 'test'),
        gt(printJobs.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function queueTestPage(
  db: DbOrTx,
  job: { branchId: string; printerId: string; userId: string; at: Date },
): Promise<string> {
  const [row] = await db
    .insert(printJobs)
    .values({
      branchId: job.branchId,
      printerId: job.printerId,
      kind: 'test',
      copies: 1,
      createdBy: job.userId,
      createdAt: job.at,
    })
    .returning({ id: printJobs.id });
  return row!.id;
}

/** A day's X or Z report on one printer, its copies the printer's; answers the job's id. */
export async function queueReport(
  db: DbOrTx,
  job: {
    branchId: string;
    printerId: string;
    report: DayReport;
    copies: number;
    createdBy: string | null;
    at?: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(printJobs)
    .values({
      branchId: job.branchId,
      printerId: job.printerId,
      kind: 'report',
      report: job.report,
      copies: job.copies,
      createdBy: job.createdBy,
      createdAt: job.at,
    })
    .returning({ id: printJobs.id });
  return row!.id;
}

/** A failed job queued again, its tries counted anew; null when it is not failed (or not the branch's). */
export async function requeueFailedJob(db: DbOrTx, branchId: string, jobId: string) {
  const [row] = await db
    .update(printJobs)
    .set({
      state: 'queued',
      attempts: 0,
      error: null,
      leaseUntil: null,
      dueAt: sql`now()`,
    })
    .where(
      and(eq(printJobs.branchId, branchId), eq(printJobs.id, jobId), eq(printJobs.state, 'failed')),
    )
    .returning({ id: printJobs.id });
  return row ?? null;
}

/** The KOT as the API answers it (kot_json), or null when it is not the branch's. */
export async function kotJson(db: DbOrTx, branchId: string, kotId: string): Promise<Kot | null> {
  const result = await db.execute(sql`select kot_json(${branchId}::uuid, ${kotId}::uuid) as kot`);
  return (rowsOf<{ kot: Kot | null }>(result)[0]?.kot as Kot | null) ?? null;
}

/** The report a report job prints, as it was when asked (null: no such job, or not a report's). */
export async function jobReport(db: DbOrTx, branchId: string, jobId: string) {
  const [row] = await db
    .select({ report: printJobs.report })
    .from(printJobs)
    .where(and(eq(printJobs.branchId, branchId), eq(printJobs.id, jobId)));
  return row?.report ?? null;
}

export async function kotExists(db: DbOrTx, branchId: string, kotId: string) {
  const [row] = await db
    .select({ id: kots.id })
    .from(kots)
    .where(and(eq(kots.branchId, branchId), eq(kots.id, kotId)));
  return row !== undefined;
}

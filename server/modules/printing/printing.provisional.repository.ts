// A table's provisional bill as print jobs (docs/printing.md, "Provisional bill").
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ProvisionalPrint } from '../../../shared/schemas/bill-print.schemas';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/sql';
import { printers, printJobs } from '../../db/schema';

/**
 * A table's provisional bill on one printer (kind 'provisional', one copy: it is for the guest
 * to check): queued for a network printer, or recorded as `printed` for a device's printer (its
 * browser prints the bytes). Answers the job's id.
 */
export async function insertProvisionalJob(
  db: DbOrTx,
  job: {
    branchId: string;
    printerId: string;
    provisional: ProvisionalPrint;
    createdBy: string;
    at: Date;
    /** A device's printer: printed by its browser, recorded as printed. */
    printed: boolean;
  },
): Promise<string> {
  const [row] = await db
    .insert(printJobs)
    .values({
      branchId: job.branchId,
      printerId: job.printerId,
      kind: 'provisional',
      provisional: job.provisional,
      reprint: job.provisional.printNumber > 1,
      createdBy: job.createdBy,
      createdAt: job.at,
      ...(job.printed ? { state: 'printed', printedAt: job.at } : {}),
    })
    .returning({ id: printJobs.id });
  return row!.id;
}

/**
 * How many times the table's open order (opened at `openedAt`) had its provisional bill printed:
 * the highest print number of its jobs since then (0: never). The caller holds the table's
 * provisional-print lock, so two prints never take one number.
 */
export async function lastProvisionalPrint(
  db: DbOrTx,
  branchId: string,
  tableId: string,
  openedAt: Date,
): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(max((provisional->>'printNumber')::int), 0) as n from print_jobs
    where branch_id = ${branchId} and kind = 'provisional' and created_at >= ${openedAt.toISOString()}
      and provisional->'bill'->>'tableId' = ${tableId}`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** The branch's live network printers that print bills, in the order they were added. */
export function networkBillPrinters(db: DbOrTx, branchId: string) {
  return db
    .select({ id: printers.id, name: printers.name })
    .from(printers)
    .where(
      and(
        eq(printers.branchId, branchId),
        isNull(printers.archivedAt),
        eq(printers.printsBills, true),
        eq(printers.connection, 'network'),
      ),
    )
    .orderBy(asc(printers.createdAt), asc(printers.id));
}

/** Serialises the provisional prints of one table until the caller's transaction ends. */
export async function lockProvisionalPrints(db: DbOrTx, branchId: string, tableId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`provisional:${branchId}:${tableId}`}, 0))`,
  );
}

/** The provisional bill a job prints, as it was when asked (null: no such job, or not one). */
export async function jobProvisional(db: DbOrTx, branchId: string, jobId: string) {
  const [row] = await db
    .select({ provisional: printJobs.provisional })
    .from(printJobs)
    .where(and(eq(printJobs.branchId, branchId), eq(printJobs.id, jobId)));
  return row?.provisional ?? null;
}

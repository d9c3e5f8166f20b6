// The print sender's queries (print-queue.ts): take due jobs under a lease, mark them.
import { and, eq, sql } from 'drizzle-orm';
import type { PrintJobKind } from '../../../shared/printing';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/sql';
import { printJobs } from '../../db/schema';

// ---------------------------------------------------------------------------------------------
// The sender (print-queue.ts)
// ---------------------------------------------------------------------------------------------

/** A job the sender took, with the KOT of its part (a KOT job). */
export interface ClaimedJob {
  branchId: string;
  id: string;
  printerId: string;
  kind: PrintJobKind;
  billId: string | null;
  kotTicketId: string | null;
  kotId: string | null;
  reprint: boolean;
  copies: number;
  openDrawer: boolean;
  /** This try's number (counted when taken): the fence of the updates after it. */
  attempts: number;
  createdAt: Date;
}

/**
 * Takes up to `limit` due jobs of every branch nobody holds: queued ones whose time has come and
 * ones still `sending` whose lease ended (their sender died). Rows another sender is taking
 * right now are skipped, not waited for; each taken job is `sending` until now + `leaseMs`, its
 * try counted. One statement, so the take and the count are one.
 */
export async function claimJobs(db: DbOrTx, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`
    with due as (
      select branch_id, id from print_jobs
      where (state = 'queued' and due_at <= now()) or (state = 'sending' and lease_until < now())
      order by due_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update print_jobs j
      set state = 'sending', lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
        attempts = j.attempts + 1
      from due
      where j.branch_id = due.branch_id and j.id = due.id
      returning j.branch_id, j.id, j.printer_id, j.kind, j.bill_id, j.kot_ticket_id, j.reprint,
        j.copies, j.open_drawer, j.attempts, j.created_at
    )
    select c.branch_id, c.id, c.printer_id, c.kind, c.bill_id, c.kot_ticket_id, t.kot_id,
      c.reprint, c.copies, c.open_drawer, c.attempts, c.created_at
    from claimed c
    left join kot_tickets t on t.branch_id = c.branch_id and t.id = c.kot_ticket_id
    order by c.created_at, c.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    branchId: row.branch_id as string,
    id: row.id as string,
    printerId: row.printer_id as string,
    kind: row.kind as ClaimedJob['kind'],
    billId: (row.bill_id as string | null) ?? null,
    kotTicketId: (row.kot_ticket_id as string | null) ?? null,
    kotId: (row.kot_id as string | null) ?? null,
    reprint: row.reprint as boolean,
    copies: Number(row.copies),
    openDrawer: row.open_drawer as boolean,
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at as string | Date),
  }));
}

/** The job's row while this try still owns it (`sending`, the same try): else nothing changes. */
const ownedBy = (job: ClaimedJob) =>
  and(
    eq(printJobs.branchId, job.branchId),
    eq(printJobs.id, job.id),
    eq(printJobs.state, 'sending'),
    eq(printJobs.attempts, job.attempts),
  );

export async function markPrinted(db: DbOrTx, job: ClaimedJob): Promise<boolean> {
  const rows = await db
    .update(printJobs)
    .set({ state: 'printed', printedAt: sql`now()`, leaseUntil: null, error: null })
    .where(ownedBy(job))
    .returning({ id: printJobs.id });
  return rows.length > 0;
}

/** A failed try: queued again after `retryInMs`, or `failed` for good when it is null. */
export async function markFailedTry(
  db: DbOrTx,
  job: ClaimedJob,
  reason: string,
  retryInMs: number | null,
): Promise<boolean> {
  const rows = await db
    .update(printJobs)
    .set(
      retryInMs === null
        ? { state: 'failed', error: reason, leaseUntil: null }
        : {
            state: 'queued',
            error: reason,
            leaseUntil: null,
            dueAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          },
    )
    .where(ownedBy(job))
    .returning({ id: printJobs.id });
  return rows.length > 0;
}

/** Jobs taken but not tried (the sender is closing): queued again at once, the try not counted. */
export async function releaseJob(db: DbOrTx, job: ClaimedJob): Promise<boolean> {
  const rows = await db
    .update(printJobs)
    .set({ state: 'queued', leaseUntil: null, attempts: sql`${printJobs.attempts} - 1` })
    .where(ownedBy(job))
    .returning({ id: printJobs.id });
  return rows.length > 0;
}

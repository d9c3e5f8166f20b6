import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/** Anything that can run a query: the database or a transaction. */
type Executor = Pick<Db, 'insert'>;

export interface AuditEntry {
  /** The branch the change belongs to; null for platform-wide changes. */
  branchId: string | null;
  /** Who made the change (null for the system itself). */
  userId: string | null;
  /** What happened, `<entity>.<verb>`: 'branch.create', 'staff.deactivate', 'bill.settle'. */
  action: string;
  entity: string;
  entityId: string | null;
  /** What changed (from → to); never a password, hash or token. */
  data?: Record<string, unknown>;
  at: Date;
}

/**
 * The one way to write the audit trail. Call it inside the transaction of the change it
 * describes, so the trail holds exactly the changes that happened.
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, [entry]);
}

/** `recordAudit` of many entries in one statement (the demo seed's history). */
export async function recordAudits(tx: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      branchId: entry.branchId,
      userId: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      data: entry.data ?? null,
      createdAt: entry.at,
    })),
  );
}

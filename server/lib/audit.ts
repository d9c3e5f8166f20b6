import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Anything that can run a query: the database or a transaction. */
type Executor = Pick<Db, 'execute'>;

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

/**
 * `recordAudit` of many entries in one statement (the demo seed's history), through the
 * database's `record_audit` (audit.functions.sql), which SQL functions call too.
 */
export async function recordAudits(tx: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({
    branch_id: entry.branchId,
    user_id: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    data: entry.data ?? null,
    created_at: entry.at.toISOString(),
  }));
  await tx.execute(sql`select record_audit(${JSON.stringify(rows)}::json)`);
}

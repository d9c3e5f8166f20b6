/** The audit trail: who changed what. */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns';

/** Who changed what. No foreign keys on purpose: the trail must outlive what it describes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id().primaryKey(),
    branchId: uuid('branch_id'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_branch_created_at_idx').on(t.branchId, t.createdAt),
    // One thing's trail, e.g. a bill's status history on its Associated Orders panel.
    index('audit_log_entity_idx').on(t.branchId, t.entity, t.entityId),
  ],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;

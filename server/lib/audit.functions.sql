-- The audit trail's database function: its one current definition (a migration carries it to
-- the database: server/db/database-functions.ts). server/lib/audit.ts recordAudits calls it for
-- TypeScript; SQL functions (billing's pay_table) call it directly: one way to write the trail.
--
-- record_audit: writes the entries p_entries (a JSON array of audit_log's columns by name:
-- id (made here when absent), branch_id, user_id, action, entity, entity_id, data, created_at),
-- in the caller's transaction.
CREATE OR REPLACE FUNCTION "record_audit"("p_entries" json) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (id, branch_id, user_id, action, entity, entity_id, data, created_at)
  SELECT coalesce(a.id, tf_uuid_v7(clock_timestamp())), a.branch_id, a.user_id, a.action,
    a.entity, a.entity_id, a.data, a.created_at
  FROM json_populate_recordset(NULL::audit_log, p_entries) a;
END
$$;

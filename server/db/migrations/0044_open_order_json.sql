-- tables.functions.sql (open_order_json): the open order as one statement reads it, for the
-- tables module and the payment's context alike.
-- open_order_json: a live table's open order as one statement reads it (the tables module's
-- own read, and a payment's, which reads it with its context in one statement): its label,
-- version, guests and lines (order_lines_json); null for a table that is not a live one of the
-- branch. STABLE: one snapshot, so the lines are those of the version.
CREATE OR REPLACE FUNCTION "open_order_json"("p_branch" uuid, "p_table" uuid) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT json_build_object('label', t.label, 'version', t.version, 'guests', t.guests,
    'lines', order_lines_json(t.branch_id, t.id))
  FROM tables t
  WHERE t.branch_id = p_branch AND t.id = p_table AND t.archived_at IS NULL
$$;

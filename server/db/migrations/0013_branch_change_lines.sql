-- change_branch_lines: the taps on SEVERAL tables of one branch in one call, one transaction
-- and one commit (group commit across tables). The server sends the taps of a branch that arrive
-- while its previous call is still running together (server/modules/tables/tables.usecases.ts).
-- 1. The tables' rows are locked in id order, skipping any row another transaction holds (a
--    payment, a rename, another server's taps) and any table that is archived or not the
--    branch's: no tap waits here for another table's lock, and no lock order can deadlock.
-- 2. Each locked table's taps go through change_order_lines (migration 0011), in the order sent.
-- 3. The answer: a row per table in the order of p_calls; `busy` when its row was not locked
--    (nothing of that table was done: the server sends its taps again on their own, where they
--    wait for the row or learn that the table is gone), else change_order_lines's answer.
-- p_calls: a JSON array of { "table": uuid, "taps": [ change_order_lines's taps ] }, each table
-- once.
CREATE FUNCTION "change_branch_lines"("p_branch" uuid, "p_calls" json, "p_at" timestamptz)
RETURNS TABLE ("table_id" uuid, "busy" boolean, "statuses" text[], "label" text,
  "version" integer, "lines" json)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_call record;
  v_locked uuid[];
BEGIN
  v_locked := ARRAY(
    SELECT t.id FROM tables t
    WHERE t.branch_id = p_branch AND t.archived_at IS NULL
      AND t.id IN (SELECT (c->>'table')::uuid FROM json_array_elements(p_calls) AS c)
    ORDER BY t.id
    FOR UPDATE SKIP LOCKED
  );
  FOR v_call IN
    SELECT (c.call->>'table')::uuid AS id, c.call->'taps' AS taps
    FROM json_array_elements(p_calls) WITH ORDINALITY AS c(call, n)
    ORDER BY c.n
  LOOP
    IF v_call.id = ANY (v_locked) THEN
      RETURN QUERY SELECT v_call.id, false, o.statuses, o.label, o.version, o.lines
        FROM change_order_lines(p_branch, v_call.id, v_call.taps, p_at) AS o;
    ELSE
      RETURN QUERY SELECT v_call.id, true, NULL::text[], NULL::text, NULL::integer, NULL::json;
    END IF;
  END LOOP;
END
$$;

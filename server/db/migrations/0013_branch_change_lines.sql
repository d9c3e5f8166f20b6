-- change_order_lines again (migration 0011), with one more step before the op id is recorded:
-- a tap that adds would take the order's total above MAX_ORDER_TOTAL_PAISE (shared/money.ts,
-- ₹1,00,00,000) is 'order_too_large' and changes nothing (the line's own price when it has
-- one, else the product's). Bills, their lines and the tables' list keep money in 32-bit
-- integers: an order over about ₹2.1 crore would not fit them.
CREATE OR REPLACE FUNCTION "change_order_lines"(
  "p_branch" uuid, "p_table" uuid, "p_taps" json, "p_at" timestamptz
) RETURNS TABLE ("statuses" text[], "label" text, "version" integer, "lines" json)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_tap record;
  v_name text;
  v_price integer;
  v_label text;
  v_version integer;
  v_locked boolean := false;
  v_applied integer := 0;
  v_statuses text[] := '{}';
BEGIN
  FOR v_tap IN
    SELECT (t.tap->>'op')::uuid AS op, (t.tap->>'product')::uuid AS product,
      (t.tap->>'delta')::integer AS delta, (t.tap->>'line')::uuid AS line
    FROM json_array_elements(p_taps) WITH ORDINALITY AS t(tap, n)
    ORDER BY t.n
  LOOP
    IF EXISTS (SELECT 1 FROM order_ops o WHERE o.branch_id = p_branch AND o.op_id = v_tap.op) THEN
      v_statuses := v_statuses || 'replayed'::text;
      CONTINUE;
    END IF;
    v_name := NULL;
    SELECT p.name, p.price_paise INTO v_name, v_price
    FROM products p
    WHERE p.branch_id = p_branch AND p.id = v_tap.product AND p.archived_at IS NULL;
    IF v_name IS NULL AND NOT (v_tap.delta < 0 AND EXISTS (
      SELECT 1 FROM order_lines l
      WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.product_id = v_tap.product
    )) THEN
      v_statuses := v_statuses || 'product_not_found'::text;
      CONTINUE;
    END IF;
    IF NOT v_locked THEN
      UPDATE tables t SET version = t.version + 1
      WHERE t.branch_id = p_branch AND t.id = p_table AND t.archived_at IS NULL
      RETURNING t.label, t.version INTO v_label, v_version;
      IF NOT FOUND THEN
        v_statuses := v_statuses || 'table_not_found'::text;
        CONTINUE;
      END IF;
      v_locked := true;
    END IF;
    IF v_tap.delta > 0 AND (
      SELECT coalesce(sum(l.quantity::bigint * l.unit_price_paise), 0) FROM order_lines l
      WHERE l.branch_id = p_branch AND l.table_id = p_table
    ) + v_tap.delta::bigint * coalesce((
      SELECT l.unit_price_paise FROM order_lines l
      WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.product_id = v_tap.product
    ), v_price) > 1000000000 THEN
      v_statuses := v_statuses || 'order_too_large'::text;
      CONTINUE;
    END IF;
    INSERT INTO order_ops (branch_id, op_id, created_at) VALUES (p_branch, v_tap.op, p_at)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      v_statuses := v_statuses || 'replayed'::text;
      CONTINUE;
    END IF;
    IF v_tap.delta > 0 THEN
      INSERT INTO order_lines AS l
        (branch_id, id, table_id, product_id, name, unit_price_paise, quantity, created_at, updated_at)
      VALUES (p_branch, v_tap.line, p_table, v_tap.product, v_name, v_price, v_tap.delta, p_at, p_at)
      ON CONFLICT (branch_id, table_id, product_id) DO UPDATE
        SET quantity = l.quantity + excluded.quantity, updated_at = excluded.updated_at;
    ELSE
      UPDATE order_lines l SET quantity = l.quantity + v_tap.delta, updated_at = p_at
      WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.product_id = v_tap.product
        AND l.quantity + v_tap.delta > 0;
      IF NOT FOUND THEN
        DELETE FROM order_lines l
        WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.product_id = v_tap.product;
      END IF;
    END IF;
    v_applied := v_applied + 1;
    v_statuses := v_statuses || 'applied'::text;
  END LOOP;
  IF v_locked AND v_applied <> 1 THEN
    -- The version counts the taps applied, as one call each would have: the rest of the bump,
    -- or, when none was applied, the bump taken back (nobody saw it: the row is still ours).
    UPDATE tables t SET version = t.version + v_applied - 1
    WHERE t.branch_id = p_branch AND t.id = p_table
    RETURNING t.version INTO v_version;
  END IF;
  IF NOT v_locked THEN
    RETURN QUERY SELECT v_statuses, NULL::text, NULL::integer, NULL::json;
    RETURN;
  END IF;
  RETURN QUERY SELECT v_statuses, v_label, v_version, order_lines_json(p_branch, p_table);
END
$$;--> statement-breakpoint
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

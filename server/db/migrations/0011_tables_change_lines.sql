-- change_order_lines: the taps on ONE table in one call, one transaction and one lock of the
-- table's row (group commit). The server sends a lone tap alone and the taps on a table that
-- arrive while its previous call is still running together (server/modules/tables/
-- tables.usecases.ts). It replaces change_order_line (migration 0009), whose steps it follows
-- per tap:
-- 1. an op id already recorded (before, or earlier in this call) is 'replayed', changes nothing;
-- 2. the product must be on sale in the branch (taking off may also remove a line of a product
--    archived since), else 'product_not_found';
-- 3. the first tap that gets this far bumps the live table's version, which locks its row until
--    the end (else 'table_not_found'): table row first, then op ids, then lines, as every change
--    of an order does; at the end the version has gone up by the number of taps applied;
-- 4. the op id is recorded; if the same op id was recorded meanwhile by another transaction,
--    the tap is 'replayed';
-- 5. the line is changed: added (name and price as they are now) or increased, lowered, or
--    deleted at zero or below;
-- 6. the answer: each tap's status in the order sent, and once the row is locked, the table's
--    label, its version and the order's lines after every tap of the call.
-- p_taps: a JSON array of { "op": uuid, "product": uuid, "delta": integer, "line": uuid }.
CREATE FUNCTION "change_order_lines"(
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
DROP FUNCTION "change_order_line"(uuid, uuid, uuid, uuid, integer, timestamptz, uuid);

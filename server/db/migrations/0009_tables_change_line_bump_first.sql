-- change_order_line (migration 0008) bumps the table's version as the statement that locks the
-- table's row, instead of locking it with SELECT … FOR NO KEY UPDATE and updating it after the
-- op id: one row operation less while the row is locked, so taps on one table follow each other
-- faster (measured straight on PostgreSQL at 20 clients on one table: 1692/771/972 -> 1847/1644/
-- 1742 calls/s, PostgreSQL CPU per call 0.72/0.81/0.75 -> 0.69/0.70/0.63 ms).
--
-- Its steps now:
-- 1. an op id already recorded answers 'replayed' and changes nothing;
-- 2. the product must be on sale in the branch (taking off may also remove a line of a product
--    archived since), else 'product_not_found';
-- 3. the live table's version is bumped, which locks its row until the end (else
--    'table_not_found'): every change of a table's order, and billing it, runs one at a time,
--    always locking the table row first, then the op id, then the line, so they never deadlock.
--    Each statement below takes a new snapshot after the lock: it sees every change committed
--    before, so the answer is never stale;
-- 4. the op id is recorded; if the same op id was recorded meanwhile (the same tap sent twice at
--    once, the other one first) the bump is taken back and the answer is 'replayed';
-- 5. the line is changed: added (name and price as they are now) or increased by p_delta,
--    lowered, or deleted at zero or below;
-- 6. the answer: 'applied', the table's label and new version, and the order's lines.
CREATE OR REPLACE FUNCTION "change_order_line"(
  "p_branch" uuid, "p_table" uuid, "p_product" uuid, "p_op" uuid, "p_delta" integer,
  "p_at" timestamptz, "p_line" uuid
) RETURNS TABLE ("status" text, "label" text, "version" integer, "lines" json)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_name text;
  v_price integer;
  v_label text;
  v_version integer;
BEGIN
  IF EXISTS (SELECT 1 FROM order_ops o WHERE o.branch_id = p_branch AND o.op_id = p_op) THEN
    RETURN QUERY SELECT 'replayed'::text, NULL::text, NULL::integer, NULL::json;
    RETURN;
  END IF;
  SELECT p.name, p.price_paise INTO v_name, v_price
  FROM products p
  WHERE p.branch_id = p_branch AND p.id = p_product AND p.archived_at IS NULL;
  IF v_name IS NULL AND NOT (p_delta < 0 AND EXISTS (
    SELECT 1 FROM order_lines l
    WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.product_id = p_product
  )) THEN
    RETURN QUERY SELECT 'product_not_found'::text, NULL::text, NULL::integer, NULL::json;
    RETURN;
  END IF;
  UPDATE tables t SET version = t.version + 1
  WHERE t.branch_id = p_branch AND t.id = p_table AND t.archived_at IS NULL
  RETURNING t.label, t.version INTO v_label, v_version;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'table_not_found'::text, NULL::text, NULL::integer, NULL::json;
    RETURN;
  END IF;
  INSERT INTO order_ops (branch_id, op_id, created_at) VALUES (p_branch, p_op, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Nobody saw the bumped version (the row is still ours): taking it back changes nothing.
    UPDATE tables t SET version = t.version - 1
    WHERE t.branch_id = p_branch AND t.id = p_table;
    RETURN QUERY SELECT 'replayed'::text, NULL::text, NULL::integer, NULL::json;
    RETURN;
  END IF;
  IF p_delta > 0 THEN
    INSERT INTO order_lines AS l
      (branch_id, id, table_id, product_id, name, unit_price_paise, quantity, created_at, updated_at)
    VALUES (p_branch, p_line, p_table, p_product, v_name, v_price, p_delta, p_at, p_at)
    ON CONFLICT (branch_id, table_id, product_id) DO UPDATE
      SET quantity = l.quantity + excluded.quantity, updated_at = excluded.updated_at;
  ELSE
    UPDATE order_lines l SET quantity = l.quantity + p_delta, updated_at = p_at
    WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.product_id = p_product
      AND l.quantity + p_delta > 0;
    IF NOT FOUND THEN
      DELETE FROM order_lines l
      WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.product_id = p_product;
    END IF;
  END IF;
  RETURN QUERY SELECT 'applied'::text, v_label, v_version, order_lines_json(p_branch, p_table);
END
$$;

-- The database functions of the counter's taps: their one current definition. A migration
-- carries them to the database (server/db/database-functions.ts writes one from these files;
-- server/db/database-functions.test.ts fails when a migrated database differs from them).
-- server/modules/tables/tables.repository.ts calls them with prepared statements;
-- docs/performance.md has the measurements behind them.
--
-- Whatever the planner's statistics say (PGlite runs no autovacuum, so they are as old as the
-- last ANALYZE), every statement here reaches its rows by key: each reads one table's rows by
-- its primary key or a unique index, in a loop where a join would need a row estimate, and
-- `SET enable_seqscan = off` keeps the one left to the planner (a table's lines by the index
-- of (branch_id, table_id, line_key)) on its index when stale statistics make a branch look
-- small. A tap costs the same on a branch of 100 tables and one of 3,000.
--
-- order_lines_json: an open order's lines as the API answers them (first added first: the
-- line's key, name, variant, add-ons and note as first added, with the product's subcategory
-- and GST now: rate, HSN/SAC and outside GST, which the payment bills at; looked up per line by
-- the product's key), how many of it are complimentary (`complimentary`, null for none: at most
-- the line's quantity, docs/complimentary.md), and how many of each the kitchen has been sent (`sentQuantity`: the
-- kitchen's state of a line is GET /api/tables/:tableId/kots, not read here). STABLE, so it
-- reads the snapshot of the query that calls it.
CREATE OR REPLACE FUNCTION "order_lines_json"("p_branch" uuid, "p_table" uuid) RETURNS json
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
        'key', l.line_key, 'productId', l.product_id, 'name', l.name,
        'variantId', l.variant_id, 'variantName', l.variant_name, 'addons', l.addons,
        'note', l.note, 'subcategory', p.subcategory,
        'gstRateBps', p.gst_rate_bps, 'hsn', p.hsn, 'outsideGst', p.outside_gst,
        'unitPricePaise', l.unit_price_paise, 'quantity', l.quantity,
        'sentQuantity', l.sent_quantity, 'createdAt', l.created_at,
        'complimentary', CASE WHEN least(l.complimentary_quantity, l.quantity) > 0 THEN
          json_build_object('quantity', least(l.complimentary_quantity, l.quantity),
            'reason', l.complimentary_reason, 'by', l.complimentary_by,
            'approvedBy', l.complimentary_approved_by) END
      ) ORDER BY l.created_at, l.id), '[]'::json)
    FROM order_lines l
    LEFT JOIN products p ON p.branch_id = l.branch_id AND p.id = l.product_id
    WHERE l.branch_id = p_branch AND l.table_id = p_table
  );
END
$$;--> statement-breakpoint
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
$$;--> statement-breakpoint
-- The open order's one owner: every operation on a table's order (taps, a KOT, a payment, a
-- move or merge, a void) begins with open_order_begin, records itself with open_order_record,
-- takes lines with open_order_take and leaves the table empty with open_order_close. Billing,
-- kitchen, floor and voids call these; none locks a table or checks a replay on its own.
--
-- open_order_begin: locks the live table's row (FOR UPDATE: the lock every change of an order
-- takes, always first, then counters, then ingredients by id) and answers, in this order:
-- 'table_not_found' (not a live table of the branch); 'replayed' when the operation p_op (not
-- null) is already recorded (its kind, table and result, so the caller answers what it made,
-- or 409 when the id was used for something else); 'changed' when p_version is given and the
-- table's version is another (another device changed the order since the caller read it);
-- else 'ok'. With the table's label, version, guests and opening time.
CREATE OR REPLACE FUNCTION "open_order_begin"(
  "p_branch" uuid, "p_table" uuid, "p_op" uuid, "p_version" integer
) RETURNS TABLE ("status" text, "label" text, "version" integer, "guests" smallint,
  "opened_by" uuid, "opened_at" timestamptz, "op_kind" text, "op_table" uuid,
  "op_result" uuid)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
  v_table tables;
  v_op order_ops;
BEGIN
  SELECT * INTO v_table
  FROM tables t
  WHERE t.branch_id = p_branch AND t.id = p_table AND t.archived_at IS NULL
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'table_not_found'::text, NULL::text, NULL::integer, NULL::smallint,
      NULL::uuid, NULL::timestamptz, NULL::text, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;
  IF p_op IS NOT NULL THEN
    SELECT * INTO v_op FROM order_ops o WHERE o.branch_id = p_branch AND o.op_id = p_op;
    IF FOUND THEN
      RETURN QUERY SELECT 'replayed'::text, v_table.label, v_table.version, v_table.guests,
        v_table.opened_by, v_table.opened_at, v_op.kind, v_op.table_id, v_op.result_id;
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT
    CASE WHEN p_version IS NOT NULL AND v_table.version <> p_version THEN 'changed' ELSE 'ok' END,
    v_table.label, v_table.version, v_table.guests, v_table.opened_by, v_table.opened_at,
    NULL::text, NULL::uuid, NULL::uuid;
END
$$;--> statement-breakpoint
-- open_order_record: records the operation p_op as applied (p_kind, on p_table, having made
-- p_result), in the caller's transaction. False when another transaction recorded the same id
-- meanwhile (it waited for that one to commit): the caller changes nothing and answers it as
-- a replay.
CREATE OR REPLACE FUNCTION "open_order_record"(
  "p_branch" uuid, "p_op" uuid, "p_kind" text, "p_table" uuid, "p_result" uuid,
  "p_at" timestamptz
) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_ops (branch_id, op_id, created_at, kind, table_id, result_id)
  VALUES (p_branch, p_op, p_at, p_kind, p_table, p_result)
  ON CONFLICT DO NOTHING;
  RETURN FOUND;
END
$$;--> statement-breakpoint
-- open_order_close: the table (its row locked by open_order_begin) left with no order: no
-- guests, not opened, its version up by one.
CREATE OR REPLACE FUNCTION "open_order_close"("p_branch" uuid, "p_table" uuid) RETURNS void
LANGUAGE sql AS $$
  UPDATE tables t
  SET version = t.version + 1, guests = NULL, opened_by = NULL, opened_at = NULL
  WHERE t.branch_id = p_branch AND t.id = p_table;
$$;--> statement-breakpoint
-- open_order_take: takes lines off the table (its row locked by open_order_begin): what a bill
-- pays, or what a void takes back from the kitchen (p_void). p_take null: the whole order; else
-- [{ "key", "quantity" }] (the caller checked each key is a line of the order at the version
-- it read, each quantity at most the line's, or for a void at most what was sent of it): those
-- lines lowered by those quantities, a line at 0 deleted. A bill's take leaves a line's sent
-- quantity at most what is left of it and bills its complimentary items first
-- (shared/complimentary.ts billedParts); a void takes its quantity from what was sent too. A
-- bill's take that leaves the table empty closes it (open_order_close); otherwise the table's
-- version goes up by one. Answers whether the table was closed (its guests then go on the bill).
CREATE OR REPLACE FUNCTION "open_order_take"(
  "p_branch" uuid, "p_table" uuid, "p_take" json, "p_void" boolean
) RETURNS boolean
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
BEGIN
  IF p_take IS NULL THEN
    DELETE FROM order_lines l WHERE l.branch_id = p_branch AND l.table_id = p_table;
  ELSE
    -- Deleted first: a line lowered first could then look all taken.
    DELETE FROM order_lines l
    USING json_to_recordset(p_take) AS x(key text, quantity integer)
    WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = x.key
      AND l.quantity <= x.quantity;
    UPDATE order_lines l
    SET quantity = l.quantity - x.quantity,
      sent_quantity = CASE WHEN p_void THEN l.sent_quantity - x.quantity
        ELSE least(l.sent_quantity, l.quantity - x.quantity) END,
      complimentary_quantity = CASE WHEN p_void THEN l.complimentary_quantity
        ELSE greatest(least(l.complimentary_quantity, l.quantity) - x.quantity, 0) END,
      complimentary_reason = CASE
        WHEN p_void OR least(l.complimentary_quantity, l.quantity) > x.quantity
          THEN l.complimentary_reason
      END,
      complimentary_by = CASE
        WHEN p_void OR least(l.complimentary_quantity, l.quantity) > x.quantity
          THEN l.complimentary_by
      END,
      complimentary_approved_by = CASE
        WHEN p_void OR least(l.complimentary_quantity, l.quantity) > x.quantity
          THEN l.complimentary_approved_by
      END
    FROM json_to_recordset(p_take) AS x(key text, quantity integer)
    WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = x.key;
  END IF;
  IF NOT p_void AND (p_take IS NULL OR NOT EXISTS (
    SELECT 1 FROM order_lines l WHERE l.branch_id = p_branch AND l.table_id = p_table
  )) THEN
    PERFORM open_order_close(p_branch, p_table);
    RETURN true;
  END IF;
  UPDATE tables t SET version = t.version + 1 WHERE t.branch_id = p_branch AND t.id = p_table;
  RETURN false;
END
$$;--> statement-breakpoint
-- change_order_lines: the taps on ONE table in one call, one transaction and one lock of the
-- table's row (group commit). The server sends a table's taps here when its row was busy
-- (server/modules/tables/tap-router.ts), and change_branch_lines sends each table's taps here.
-- A tap names its line by key (shared/menu.ts lineKeyOf: product, variant, sorted add-on ids,
-- normalised note; docs/menu.md "Order lines"), which the server computed. Per tap, in the
-- order sent:
-- 1. an op id already recorded (before, or earlier in this call) is 'replayed', changes nothing;
-- 2. the product must be on sale in the branch (taking off may also lower a line of a product
--    archived since), else 'product_not_found';
-- 3. the first tap that gets this far begins the operation on the table (open_order_begin: its
--    row locked until the end, else 'table_not_found'): table row first, then op ids, then
--    lines, as every change of an order does; at the end the version has gone up by the number
--    of taps applied;
-- 4. a tap that adds: a sold-out product (sold_out_until > p_at), or a line's sold-out variant,
--    is 'sold_out'; for a line not on the table yet, the choices are checked and snapshot: a
--    product with live variants takes one of them (not sold out), one without takes none; every
--    add-on is a live option of a live group the product offers, and each such group's count
--    of chosen options is within its min and max: else 'choices_invalid'. The line's name is
--    the product's with the variant's in brackets, its add-ons [{ id, group, name, pricePaise }]
--    in the picker's order (group's position, option's position), its unit price the variant's
--    (or product's) plus the add-ons'. A tap on a line already there only adds to it;
-- 5. a tap that adds and would take the order's total above p_max_total (the server passes
--    MAX_ORDER_TOTAL_PAISE of shared/money.ts: bills, their lines and the tables' list keep
--    money in 32-bit integers) is 'order_too_large' and changes nothing (the line's own price
--    when it has one, else the new line's);
-- 5a. a tap that adds a line not on the table yet when the table already has p_max_lines lines
--    (the server passes MAX_ORDER_LINES of shared/menu.ts) is 'too_many_lines' and changes
--    nothing;
-- 5b. a tap that takes off may not take the line below what the kitchen has been sent
--    (sent_quantity): 'void_required' and nothing changes (that is a void: docs/kitchen.md);
-- 6. the op id is recorded (open_order_record, kind 'tap'); if the same op id was recorded
--    meanwhile by another transaction, the tap is 'replayed';
-- 7. the line is changed: added (the snapshot of step 4) or increased, lowered, or deleted at
--    zero or below, whatever the menu says now;
-- 8. when the table's order was not open (opened_at null) and a tap added to it, the table's
--    opened_by (the tap's "by") and opened_at (p_at) are set: who opened the order, and when
--    (the payment clears them);
-- 9. the answer: each tap's status in the order sent, and once the row is locked, the table's
--    label, its version, its guests and the order's lines after every tap of the call.
-- p_taps: a JSON array of { "op": uuid, "product": uuid, "delta": integer, "line": uuid,
-- "key": text, "variant": uuid or null, "addons": [uuid, sorted, each once], "note": text
-- (normalised), "by": uuid of the user who tapped, or null }.
CREATE OR REPLACE FUNCTION "change_order_lines"(
  "p_branch" uuid, "p_table" uuid, "p_taps" json, "p_at" timestamptz, "p_max_total" bigint,
  "p_max_lines" integer
) RETURNS TABLE ("statuses" text[], "label" text, "version" integer, "guests" smallint,
  "lines" json)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
  v_tap record;
  v_name text;
  v_price bigint;
  v_sold_out timestamptz;
  v_line_price bigint;
  v_line_variant uuid;
  v_variant_name text;
  v_variant_price integer;
  v_addons json;
  v_addons_price bigint;
  v_addons_found integer;
  v_label text;
  v_guests smallint;
  v_version integer;
  v_opened_at timestamptz;
  v_opened_by uuid;
  v_opens boolean := false;
  v_locked boolean := false;
  v_applied integer := 0;
  v_statuses text[] := '{}';
BEGIN
  FOR v_tap IN
    SELECT (t.tap->>'op')::uuid AS op, (t.tap->>'product')::uuid AS product,
      (t.tap->>'delta')::integer AS delta, (t.tap->>'line')::uuid AS line,
      t.tap->>'key' AS key, (t.tap->>'variant')::uuid AS variant,
      ARRAY(SELECT a.id::uuid FROM json_array_elements_text(t.tap->'addons') AS a(id))
        AS addons,
      coalesce(t.tap->>'note', '') AS note, (t.tap->>'by')::uuid AS tapped_by
    FROM json_array_elements(p_taps) WITH ORDINALITY AS t(tap, n)
    ORDER BY t.n
  LOOP
    IF EXISTS (SELECT 1 FROM order_ops o WHERE o.branch_id = p_branch AND o.op_id = v_tap.op) THEN
      v_statuses := v_statuses || 'replayed'::text;
      CONTINUE;
    END IF;
    v_name := NULL;
    SELECT p.name, p.price_paise, p.sold_out_until INTO v_name, v_price, v_sold_out
    FROM products p
    WHERE p.branch_id = p_branch AND p.id = v_tap.product AND p.archived_at IS NULL;
    IF v_name IS NULL AND NOT (v_tap.delta < 0 AND EXISTS (
      SELECT 1 FROM order_lines l
      WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = v_tap.key
    )) THEN
      v_statuses := v_statuses || 'product_not_found'::text;
      CONTINUE;
    END IF;
    IF NOT v_locked THEN
      SELECT b.label, b.version, b.guests, b.opened_at
      INTO v_label, v_version, v_guests, v_opened_at
      FROM open_order_begin(p_branch, p_table, NULL, NULL) AS b
      WHERE b.status = 'ok';
      IF NOT FOUND THEN
        v_statuses := v_statuses || 'table_not_found'::text;
        CONTINUE;
      END IF;
      v_locked := true;
    END IF;
    IF v_tap.delta > 0 THEN
      IF v_sold_out > p_at THEN
        v_statuses := v_statuses || 'sold_out'::text;
        CONTINUE;
      END IF;
      v_line_price := NULL;
      SELECT l.unit_price_paise, l.variant_id INTO v_line_price, v_line_variant
      FROM order_lines l
      WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = v_tap.key;
      IF v_line_price IS NOT NULL THEN
        IF v_line_variant IS NOT NULL AND EXISTS (
          SELECT 1 FROM product_variants v
          WHERE v.branch_id = p_branch AND v.id = v_line_variant AND v.sold_out_until > p_at
        ) THEN
          v_statuses := v_statuses || 'sold_out'::text;
          CONTINUE;
        END IF;
        v_price := v_line_price;
      ELSE
        v_variant_name := NULL;
        IF v_tap.variant IS NULL THEN
          IF EXISTS (
            SELECT 1 FROM product_variants v
            WHERE v.branch_id = p_branch AND v.product_id = v_tap.product
              AND v.archived_at IS NULL
          ) THEN
            v_statuses := v_statuses || 'choices_invalid'::text;
            CONTINUE;
          END IF;
        ELSE
          SELECT v.name, v.price_paise, v.sold_out_until
          INTO v_variant_name, v_variant_price, v_sold_out
          FROM product_variants v
          WHERE v.branch_id = p_branch AND v.id = v_tap.variant
            AND v.product_id = v_tap.product AND v.archived_at IS NULL;
          IF v_variant_name IS NULL THEN
            v_statuses := v_statuses || 'choices_invalid'::text;
            CONTINUE;
          END IF;
          IF v_sold_out > p_at THEN
            v_statuses := v_statuses || 'sold_out'::text;
            CONTINUE;
          END IF;
          v_name := v_name || ' (' || v_variant_name || ')';
          v_price := v_variant_price;
        END IF;
        -- The chosen options the product offers (live, of a live group it has), in the
        -- picker's order; each group's count within its min and max.
        SELECT count(*), coalesce(sum(o.price_paise), 0),
          coalesce(json_agg(json_build_object('id', o.id, 'group', g.name, 'name', o.name,
            'pricePaise', o.price_paise) ORDER BY pg.position, g.name, g.id, o.position, o.name,
            o.id), '[]'::json)
        INTO v_addons_found, v_addons_price, v_addons
        FROM unnest(v_tap.addons) AS a(id)
        JOIN addon_options o ON o.branch_id = p_branch AND o.id = a.id AND o.archived_at IS NULL
        JOIN addon_groups g ON g.branch_id = p_branch AND g.id = o.group_id
          AND g.archived_at IS NULL
        JOIN product_addon_groups pg ON pg.branch_id = p_branch
          AND pg.product_id = v_tap.product AND pg.group_id = g.id;
        IF v_addons_found <> cardinality(v_tap.addons) OR EXISTS (
          SELECT 1
          FROM product_addon_groups pg
          JOIN addon_groups g ON g.branch_id = p_branch AND g.id = pg.group_id
            AND g.archived_at IS NULL
          WHERE pg.branch_id = p_branch AND pg.product_id = v_tap.product
            AND (
              SELECT count(*) FROM unnest(v_tap.addons) AS a(id)
              JOIN addon_options o ON o.branch_id = p_branch AND o.id = a.id
              WHERE o.group_id = g.id
            ) NOT BETWEEN g.min_choices AND g.max_choices
        ) THEN
          v_statuses := v_statuses || 'choices_invalid'::text;
          CONTINUE;
        END IF;
        v_price := v_price + v_addons_price;
      END IF;
      IF (
        SELECT coalesce(sum(l.quantity::bigint * l.unit_price_paise), 0) FROM order_lines l
        WHERE l.branch_id = p_branch AND l.table_id = p_table
      ) + v_tap.delta::bigint * v_price > p_max_total THEN
        v_statuses := v_statuses || 'order_too_large'::text;
        CONTINUE;
      END IF;
      IF v_line_price IS NULL AND (
        SELECT count(*) FROM order_lines l
        WHERE l.branch_id = p_branch AND l.table_id = p_table
      ) >= p_max_lines THEN
        v_statuses := v_statuses || 'too_many_lines'::text;
        CONTINUE;
      END IF;
    ELSIF EXISTS (
      SELECT 1 FROM order_lines l
      WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = v_tap.key
        AND greatest(l.quantity + v_tap.delta, 0) < l.sent_quantity
    ) THEN
      v_statuses := v_statuses || 'void_required'::text;
      CONTINUE;
    END IF;
    IF NOT open_order_record(p_branch, v_tap.op, 'tap', p_table, NULL, p_at) THEN
      v_statuses := v_statuses || 'replayed'::text;
      CONTINUE;
    END IF;
    IF v_tap.delta > 0 THEN
      IF v_line_price IS NOT NULL THEN
        UPDATE order_lines l SET quantity = l.quantity + v_tap.delta, updated_at = p_at
        WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = v_tap.key;
      ELSE
        INSERT INTO order_lines (branch_id, id, table_id, product_id, name, variant_id,
          variant_name, addons, note, line_key, unit_price_paise, quantity, created_at,
          updated_at)
        VALUES (p_branch, v_tap.line, p_table, v_tap.product, v_name, v_tap.variant,
          v_variant_name, v_addons::jsonb, v_tap.note, v_tap.key, v_price, v_tap.delta, p_at,
          p_at);
      END IF;
    ELSE
      UPDATE order_lines l SET quantity = l.quantity + v_tap.delta, updated_at = p_at
      WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = v_tap.key
        AND l.quantity + v_tap.delta > 0;
      IF NOT FOUND THEN
        DELETE FROM order_lines l
        WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = v_tap.key;
      END IF;
    END IF;
    IF v_tap.delta > 0 AND v_opened_at IS NULL AND NOT v_opens THEN
      v_opens := true;
      v_opened_by := v_tap.tapped_by;
    END IF;
    v_applied := v_applied + 1;
    v_statuses := v_statuses || 'applied'::text;
  END LOOP;
  IF v_applied > 0 THEN
    -- The version counts the taps applied, as one call each would have.
    UPDATE tables t SET version = t.version + v_applied,
      opened_by = CASE WHEN v_opens THEN v_opened_by ELSE t.opened_by END,
      opened_at = CASE WHEN v_opens THEN p_at ELSE t.opened_at END
    WHERE t.branch_id = p_branch AND t.id = p_table
    RETURNING t.version INTO v_version;
  END IF;
  IF NOT v_locked THEN
    RETURN QUERY SELECT v_statuses, NULL::text, NULL::integer, NULL::smallint, NULL::json;
    RETURN;
  END IF;
  RETURN QUERY SELECT v_statuses, v_label, v_version, v_guests,
    order_lines_json(p_branch, p_table);
END
$$;--> statement-breakpoint
-- change_branch_lines: the taps on SEVERAL tables of one branch in one call, one transaction
-- and one commit (group commit across tables). The server sends the taps of a branch that arrive
-- while its previous call is still running together (server/modules/tables/tap-router.ts).
-- 1. The tables' rows are locked in id order, one by one by their primary key, skipping any row
--    another transaction holds (a payment, a rename, another server's taps) and any table that
--    is archived or not the branch's: no tap waits here for another table's lock, and no lock
--    order can deadlock.
-- 2. Each locked table's taps go through change_order_lines, in the order sent, with the same
--    p_max_total and p_max_lines.
-- 3. The answer: a row per table in the order of p_calls; `busy` when its row was not locked
--    (nothing of that table was done: the server sends its taps again on their own, where they
--    wait for the row or learn that the table is gone), else change_order_lines's answer.
-- p_calls: a JSON array of { "table": uuid, "taps": [ change_order_lines's taps ] }, each table
-- once.
CREATE OR REPLACE FUNCTION "change_branch_lines"(
  "p_branch" uuid, "p_calls" json, "p_at" timestamptz, "p_max_total" bigint,
  "p_max_lines" integer
) RETURNS TABLE ("table_id" uuid, "busy" boolean, "statuses" text[], "label" text,
  "version" integer, "guests" smallint, "lines" json)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
  v_call record;
  v_id uuid;
  v_locked uuid[] := '{}';
BEGIN
  FOR v_id IN
    SELECT DISTINCT (c.call->>'table')::uuid FROM json_array_elements(p_calls) AS c(call) ORDER BY 1
  LOOP
    PERFORM FROM tables t
    WHERE t.branch_id = p_branch AND t.id = v_id AND t.archived_at IS NULL
    FOR UPDATE SKIP LOCKED;
    IF FOUND THEN
      v_locked := v_locked || v_id;
    END IF;
  END LOOP;
  FOR v_call IN
    SELECT (c.call->>'table')::uuid AS id, c.call->'taps' AS taps
    FROM json_array_elements(p_calls) WITH ORDINALITY AS c(call, n)
    ORDER BY c.n
  LOOP
    IF v_call.id = ANY (v_locked) THEN
      RETURN QUERY SELECT v_call.id, false, o.statuses, o.label, o.version, o.guests, o.lines
        FROM change_order_lines(p_branch, v_call.id, v_call.taps, p_at, p_max_total,
          p_max_lines) AS o;
    ELSE
      RETURN QUERY SELECT v_call.id, true, NULL::text[], NULL::text, NULL::integer,
        NULL::smallint, NULL::json;
    END IF;
  END LOOP;
END
$$;

-- The database functions of the floor: moving a table's order to a free table and merging two
-- tables' orders (docs/kitchen.md, "Move, merge, split"). Their one current definition; a
-- migration carries them to the database (server/db/database-functions.ts).
-- server/modules/floor/floor.repository.ts calls them, in the transaction of the use case that
-- writes the audit row and the live events.
--
-- floor_change_tables: moves (p_kind 'move') or merges (p_kind 'merge') the open order of the
-- table p_from onto the table p_to, in the caller's transaction:
-- 1. the operation begins on both tables in id order (tables.functions.sql open_order_begin:
--    the row lock every tap and payment takes, so a tap or a payment of either table waits for
--    the change, and two changes never deadlock); an op id already recorded answers 'replayed'
--    and changes nothing (the device retried); a table that is not a live table of the branch
--    answers 'table_not_found' (p_from) or 'target_not_found' (p_to);
-- 3. the source must have lines ('source_empty'); a move's target must have none
--    ('target_not_empty'); a merge must not take the target's order above p_max_total
--    ('order_too_large');
-- 4. the op id is recorded (open_order_record, kind p_kind);
-- 5. the lines go to the target with their sent quantities: a move changes their table; a
--    merge adds a source line to the target's line of the same key (quantity and
--    sent_quantity add, the target's snapshot of name and price is kept) and moves the others;
-- 6. the current order's KOTs (the source's, made since its order opened: opened_at, or its
--    first line's time when opened_at was never set) move to the target (kots.table_id);
-- 7. guests: a move carries them; a merge adds them (capped at p_max_guests; null when neither
--    table had them); who opened the order: a move carries it, a merge keeps the target's and
--    the earlier opening time (so the KOTs that came along are the target's current ones);
-- 8. the source is closed (open_order_close: no guests, not opened) and both tables' versions
--    go up.
-- Answers the status, both labels and the number of lines and KOTs that moved.
CREATE OR REPLACE FUNCTION "floor_change_tables"(
  "p_branch" uuid, "p_kind" text, "p_from" uuid, "p_to" uuid, "p_op" uuid, "p_at" timestamptz,
  "p_max_total" bigint, "p_max_guests" integer
) RETURNS TABLE ("status" text, "from_label" text, "to_label" text, "lines_moved" integer,
  "kots_moved" integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_id uuid;
  v_begin record;
  v_from record;
  v_to record;
  v_has_from boolean := false;
  v_has_to boolean := false;
  v_since timestamptz;
  v_lines integer;
  v_kots integer;
BEGIN
  -- Both tables' operations begin in id order (open_order_begin locks each row), so two
  -- changes of the same two tables never deadlock.
  FOR v_id IN SELECT x.id FROM unnest(ARRAY[p_from, p_to]) AS x(id) ORDER BY x.id LOOP
    SELECT * INTO v_begin FROM open_order_begin(p_branch, v_id, p_op, NULL);
    IF v_begin.status = 'replayed' THEN
      RETURN QUERY SELECT 'replayed'::text, NULL::text, NULL::text, 0, 0;
      RETURN;
    END IF;
    IF v_begin.status = 'ok' AND v_id = p_from THEN
      v_from := v_begin;
      v_has_from := true;
    END IF;
    IF v_begin.status = 'ok' AND v_id = p_to THEN
      v_to := v_begin;
      v_has_to := true;
    END IF;
  END LOOP;
  IF NOT v_has_from THEN
    RETURN QUERY SELECT 'table_not_found'::text, NULL::text, NULL::text, 0, 0;
    RETURN;
  END IF;
  IF NOT v_has_to THEN
    RETURN QUERY SELECT 'target_not_found'::text, v_from.label, NULL::text, 0, 0;
    RETURN;
  END IF;
  SELECT count(*), min(l.created_at) INTO v_lines, v_since
  FROM order_lines l WHERE l.branch_id = p_branch AND l.table_id = p_from;
  IF v_lines = 0 THEN
    RETURN QUERY SELECT 'source_empty'::text, v_from.label, v_to.label, 0, 0;
    RETURN;
  END IF;
  IF p_kind = 'move' AND EXISTS (
    SELECT 1 FROM order_lines l WHERE l.branch_id = p_branch AND l.table_id = p_to
  ) THEN
    RETURN QUERY SELECT 'target_not_empty'::text, v_from.label, v_to.label, 0, 0;
    RETURN;
  END IF;
  IF p_kind = 'merge' AND (
    SELECT coalesce(sum(l.unit_price_paise::bigint * l.quantity), 0)
    FROM order_lines l WHERE l.branch_id = p_branch AND l.table_id IN (p_from, p_to)
  ) > p_max_total THEN
    RETURN QUERY SELECT 'order_too_large'::text, v_from.label, v_to.label, 0, 0;
    RETURN;
  END IF;
  IF NOT open_order_record(p_branch, p_op, p_kind, p_from, NULL, p_at) THEN
    RETURN QUERY SELECT 'replayed'::text, v_from.label, v_to.label, 0, 0;
    RETURN;
  END IF;

  IF p_kind = 'merge' THEN
    UPDATE order_lines t
    SET quantity = t.quantity + s.quantity, sent_quantity = t.sent_quantity + s.sent_quantity,
      -- Complimentary items stay complimentary (each line's up to its quantity), under the
      -- target line's reason when it has one.
      complimentary_quantity = least(t.complimentary_quantity, t.quantity)
        + least(s.complimentary_quantity, s.quantity),
      complimentary_reason = coalesce(t.complimentary_reason, s.complimentary_reason),
      complimentary_by = coalesce(t.complimentary_by, s.complimentary_by),
      complimentary_approved_by = coalesce(t.complimentary_approved_by, s.complimentary_approved_by),
      updated_at = p_at
    FROM order_lines s
    WHERE s.branch_id = p_branch AND s.table_id = p_from
      AND t.branch_id = p_branch AND t.table_id = p_to AND t.line_key = s.line_key;
    DELETE FROM order_lines s
    WHERE s.branch_id = p_branch AND s.table_id = p_from AND EXISTS (
      SELECT 1 FROM order_lines t
      WHERE t.branch_id = p_branch AND t.table_id = p_to AND t.line_key = s.line_key
    );
  END IF;
  UPDATE order_lines l SET table_id = p_to, updated_at = p_at
  WHERE l.branch_id = p_branch AND l.table_id = p_from;

  v_since := coalesce(v_from.opened_at, v_since);
  UPDATE kots k SET table_id = p_to
  WHERE k.branch_id = p_branch AND k.table_id = p_from AND k.created_at >= v_since;
  GET DIAGNOSTICS v_kots = ROW_COUNT;

  IF p_kind = 'move' THEN
    UPDATE tables t
    SET version = t.version + 1, guests = v_from.guests, opened_by = v_from.opened_by,
      opened_at = v_from.opened_at
    WHERE t.branch_id = p_branch AND t.id = p_to;
  ELSE
    UPDATE tables t
    SET version = t.version + 1,
      guests = CASE WHEN v_from.guests IS NULL AND v_to.guests IS NULL THEN NULL
        ELSE least(coalesce(v_from.guests, 0) + coalesce(v_to.guests, 0), p_max_guests) END,
      opened_by = coalesce(v_to.opened_by, v_from.opened_by),
      opened_at = CASE WHEN v_to.opened_at IS NULL THEN v_from.opened_at
        WHEN v_from.opened_at IS NULL THEN v_to.opened_at
        ELSE least(v_to.opened_at, v_from.opened_at) END
    WHERE t.branch_id = p_branch AND t.id = p_to;
  END IF;
  PERFORM open_order_close(p_branch, p_from);
  RETURN QUERY SELECT 'done'::text, v_from.label, v_to.label, v_lines, v_kots;
END
$$;

-- write_kot's kitchen.changed carries the KOT's id (issue 31): each server process reads the
-- KOT's tickets once and hands them to its kitchen displays' streams. This migration carries
-- write_kot alone, not the rest of its file.
-- server/modules/kitchen/kitchen.functions.sql (write_kot)
-- The database functions of the kitchen's KOTs (docs/kitchen.md): their one current definition
-- (a migration carries them to the database: server/db/database-functions.ts).
-- server/modules/kitchen/kitchen.repository.ts calls send_kot; a void (voids) calls write_kot.
--
-- write_kot(p_branch uuid, p_table uuid, p_op uuid, p_reason text, p_items json, p_by uuid,
--   p_business_date date, p_at timestamptz) RETURNS uuid
-- writes ONE KOT of a table from a list of items and tells the kitchen. The caller:
-- - holds the table's row lock (SELECT ... FOR UPDATE, or an UPDATE of the row) and has checked
--   that the table is the branch's and live; it changes the order lines itself (send_kot sets
--   sent_quantity, a void lowers quantity and sent_quantity) and bumps the table's version;
-- - passes the branch's business date of p_at (shared/dates.ts businessDate in the branch's
--   time zone: the server computes it), p_reason one of 'send', 'auto', 'void' (kots_reason_check),
--   and an op id no other KOT of the branch has (kots_branch_op_unique: a second KOT with the
--   same op id fails; send_kot answers the first instead);
-- - p_by: the user who sent it (its name is kept as it is now), or null.
-- p_items: a JSON array, in the order to print, of { "lineKey": text, "productId": uuid,
--   "name": text (the line's name, variant in brackets), "variantName": text or null,
--   "addons": [{ id, group, name, pricePaise }], "note": text, "quantity": integer > 0,
--   "cancelled": boolean (a void's reduction of what was sent: printed CANCELLED) }.
-- Steps:
-- 1. empty p_items: nothing is written, the answer is NULL;
-- 2. the number: kot_counters' row of (branch, business date) + 1, created at 1; the row stays
--    locked until the transaction ends, so numbers are gapless and never given twice. Lock
--    order: the table's row, then the counter's (as a payment: table, then bill counter);
-- 3. the kots row: the table's label now, the sender's name, the reason, the op id;
-- 4. each item's station: its product's subcategory's route (subcategory_stations) to a live
--    station, else the branch's first live station (position, then name), else none (the
--    ticket's station name 'Kitchen': DEFAULT_STATION_NAME of shared/kitchen.ts);
-- 5. one kot_tickets row per station (stations in their order, none last), its kot_items in the
--    order given (state 'new'), each a snapshot of the item as given;
-- 6. publishes kitchen.changed { tableIds: [p_table], kotId } (sent when the transaction
--    commits) on the live events' channel 'tf_branch_events' (server/lib/events.ts
--    EVENTS_CHANNEL): the KOT's id, never the KOT (a notify holds less than 8000 bytes); each
--    server process reads the KOT's tickets once for its kitchen displays' streams;
-- 7. answers the KOT's id.
CREATE OR REPLACE FUNCTION "write_kot"(
  "p_branch" uuid, "p_table" uuid, "p_op" uuid, "p_reason" text, "p_items" json, "p_by" uuid,
  "p_business_date" date, "p_at" timestamptz
) RETURNS uuid
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
DECLARE
  v_kot uuid;
  v_number integer;
  v_label text;
  v_by_name text;
  v_first_id uuid;
  v_first_name text;
  v_first_position integer;
  v_item record;
  v_ticket uuid;
  v_station uuid;
  v_position integer := 0;
BEGIN
  IF p_items IS NULL OR json_array_length(p_items) = 0 THEN
    RETURN NULL;
  END IF;
  SELECT t.label INTO v_label FROM tables t WHERE t.branch_id = p_branch AND t.id = p_table;
  IF v_label IS NULL THEN
    RAISE EXCEPTION 'write_kot: table % is not of branch %', p_table, p_branch;
  END IF;
  INSERT INTO kot_counters AS c (branch_id, business_date, last_number)
  VALUES (p_branch, p_business_date, 1)
  ON CONFLICT (branch_id, business_date) DO UPDATE SET last_number = c.last_number + 1
  RETURNING c.last_number INTO v_number;
  SELECT u.name INTO v_by_name FROM users u WHERE u.id = p_by;
  v_kot := tf_uuid_v7(clock_timestamp());
  INSERT INTO kots (branch_id, id, business_date, number, op_id, table_id, table_label, sent_by,
    sent_by_name, reason, created_at)
  VALUES (p_branch, v_kot, p_business_date, v_number, p_op, p_table, v_label, p_by,
    coalesce(v_by_name, ''), p_reason, p_at);
  SELECT s.id, s.name, s.position INTO v_first_id, v_first_name, v_first_position
  FROM kitchen_stations s
  WHERE s.branch_id = p_branch AND s.archived_at IS NULL
  ORDER BY s.position, s.name, s.id
  LIMIT 1;
  FOR v_item IN
    SELECT i.item, i.n, coalesce(r.id, v_first_id) AS station_id,
      coalesce(r.name, v_first_name, 'Kitchen') AS station_name,
      coalesce(r.position, v_first_position) AS station_position
    FROM json_array_elements(p_items) WITH ORDINALITY AS i(item, n)
    LEFT JOIN LATERAL (
      SELECT s.id, s.name, s.position
      FROM products p
      JOIN subcategory_stations ss ON ss.branch_id = p_branch AND ss.subcategory = p.subcategory
      JOIN kitchen_stations s ON s.branch_id = p_branch AND s.id = ss.station_id
        AND s.archived_at IS NULL
      WHERE p.branch_id = p_branch AND p.id = (i.item->>'productId')::uuid
    ) r ON true
    ORDER BY 5 NULLS LAST, 4, 3, i.n
  LOOP
    IF v_ticket IS NULL OR v_item.station_id IS DISTINCT FROM v_station THEN
      v_ticket := tf_uuid_v7(clock_timestamp());
      v_station := v_item.station_id;
      v_position := 0;
      INSERT INTO kot_tickets (branch_id, id, kot_id, station_id, station_name, created_at)
      VALUES (p_branch, v_ticket, v_kot, v_item.station_id, v_item.station_name, p_at);
    END IF;
    v_position := v_position + 1;
    INSERT INTO kot_items (branch_id, id, ticket_id, line_key, product_id, name, variant_name,
      addons, note, quantity, cancelled, position)
    VALUES (p_branch, tf_uuid_v7(clock_timestamp()), v_ticket, v_item.item->>'lineKey',
      (v_item.item->>'productId')::uuid, v_item.item->>'name', v_item.item->>'variantName',
      coalesce(v_item.item->'addons', '[]'::json)::jsonb, coalesce(v_item.item->>'note', ''),
      (v_item.item->>'quantity')::integer, coalesce((v_item.item->>'cancelled')::boolean, false),
      v_position);
  END LOOP;
  PERFORM pg_notify('tf_branch_events', json_build_object(
    'branchId', p_branch,
    'event', json_build_object('type', 'kitchen.changed', 'tableIds', json_build_array(p_table),
      'kotId', v_kot, 'at', to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  )::text);
  RETURN v_kot;
END
$$;

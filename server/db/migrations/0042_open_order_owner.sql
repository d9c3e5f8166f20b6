ALTER TABLE "inventory_movements" DROP CONSTRAINT "inventory_movements_branch_id_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_lines" DROP CONSTRAINT "bill_lines_branch_id_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_payments" DROP CONSTRAINT "bill_payments_branch_id_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_branch_id_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "order_ops" ADD COLUMN "kind" text DEFAULT 'tap' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_ops" ADD COLUMN "table_id" uuid;--> statement-breakpoint
ALTER TABLE "order_ops" ADD COLUMN "result_id" uuid;--> statement-breakpoint
-- One record of the operations applied to open orders (order_ops, tables.functions.sql
-- open_order_begin): the payments', KOTs' and voids' ops made so far, so a retry of one of them
-- is still answered as a replay.
INSERT INTO "order_ops" ("branch_id", "op_id", "created_at", "kind", "table_id", "result_id")
SELECT v."branch_id", v."id", v."created_at", 'void', v."table_id", v."id" FROM "voids" v
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "order_ops" ("branch_id", "op_id", "created_at", "kind", "table_id", "result_id")
SELECT b."branch_id", b."idempotency_key"::uuid, b."created_at", 'payment', b."table_id", b."id"
FROM "bills" b
WHERE (b."split_part" IS NULL OR b."split_part" = 1)
  AND b."idempotency_key" ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "order_ops" ("branch_id", "op_id", "created_at", "kind", "table_id", "result_id")
SELECT k."branch_id", k."op_id", k."created_at", 'kot', k."table_id", k."id" FROM "kots" k
WHERE k."reason" <> 'void'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A whole payment is a split with one part: pay_table takes the parts; pay_table_parts and
-- write_paid_bill are gone.
DROP FUNCTION IF EXISTS "pay_table"(uuid, uuid, integer, text, json, json, json, json, text, json, text, bigint, json);--> statement-breakpoint
DROP FUNCTION IF EXISTS "pay_table_parts"(uuid, uuid, integer, text, json, json, text, json, text, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS "write_paid_bill"(uuid, uuid, text, json, json, json, smallint, text, text, bigint);--> statement-breakpoint
-- server/lib/audit.functions.sql
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
$$;--> statement-breakpoint
-- server/modules/billing/billing.functions.sql
-- The database functions of billing: their one current definition (a migration carries them to
-- the database: server/db/database-functions.ts). server/modules/billing/bill-ledger.ts is the
-- one TypeScript module that calls them (and the one that writes bills at all).
--
-- format_bill_number: 'DC', '2026-27', 123 → 'DC/2627/000123' (the series prefix, the financial
-- year without its century, at least 6 digits: at most 16 characters, CGST rule 46), as
-- formatInvoiceNumber (shared/gst.ts) writes it; bill-ledger.test.ts checks they agree. Bills
-- numbered before keep their numbers ('DC/2026-27/000123').
CREATE OR REPLACE FUNCTION "format_bill_number"("p_prefix" text, "p_year" text, "p_n" integer)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT p_prefix || '/' || substr(p_year, 3, 2) || substr(p_year, 6, 2) || '/'
    || lpad(p_n::text, greatest(6, length(p_n::text)), '0')
$$;--> statement-breakpoint
-- add_daily_item_sales (every bill line counts as a line, the shares of an equal split's parts
-- included, so the orders report's "on N lines" and pager count the rows it lists; a shared
-- line's quantity and money add up over the parts): adds the lines of these bills of the
-- branch (NULL: every bill of the branch, for data written in bulk: the demo seed, generated
-- data) to `daily_item_sales`
-- (p_sign -1: takes them out, when a bill is cancelled), and their add-ons to
-- `daily_addon_sales` (per group and option name: the line's quantity, and the option's price
-- as billed × that quantity), in the caller's transaction. Once per bill, in the transaction
-- that writes its lines, and once more if it is cancelled.
CREATE OR REPLACE FUNCTION "add_daily_item_sales"(
  "p_branch" uuid, "p_bills" uuid[], "p_sign" integer
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_bills IS NULL THEN
    p_bills := ARRAY(SELECT b.id FROM bills b WHERE b.branch_id = p_branch);
  END IF;
  INSERT INTO daily_item_sales AS d
    (branch_id, business_date, name, quantity, revenue_paise, lines)
  SELECT l.branch_id, l.business_date, l.name, p_sign * sum(l.quantity),
    p_sign * sum(l.line_total_paise),
    p_sign * count(*)
  FROM bill_lines l
  WHERE l.branch_id = p_branch AND l.bill_id = ANY (p_bills)
  GROUP BY l.branch_id, l.business_date, l.name
  ON CONFLICT (branch_id, business_date, name) DO UPDATE
    SET quantity = d.quantity + excluded.quantity,
      revenue_paise = d.revenue_paise + excluded.revenue_paise,
      lines = d.lines + excluded.lines;
  INSERT INTO daily_addon_sales AS d
    (branch_id, business_date, group_name, name, quantity, revenue_paise)
  SELECT l.branch_id, l.business_date, a.addon->>'group', a.addon->>'name',
    p_sign * sum(l.quantity),
    p_sign * sum((a.addon->>'pricePaise')::bigint * l.quantity)
  FROM bill_lines l
  CROSS JOIN LATERAL jsonb_array_elements(l.addons) AS a(addon)
  WHERE l.branch_id = p_branch AND l.bill_id = ANY (p_bills) AND l.addons <> '[]'::jsonb
  GROUP BY l.branch_id, l.business_date, a.addon->>'group', a.addon->>'name'
  ON CONFLICT (branch_id, business_date, group_name, name) DO UPDATE
    SET quantity = d.quantity + excluded.quantity,
      revenue_paise = d.revenue_paise + excluded.revenue_paise;
END
$$;--> statement-breakpoint
-- add_daily_tax_sales: adds the GST figures of these bills of the branch (NULL: every bill of
-- the branch) to `daily_tax_sales` (p_sign -1: takes them out, when a bill is cancelled), in
-- the caller's transaction: per business day, rate (-1 outside GST, -2 no GST charged), HSN/SAC
-- and B2B (the buyer gave a GSTIN), the lines' quantity, taxable value and tax halves, and the
-- service charge at its rate under SAC 996331. Bills made before GST billing (no tax regime)
-- are left out.
CREATE OR REPLACE FUNCTION "add_daily_tax_sales"(
  "p_branch" uuid, "p_bills" uuid[], "p_sign" integer
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_bills IS NULL THEN
    p_bills := ARRAY(SELECT b.id FROM bills b WHERE b.branch_id = p_branch);
  END IF;
  INSERT INTO daily_tax_sales AS d
    (branch_id, business_date, rate_bps, hsn, b2b, quantity, taxable_paise, cgst_paise,
      sgst_paise)
  SELECT p_branch, x.business_date, x.rate_bps, x.hsn, x.b2b, p_sign * sum(x.quantity),
    p_sign * sum(x.taxable), p_sign * sum(x.cgst), p_sign * sum(x.sgst)
  FROM (
    SELECT b.business_date,
      CASE WHEN l.outside_gst THEN -1 ELSE coalesce(l.gst_rate_bps, -2) END AS rate_bps,
      l.hsn, b.buyer_gstin IS NOT NULL AS b2b, l.quantity::bigint AS quantity,
      CASE WHEN l.outside_gst THEN l.line_total_paise - l.discount_paise
        ELSE l.taxable_paise END::bigint AS taxable, l.cgst_paise::bigint AS cgst,
      l.sgst_paise::bigint AS sgst
    FROM bills b
    JOIN bill_lines l ON l.branch_id = b.branch_id AND l.bill_id = b.id
    WHERE b.branch_id = p_branch AND b.id = ANY (p_bills) AND b.tax_regime IS NOT NULL
    UNION ALL
    SELECT b.business_date, coalesce(b.service_charge_rate_bps, -2), '996331',
      b.buyer_gstin IS NOT NULL, 0, b.service_charge_paise,
      b.service_charge_tax_paise / 2, b.service_charge_tax_paise / 2
    FROM bills b
    WHERE b.branch_id = p_branch AND b.id = ANY (p_bills) AND b.tax_regime IS NOT NULL
      AND b.service_charge_paise > 0
  ) x
  GROUP BY x.business_date, x.rate_bps, x.hsn, x.b2b
  ON CONFLICT (branch_id, business_date, rate_bps, hsn, b2b) DO UPDATE
    SET quantity = d.quantity + excluded.quantity,
      taxable_paise = d.taxable_paise + excluded.taxable_paise,
      cgst_paise = d.cgst_paise + excluded.cgst_paise,
      sgst_paise = d.sgst_paise + excluded.sgst_paise;
END
$$;--> statement-breakpoint
-- add_daily_bill_totals: adds these bills of the branch as they now are (p_sign -1: takes them
-- out; NULL bills: every bill of the branch) to `daily_bill_totals` (per business day and hour)
-- and `daily_received` (per business day and method), in the caller's transaction. A payment
-- adds its bill once its payments are written; a settlement takes its bill out before it
-- changes it and adds it back after, so the rows always add up the bills as they are. What a
-- bill received is its paid columns added up (bill-ledger.ts paidOfBill).
CREATE OR REPLACE FUNCTION "add_daily_bill_totals"(
  "p_branch" uuid, "p_bills" uuid[], "p_sign" integer
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_bills IS NULL THEN
    p_bills := ARRAY(SELECT b.id FROM bills b WHERE b.branch_id = p_branch);
  END IF;
  INSERT INTO daily_bill_totals AS d
    (branch_id, business_date, hour, bills, subtotal_paise, discount_paise, total_paise,
      due_total_paise, due_paid_paise)
  SELECT b.branch_id, b.business_date, b.business_hour, p_sign * count(*),
    p_sign * sum(b.subtotal_paise), p_sign * sum(b.discount_paise), p_sign * sum(b.total_paise),
    p_sign * coalesce(sum(b.total_paise) FILTER (WHERE b.status = 'Due'), 0),
    p_sign * coalesce(sum(b.paid_cash_paise + b.paid_card_paise + b.paid_upi_paise
      + b.paid_other_paise) FILTER (WHERE b.status = 'Due'), 0)
  FROM bills b
  WHERE b.branch_id = p_branch AND b.id = ANY (p_bills)
  GROUP BY b.branch_id, b.business_date, b.business_hour
  ON CONFLICT (branch_id, business_date, hour) DO UPDATE
    SET bills = d.bills + excluded.bills,
      subtotal_paise = d.subtotal_paise + excluded.subtotal_paise,
      discount_paise = d.discount_paise + excluded.discount_paise,
      total_paise = d.total_paise + excluded.total_paise,
      due_total_paise = d.due_total_paise + excluded.due_total_paise,
      due_paid_paise = d.due_paid_paise + excluded.due_paid_paise;
  INSERT INTO daily_received AS d (branch_id, business_date, method, amount_paise)
  SELECT b.branch_id, b.business_date, p.method, p_sign * sum(p.amount_paise)
  FROM bills b
  JOIN bill_payments p ON p.branch_id = b.branch_id AND p.bill_id = b.id
  WHERE b.branch_id = p_branch AND b.id = ANY (p_bills)
  GROUP BY b.branch_id, b.business_date, p.method
  ON CONFLICT (branch_id, business_date, method) DO UPDATE
    SET amount_paise = d.amount_paise + excluded.amount_paise;
END
$$;--> statement-breakpoint
-- pay_table: a payment in one call (docs/counter.md, "Payments"), one transaction, set-based:
-- its statements are the same for a bill of 1 line or 300, paid whole or in N equal parts. The
-- server has read the order at version p_version and worked out the bills from it by
-- shared/tax.ts (totals, discount, tax, service charge, round-off, the paid columns), so this
-- function does no money arithmetic. p_parts: [{ "bill", "lines", "payments" }] (bills',
-- bill_lines' and bill_payments' columns by name): one part for a whole payment or a split by
-- items, N for an equal split (shared/split.ts shared the bill out over them). It:
-- 1. begins the operation on the table (tables.functions.sql open_order_begin: its row locked),
--    the first part's idempotency key as the op id: 'table_not_found'; a key already recorded
--    answers 'replayed' with the bills of every part's key when it was a payment of this table,
--    'key_reused' when it was anything else (the caller answers 409, never those bills); another
--    version 'changed';
-- 2. takes what is billed off the table (open_order_take: p_take null takes the whole order and
--    closes the table; [{ "key", "quantity" }] lowers those lines) and records the op
--    (open_order_record, kind 'payment', the first bill); the table's guests go on the first
--    bill when the table is left empty (bills.guests: the covers counted once); publishes
--    p_events on p_channel (sent on commit) and writes the audit row p_audit (record_audit);
-- 3. only then, so that what every payment of the branch waits for is held for the last few
--    statements: takes the parts' numbers from the branch's counter row for the financial year
--    in one step (gapless: a rollback gives them back) in the series p_prefix, writes the
--    bills, all their lines (each with its bill's business date) and all the money received (a
--    cash row's shift_id is the drawer shift the device named, kept by cash.functions.sql's
--    trigger only when it is open) in one statement each, adds them to the per-day totals
--    (sales, items, add-ons, tax), and deducts what inventory's recipe rule says they used
--    (sale_ingredients, deduct_ingredients_for_sale; then publishes p_stock_event).
-- Locks are taken in one order: table, bill counter, ingredients by id. One row per bill, in
-- the parts' order: status, id, number, guests.
CREATE OR REPLACE FUNCTION "pay_table"(
  "p_branch" uuid, "p_table" uuid, "p_version" integer, "p_prefix" text, "p_parts" json,
  "p_audit" json, "p_channel" text, "p_events" json, "p_stock_event" text, "p_least" bigint,
  "p_take" json
) RETURNS TABLE ("status" text, "bill_id" uuid, "number" text, "guests" smallint)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
  v_begin record;
  v_key uuid := (p_parts->0->'bill'->>'idempotency_key')::uuid;
  v_first uuid := (p_parts->0->'bill'->>'id')::uuid;
  v_guests smallint;
  v_count integer := json_array_length(p_parts);
  v_year text := p_parts->0->'bill'->>'financial_year';
  v_last integer;
  v_bills uuid[];
  v_ingredients uuid[];
  v_used bigint[];
  v_by uuid := (p_parts->0->'bill'->>'created_by')::uuid;
  v_at timestamptz := (p_parts->0->'bill'->>'created_at')::timestamptz;
  v_part record;
  v_deducted boolean := false;
BEGIN
  SELECT * INTO v_begin FROM open_order_begin(p_branch, p_table, v_key, p_version);
  IF v_begin.status = 'replayed' THEN
    IF v_begin.op_kind IS DISTINCT FROM 'payment' OR v_begin.op_table IS DISTINCT FROM p_table THEN
      RETURN QUERY SELECT 'key_reused'::text, NULL::uuid, NULL::text, NULL::smallint;
      RETURN;
    END IF;
    RETURN QUERY SELECT 'replayed'::text, b.id, b.number, b.guests
    FROM json_array_elements(p_parts) WITH ORDINALITY AS x(part, n)
    JOIN bills b ON b.branch_id = p_branch
      AND b.idempotency_key = x.part->'bill'->>'idempotency_key'
    ORDER BY x.n;
    RETURN;
  END IF;
  IF v_begin.status <> 'ok' THEN
    RETURN QUERY SELECT v_begin.status, NULL::uuid, NULL::text, NULL::smallint;
    RETURN;
  END IF;
  IF NOT open_order_record(p_branch, v_key, 'payment', p_table, v_first, v_at) THEN
    -- The same key recorded meanwhile by a payment of another table (this table's are
    -- serialised by its lock).
    RETURN QUERY SELECT 'key_reused'::text, NULL::uuid, NULL::text, NULL::smallint;
    RETURN;
  END IF;
  IF open_order_take(p_branch, p_table, p_take, false) THEN
    v_guests := v_begin.guests;
  END IF;
  PERFORM pg_notify(p_channel, e.payload) FROM json_array_elements_text(p_events) AS e(payload);
  PERFORM record_audit(json_build_array(
    (p_audit::jsonb || jsonb_build_object('branch_id', p_branch))::json));

  INSERT INTO bill_counters AS c (branch_id, financial_year, last_number)
  VALUES (p_branch, v_year, v_count)
  ON CONFLICT (branch_id, financial_year) DO UPDATE SET last_number = c.last_number + v_count
  RETURNING c.last_number INTO v_last;
  WITH written AS (
    INSERT INTO bills (branch_id, id, table_id, table_label, number, financial_year,
      business_date, subtotal_paise, discount_bps, discount_paise, discount_flat_paise,
      total_paise, method, status, responsible, idempotency_key, created_by, created_at,
      paid_cash_paise, paid_card_paise, paid_upi_paise, paid_other_paise, settled_at, settled_by,
      tax_profile_id, tax_regime, prices_include_tax, taxable_paise, non_gst_paise,
      service_charge_bps, service_charge_paise, service_charge_rate_bps,
      service_charge_tax_paise, cgst_paise, sgst_paise, tax_paise, round_off_paise, buyer_name,
      buyer_gstin, buyer_address, guests, split_part, split_parts, split_total_paise,
      split_difference_paise)
    SELECT p_branch, b.id, p_table, b.table_label,
      format_bill_number(p_prefix, b.financial_year, v_last - v_count + x.n::integer),
      b.financial_year, b.business_date, b.subtotal_paise, b.discount_bps, b.discount_paise,
      coalesce(b.discount_flat_paise, 0), b.total_paise, b.method, b.status, b.responsible,
      b.idempotency_key, b.created_by, b.created_at, b.paid_cash_paise, b.paid_card_paise,
      b.paid_upi_paise, b.paid_other_paise, b.settled_at, b.settled_by, b.tax_profile_id,
      b.tax_regime, b.prices_include_tax, b.taxable_paise, b.non_gst_paise,
      b.service_charge_bps, b.service_charge_paise, b.service_charge_rate_bps,
      b.service_charge_tax_paise, b.cgst_paise, b.sgst_paise, b.tax_paise, b.round_off_paise,
      b.buyer_name, b.buyer_gstin, b.buyer_address, CASE WHEN x.n = 1 THEN v_guests END,
      b.split_part, b.split_parts, b.split_total_paise, coalesce(b.split_difference_paise, 0)
    FROM json_array_elements(p_parts) WITH ORDINALITY AS x(part, n)
    CROSS JOIN LATERAL json_populate_record(NULL::bills, x.part->'bill') AS b
    ORDER BY x.n
    RETURNING id
  )
  SELECT array_agg(w.id) INTO v_bills FROM written w;
  INSERT INTO bill_lines (branch_id, id, bill_id, product_id, name, variant_id, variant_name,
    addons, note, subcategory, unit_price_paise, quantity, line_total_paise, business_date,
    hsn, gst_rate_bps, outside_gst, discount_paise, taxable_paise, cgst_paise, sgst_paise,
    share_of, share_part, whole_quantity, complimentary_reason, complimentary_value_paise,
    complimentary_by, complimentary_approved_by)
  SELECT p_branch, l.id, (x.part->'bill'->>'id')::uuid, l.product_id, l.name, l.variant_id,
    l.variant_name, coalesce(l.addons, '[]'::jsonb), coalesce(l.note, ''), l.subcategory,
    l.unit_price_paise, l.quantity, l.line_total_paise,
    (x.part->'bill'->>'business_date')::date, l.hsn, l.gst_rate_bps, l.outside_gst,
    l.discount_paise, l.taxable_paise, l.cgst_paise, l.sgst_paise, l.share_of, l.share_part,
    l.whole_quantity, l.complimentary_reason, l.complimentary_value_paise, l.complimentary_by,
    l.complimentary_approved_by
  FROM json_array_elements(p_parts) WITH ORDINALITY AS x(part, n)
  CROSS JOIN LATERAL json_populate_recordset(NULL::bill_lines, x.part->'lines') AS l;
  INSERT INTO bill_payments (branch_id, id, bill_id, method, amount_paise, received_at,
    received_by, shift_id)
  SELECT p_branch, p.id, (x.part->'bill'->>'id')::uuid, p.method, p.amount_paise,
    p.received_at, p.received_by, p.shift_id
  FROM json_array_elements(p_parts) WITH ORDINALITY AS x(part, n)
  CROSS JOIN LATERAL json_populate_recordset(NULL::bill_payments, x.part->'payments') AS p;
  PERFORM add_daily_item_sales(p_branch, v_bills, 1);
  PERFORM add_daily_bill_totals(p_branch, v_bills, 1);
  IF p_parts->0->'bill'->>'tax_regime' IS NOT NULL THEN
    PERFORM add_daily_tax_sales(p_branch, v_bills, 1);
  END IF;

  -- Each bill takes its own lines' ingredients (a cancelled part gives back its own); with
  -- several parts, every ingredient any part uses is locked first, in id order.
  IF v_count > 1 THEN
    PERFORM 1 FROM ingredients i
    WHERE i.branch_id = p_branch AND i.id IN (
      SELECT u.ingredient_id FROM sale_ingredients(p_branch, (
        SELECT json_agg(l) FROM json_array_elements(p_parts) AS x(part),
          json_array_elements(x.part->'lines') AS l
      )) u
    )
    ORDER BY i.id
    FOR UPDATE;
  END IF;
  FOR v_part IN SELECT x.part FROM json_array_elements(p_parts) WITH ORDINALITY AS x(part, n)
    ORDER BY x.n
  LOOP
    SELECT array_agg(u.ingredient_id ORDER BY u.ingredient_id),
      array_agg(u.used ORDER BY u.ingredient_id)
    INTO v_ingredients, v_used
    FROM sale_ingredients(p_branch, v_part.part->'lines') u;
    IF v_ingredients IS NOT NULL AND deduct_ingredients_for_sale(p_branch,
        (v_part.part->'bill'->>'id')::uuid, v_by, v_at, v_ingredients, v_used, p_least) THEN
      v_deducted := true;
    END IF;
  END LOOP;
  IF v_deducted THEN
    PERFORM pg_notify(p_channel, p_stock_event);
  END IF;
  RETURN QUERY SELECT 'paid'::text, (x.part->'bill'->>'id')::uuid,
    format_bill_number(p_prefix, v_year, v_last - v_count + x.n::integer),
    CASE WHEN x.n = 1 THEN v_guests END
  FROM json_array_elements(p_parts) WITH ORDINALITY AS x(part, n)
  ORDER BY x.n;
END
$$;--> statement-breakpoint
-- server/modules/floor/floor.functions.sql
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
$$;--> statement-breakpoint
-- server/modules/inventory/inventory.functions.sql
-- The database functions of inventory: their one current definition (a migration carries them
-- to the database: server/db/database-functions.ts).
--
-- tf_uuid_v7: a UUID version 7 of the instant `p_at` (48 bits of milliseconds, then random
-- bits), as the server's uuidv7() makes them, for rows a database function writes. PostgreSQL
-- 15 has no uuidv7() of its own. Give it the time it is made (clock_timestamp()), as uuidv7()
-- does, not a row's business time: ids then sort with the ones the server makes.
CREATE OR REPLACE FUNCTION "tf_uuid_v7"("p_at" timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM p_at) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
-- sale_ingredients: THE recipe rule, what a sale takes out of stock (the payment and the demo's
-- history both use it): per line of p_lines (a JSON array of bill lines by bill_lines' column
-- names: product_id, variant_id, addons [{ id }], quantity), its variant's recipe
-- (choice_ingredients) when the variant has one, else its product's (product_ingredients), and
-- on top each add-on option's recipe, all times the line's quantity; added up per ingredient,
-- leaving out what comes to 0 (a part of an equal split may carry none of a line's items).
CREATE OR REPLACE FUNCTION "sale_ingredients"("p_branch" uuid, "p_lines" json)
RETURNS TABLE ("ingredient_id" uuid, "used" bigint)
LANGUAGE sql STABLE AS $$
  WITH l AS (
    SELECT x.product_id, x.variant_id, coalesce(x.addons, '[]'::jsonb) AS addons,
      x.quantity::bigint AS quantity
    FROM json_populate_recordset(NULL::bill_lines, p_lines) x
  )
  SELECT r.ingredient_id, sum(r.used)::bigint
  FROM (
    SELECT ci.ingredient_id, ci.quantity_used::bigint * l.quantity AS used
    FROM l
    JOIN choice_ingredients ci ON ci.branch_id = p_branch AND ci.choice_id = l.variant_id
    UNION ALL
    SELECT pi.ingredient_id, pi.quantity_used::bigint * l.quantity
    FROM l
    JOIN product_ingredients pi ON pi.branch_id = p_branch AND pi.product_id = l.product_id
    WHERE l.variant_id IS NULL OR NOT EXISTS (
      SELECT 1 FROM choice_ingredients ci
      WHERE ci.branch_id = p_branch AND ci.choice_id = l.variant_id
    )
    UNION ALL
    SELECT ci.ingredient_id, ci.quantity_used::bigint * l.quantity
    FROM l
    CROSS JOIN LATERAL jsonb_array_elements(l.addons) AS a(addon)
    JOIN choice_ingredients ci ON ci.branch_id = p_branch
      AND ci.choice_id = (a.addon->>'id')::uuid
  ) r
  GROUP BY r.ingredient_id
  HAVING sum(r.used) <> 0
$$;--> statement-breakpoint
-- deduct_ingredients_for_sale: a sale takes what its bill used out of stock (inventory's rule,
-- called by billing's pay_table in the payment's transaction, with sale_ingredients of the
-- bill's lines). `p_ingredients` and `p_quantities` pair an ingredient with a quantity used (an
-- ingredient may come several times: they are added up). In three statements whatever the
-- recipe: the live ones are locked in id order (every payment locks them in that order, after
-- the branch's bill counter, so two payments never deadlock), each is set to its quantity less
-- what was used, and each gets one 'sale' row in its history. Deleted ingredients are left
-- alone. A sale that would take an ingredient below p_least (minus MAX_STORED_QUANTITY of
-- shared/units.ts: the stock column holds 32-bit integers) raises 'inventory.sale_too_large'
-- with the ingredient's name and unit as JSON in its DETAIL (inventory.usecases.ts
-- saleTooLargeOf reads it), and the whole payment rolls back. Answers whether any ingredient
-- was deducted.
CREATE OR REPLACE FUNCTION "deduct_ingredients_for_sale"(
  "p_branch" uuid, "p_bill" uuid, "p_user" uuid, "p_at" timestamptz,
  "p_ingredients" uuid[], "p_quantities" bigint[], "p_least" bigint
) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_ids uuid[];
  v_used bigint[];
  v_after integer[];
  v_short json;
BEGIN
  SELECT array_agg(x.id ORDER BY x.id), array_agg(x.used ORDER BY x.id),
    array_agg((x.quantity - x.used)::integer ORDER BY x.id) FILTER (WHERE x.quantity - x.used >= p_least),
    (array_agg(json_build_object('name', x.name, 'unit', x.unit::text) ORDER BY x.id)
      FILTER (WHERE x.quantity - x.used < p_least))[1]
  INTO v_ids, v_used, v_after, v_short
  FROM (
    SELECT i.id, i.name, i.unit, i.quantity, u.used
    FROM ingredients i
    JOIN (
      SELECT y.id, sum(y.quantity) AS used
      FROM unnest(p_ingredients, p_quantities) AS y(id, quantity)
      GROUP BY y.id
    ) u ON u.id = i.id
    WHERE i.branch_id = p_branch AND i.deleted_at IS NULL
    ORDER BY i.id
    FOR UPDATE OF i
  ) x;
  IF v_short IS NOT NULL THEN
    RAISE EXCEPTION 'inventory.sale_too_large' USING DETAIL = v_short::text;
  END IF;
  IF v_ids IS NULL THEN
    RETURN false;
  END IF;
  UPDATE ingredients i SET quantity = v.after, updated_at = p_at
  FROM unnest(v_ids, v_after) AS v(id, after)
  WHERE i.branch_id = p_branch AND i.id = v.id;
  INSERT INTO inventory_movements
    (branch_id, id, ingredient_id, action, quantity_delta, quantity_after, bill_id, user_id,
      created_at)
  SELECT p_branch, tf_uuid_v7(clock_timestamp()), v.id, 'sale', -v.used, v.after, p_bill, p_user,
    p_at
  FROM unnest(v_ids, v_used, v_after) WITH ORDINALITY AS v(id, used, after, n)
  ORDER BY v.n;
  RETURN true;
END
$$;--> statement-breakpoint
-- return_ingredients_of_bill: a cancelled bill's ingredients go back to stock (inventory's rule,
-- called by billing's cancellation, bill-ledger.ts recordCancellation, in its transaction, while
-- it holds the bill's row lock). Each 'sale' row of the bill not reversed yet is taken back:
-- its ingredient (live ones only: deleted ingredients are left alone) is locked in id order (the
-- order every payment locks them in, so a cancellation and a payment never deadlock), gets the
-- quantity back, and one 'reversal' row in its history whose reverses_movement_id is the sale
-- row (unique: a sale row is taken back at most once, whatever the race). Stock that would go
-- above p_most (MAX_STORED_QUANTITY of shared/units.ts: the column holds 32-bit integers)
-- raises 'inventory.return_too_large' with the ingredient's name and unit as JSON in its DETAIL
-- (inventory.usecases.ts stockLimitOf reads it), and the whole cancellation rolls back.
-- Answers whether any ingredient came back.
CREATE OR REPLACE FUNCTION "return_ingredients_of_bill"(
  "p_branch" uuid, "p_bill" uuid, "p_user" uuid, "p_at" timestamptz, "p_most" bigint
) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_full record;
  v_row record;
  v_sales uuid[] := '{}';
  v_ids uuid[] := '{}';
  v_back bigint[] := '{}';
  v_after integer[] := '{}';
BEGIN
  FOR v_row IN
    SELECT i.id, s.id AS movement_id, -s.quantity_delta::bigint AS back
    FROM ingredients i
    JOIN inventory_movements s ON s.branch_id = i.branch_id AND s.ingredient_id = i.id
    WHERE i.branch_id = p_branch AND i.deleted_at IS NULL
      AND s.bill_id = p_bill AND s.action = 'sale'
      AND NOT EXISTS (
        SELECT 1 FROM inventory_movements r
        WHERE r.branch_id = p_branch AND r.reverses_movement_id = s.id
      )
    ORDER BY i.id, s.id
    FOR UPDATE OF i
  LOOP
    v_sales := v_sales || v_row.movement_id;
    v_ids := v_ids || v_row.id;
    v_back := v_back || v_row.back;
  END LOOP;
  IF cardinality(v_ids) = 0 THEN
    RETURN false;
  END IF;
  SELECT i.name, i.unit::text AS unit INTO v_full
  FROM (
    SELECT x.id, sum(x.back) AS back FROM unnest(v_ids, v_back) AS x(id, back) GROUP BY x.id
  ) v
  JOIN ingredients i ON i.branch_id = p_branch AND i.id = v.id
  WHERE i.quantity + v.back > p_most
  ORDER BY i.id
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'inventory.return_too_large'
      USING DETAIL = json_build_object('name', v_full.name, 'unit', v_full.unit)::text;
  END IF;
  -- An ingredient may have several sale rows of the bill: each reversal row says the quantity
  -- right after it, in the order of the sale rows.
  SELECT array_agg(y.after ORDER BY y.n) INTO v_after
  FROM (
    SELECT x.n, (i.quantity + sum(x.back) OVER (PARTITION BY x.id ORDER BY x.n))::integer AS after
    FROM unnest(v_ids, v_back) WITH ORDINALITY AS x(id, back, n)
    JOIN ingredients i ON i.branch_id = p_branch AND i.id = x.id
  ) y;
  UPDATE ingredients i SET quantity = i.quantity + v.back, updated_at = p_at
  FROM (
    SELECT x.id, sum(x.back) AS back FROM unnest(v_ids, v_back) AS x(id, back) GROUP BY x.id
  ) v
  WHERE i.branch_id = p_branch AND i.id = v.id;
  INSERT INTO inventory_movements
    (branch_id, id, ingredient_id, action, quantity_delta, quantity_after, bill_id, user_id,
      reverses_movement_id, created_at)
  SELECT p_branch, tf_uuid_v7(clock_timestamp()), v.id, 'reversal', v.back, v.after, p_bill,
    p_user, v.sale, p_at
  FROM unnest(v_ids, v_back, v_after, v_sales) WITH ORDINALITY AS v(id, back, after, sale, n)
  ORDER BY v.n;
  RETURN true;
END
$$;--> statement-breakpoint
-- server/modules/kitchen/kitchen.functions.sql
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
-- 6. publishes kitchen.changed { tableIds: [p_table] } (sent when the transaction commits) on
--    the live events' channel 'tf_branch_events' (server/lib/events.ts EVENTS_CHANNEL);
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
      'at', to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  )::text);
  RETURN v_kot;
END
$$;--> statement-breakpoint
-- kot_json: a KOT of the branch as the API answers it (shared/schemas/kitchen.schemas.ts
-- kotSchema): its tickets in their stations' order (position now, no station last, then name),
-- each with its items in the order sent. STABLE: it reads the snapshot of the query that calls
-- it, so send_kot answers the KOT it has just written in the same call.
CREATE OR REPLACE FUNCTION "kot_json"("p_branch" uuid, "p_kot" uuid) RETURNS json
LANGUAGE sql STABLE
AS $$
  SELECT json_build_object(
    'id', k.id, 'number', k.number, 'businessDate', k.business_date, 'tableId', k.table_id,
    'tableLabel', k.table_label, 'sentBy', k.sent_by, 'sentByName', k.sent_by_name,
    'sentAt', to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'reason', k.reason, 'reprints', k.reprints,
    'tickets', coalesce((
      SELECT json_agg(json_build_object(
          'id', t.id, 'stationId', t.station_id, 'stationName', t.station_name,
          'bumpedAt', to_char(t.bumped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'items', (
            SELECT coalesce(json_agg(json_build_object(
                'id', i.id, 'lineKey', i.line_key, 'productId', i.product_id, 'name', i.name,
                'variantName', i.variant_name, 'addons', i.addons, 'note', i.note,
                'quantity', i.quantity, 'cancelled', i.cancelled, 'state', i.state,
                'stateAt', to_char(i.state_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
              ) ORDER BY i.position), '[]'::json)
            FROM kot_items i
            WHERE i.branch_id = p_branch AND i.ticket_id = t.id
          )
        ) ORDER BY s.position NULLS LAST, t.station_name, t.id)
      FROM kot_tickets t
      LEFT JOIN kitchen_stations s ON s.branch_id = p_branch AND s.id = t.station_id
      WHERE t.branch_id = p_branch AND t.kot_id = k.id
    ), '[]'::json)
  )
  FROM kots k
  WHERE k.branch_id = p_branch AND k.id = p_kot
$$;--> statement-breakpoint
-- send_kot: "Send to kitchen" of a table: the difference between its order and what the kitchen
-- has been sent, as one KOT, exactly once per op id, in one call (the counter's hot path: the
-- server sends nothing else for it but the audit row and the table's event).
-- 1. the operation begins on the table (tables.functions.sql open_order_begin: its row locked,
--    the lock of taps and payments), else 'table_not_found';
-- 2. an op id already recorded (a retried send) answers 'replayed' with the KOT it made, and
--    nothing changes;
-- 3. every line with quantity > sent_quantity gives an item of the difference (the line's
--    snapshot: key, product, name, variant, add-ons, note), in the order first added; none:
--    'nothing', no KOT, no change;
-- 4. write_kot writes them (reason p_reason: 'send' or 'auto'; the business date of p_at in the
--    branch's time zone), the op is recorded (open_order_record, kind 'kot'), the lines'
--    sent_quantity becomes their quantity, and the table's
--    version goes up by one (what the order answers changed); 'sent' with the KOT (kot_json)
--    and the version.
-- Two sends of one table are serialised by the row lock: every item is in exactly one KOT.
CREATE OR REPLACE FUNCTION "send_kot"(
  "p_branch" uuid, "p_table" uuid, "p_op" uuid, "p_reason" text, "p_by" uuid, "p_at" timestamptz
) RETURNS TABLE ("status" text, "kot" json, "version" integer)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
#variable_conflict use_column
DECLARE
  v_begin record;
  v_kot uuid;
  v_items json;
  v_day date;
BEGIN
  SELECT * INTO v_begin FROM open_order_begin(p_branch, p_table, p_op, NULL);
  IF v_begin.status = 'table_not_found' THEN
    RETURN QUERY SELECT 'table_not_found'::text, NULL::json, NULL::integer;
    RETURN;
  END IF;
  IF v_begin.status = 'replayed' THEN
    -- The KOT this op made (an op id of another kind made none: nothing is sent again).
    RETURN QUERY SELECT 'replayed'::text,
      CASE WHEN v_begin.op_kind = 'kot' THEN kot_json(p_branch, v_begin.op_result) END,
      v_begin.version;
    RETURN;
  END IF;
  SELECT json_agg(json_build_object(
      'lineKey', l.line_key, 'productId', l.product_id, 'name', l.name,
      'variantName', l.variant_name, 'addons', l.addons, 'note', l.note,
      'quantity', l.quantity - l.sent_quantity, 'cancelled', false
    ) ORDER BY l.created_at, l.id)
  INTO v_items
  FROM order_lines l
  WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.quantity > l.sent_quantity;
  IF v_items IS NULL THEN
    RETURN QUERY SELECT 'nothing'::text, NULL::json, v_begin.version;
    RETURN;
  END IF;
  v_day := branch_business_date(p_branch, p_at);
  v_kot := write_kot(p_branch, p_table, p_op, p_reason, v_items, p_by, v_day, p_at);
  PERFORM open_order_record(p_branch, p_op, 'kot', p_table, v_kot, p_at);
  UPDATE order_lines l SET sent_quantity = l.quantity
  WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.quantity > l.sent_quantity;
  UPDATE tables t SET version = t.version + 1
  WHERE t.branch_id = p_branch AND t.id = p_table;
  RETURN QUERY SELECT 'sent'::text, kot_json(p_branch, v_kot), v_begin.version + 1;
END
$$;--> statement-breakpoint
-- server/modules/reports/reports.functions.sql
-- The columns of bills and bill lines the reports read, kept by the database: their functions
-- and triggers' one current definition (a migration carries them to the database:
-- server/db/database-functions.ts). Billing, the demo seed and generated data never set these
-- columns, and a row can never disagree with what they are derived from.
--
-- bill_lines_business_date: a bill line carries its bill's business date, so the orders report
-- range-scans a branch's lines by day (bill_lines_business_date_idx) without joining bills. An
-- insert that leaves it out gets the bill's (the demo seed, generated data); an insert that
-- gives it (a payment: billing's pay_table) is checked once per statement against the bills
-- (bill_lines_business_date_check: a line whose date is not its bill's is refused); an update
-- of a line's bill or date copies the bill's, whatever the statement says.
CREATE OR REPLACE FUNCTION "bill_lines_business_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.business_date INTO NEW.business_date
  FROM bills b
  WHERE b.branch_id = NEW.branch_id AND b.id = NEW.bill_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "bill_lines_business_date" BEFORE UPDATE OF "bill_id", "business_date" ON "bill_lines"
  FOR EACH ROW EXECUTE FUNCTION "bill_lines_business_date"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "bill_lines_business_date_fill" BEFORE INSERT ON "bill_lines"
  FOR EACH ROW WHEN (NEW.business_date IS NULL) EXECUTE FUNCTION "bill_lines_business_date"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bill_lines_business_date_check"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM inserted l
    JOIN bills b ON b.branch_id = l.branch_id AND b.id = l.bill_id
    WHERE l.business_date IS DISTINCT FROM b.business_date
  ) THEN
    RAISE EXCEPTION 'bill line business date differs from its bill''s';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "bill_lines_business_date_check" AFTER INSERT ON "bill_lines"
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "bill_lines_business_date_check"();--> statement-breakpoint
-- bill_search_text: what the bills' search matches, in lower case: number, table, method,
-- status and responsible, joined by the unit separator (so no search spans two fields).
CREATE OR REPLACE FUNCTION "bill_search_text"("number" text, "table_label" text, "method" text, "status" text, "responsible" text)
  RETURNS text LANGUAGE sql IMMUTABLE
  RETURN lower(concat_ws(E'\x1f', "number", "table_label", "method", "status", "responsible"));--> statement-breakpoint
-- bills_derived: a bill's hour of payment on the branch's clock (set on an insert that leaves it
-- out; a restored backup keeps its own) for the bill totals per hour, and its search text, set
-- on every insert and update.
CREATE OR REPLACE FUNCTION "bills_derived"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.business_hour IS NULL THEN
    SELECT extract(hour FROM NEW.created_at AT TIME ZONE br.time_zone) INTO NEW.business_hour
    FROM branches br
    WHERE br.id = NEW.branch_id;
  END IF;
  NEW.search_text := bill_search_text(NEW.number, NEW.table_label, NEW.method::text, NEW.status::text, NEW.responsible);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "bills_derived" BEFORE INSERT OR UPDATE ON "bills"
  FOR EACH ROW EXECUTE FUNCTION "bills_derived"();--> statement-breakpoint
-- server/modules/tables/tables.functions.sql
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

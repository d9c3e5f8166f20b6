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
$$;

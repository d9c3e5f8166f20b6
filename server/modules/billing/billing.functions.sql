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
-- write_paid_bill: the second half of a payment (pay_table, pay_table_parts), in the caller's
-- transaction, under the table's lock the caller holds: takes the bill number from the
-- branch's counter row for the financial year (gapless: a rollback gives it back) in the series
-- p_prefix, writes the bill (p_bill, bills' columns by name, with p_guests), its lines (p_lines,
-- bill_lines' columns by name) and the money received (p_payments; a cash row's shift_id is
-- the drawer shift the device named, kept by cash.functions.sql's trigger only when it is
-- open), adds it to the per-day
-- totals (sales, items, add-ons, tax), and deducts its recipes' ingredients through
-- inventory's deduct_ingredients_for_sale (then publishes p_stock_event on p_channel): per
-- line, its variant's recipe (choice_ingredients) when the variant has one, else its
-- product's, and on top each add-on option's recipe, all times the line's quantity. Answers
-- the bill's number.
CREATE OR REPLACE FUNCTION "write_paid_bill"(
  "p_branch" uuid, "p_table" uuid, "p_prefix" text, "p_bill" json, "p_lines" json,
  "p_payments" json, "p_guests" smallint, "p_channel" text, "p_stock_event" text,
  "p_least" bigint
) RETURNS text
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_bill bills;
  v_serial integer;
  v_number text;
  v_ingredients uuid[];
  v_used bigint[];
BEGIN
  v_bill := json_populate_record(NULL::bills, p_bill);
  INSERT INTO bill_counters AS c (branch_id, financial_year, last_number)
  VALUES (p_branch, v_bill.financial_year, 1)
  ON CONFLICT (branch_id, financial_year) DO UPDATE SET last_number = c.last_number + 1
  RETURNING c.last_number INTO v_serial;
  v_number := format_bill_number(p_prefix, v_bill.financial_year, v_serial);
  INSERT INTO bills (branch_id, id, table_id, table_label, number, financial_year, business_date,
    subtotal_paise, discount_bps, discount_paise, discount_flat_paise, total_paise, method,
    status, responsible,
    idempotency_key, created_by, created_at, paid_cash_paise, paid_card_paise, paid_upi_paise,
    paid_other_paise, settled_at, settled_by, tax_profile_id, tax_regime, prices_include_tax,
    taxable_paise, non_gst_paise, service_charge_bps, service_charge_paise,
    service_charge_rate_bps, service_charge_tax_paise, cgst_paise, sgst_paise, tax_paise,
    round_off_paise, buyer_name, buyer_gstin, buyer_address, guests, split_part, split_parts,
    split_total_paise, split_difference_paise)
  VALUES (p_branch, v_bill.id, p_table, v_bill.table_label, v_number, v_bill.financial_year,
    v_bill.business_date, v_bill.subtotal_paise, v_bill.discount_bps, v_bill.discount_paise,
    coalesce(v_bill.discount_flat_paise, 0), v_bill.total_paise, v_bill.method, v_bill.status, v_bill.responsible,
    v_bill.idempotency_key, v_bill.created_by, v_bill.created_at, v_bill.paid_cash_paise,
    v_bill.paid_card_paise, v_bill.paid_upi_paise, v_bill.paid_other_paise, v_bill.settled_at,
    v_bill.settled_by, v_bill.tax_profile_id, v_bill.tax_regime, v_bill.prices_include_tax,
    v_bill.taxable_paise, v_bill.non_gst_paise, v_bill.service_charge_bps,
    v_bill.service_charge_paise, v_bill.service_charge_rate_bps,
    v_bill.service_charge_tax_paise, v_bill.cgst_paise, v_bill.sgst_paise, v_bill.tax_paise,
    v_bill.round_off_paise, v_bill.buyer_name, v_bill.buyer_gstin, v_bill.buyer_address,
    p_guests, v_bill.split_part, v_bill.split_parts, v_bill.split_total_paise,
    coalesce(v_bill.split_difference_paise, 0));
  INSERT INTO bill_lines (branch_id, id, bill_id, product_id, name, variant_id, variant_name,
    addons, note, subcategory, unit_price_paise, quantity, line_total_paise, hsn, gst_rate_bps,
    outside_gst, discount_paise, taxable_paise, cgst_paise, sgst_paise, share_of, share_part,
    whole_quantity, complimentary_reason, complimentary_value_paise, complimentary_by,
    complimentary_approved_by)
  SELECT p_branch, l.id, v_bill.id, l.product_id, l.name, l.variant_id, l.variant_name,
    coalesce(l.addons, '[]'::jsonb), coalesce(l.note, ''), l.subcategory, l.unit_price_paise,
    l.quantity, l.line_total_paise, l.hsn, l.gst_rate_bps, l.outside_gst, l.discount_paise,
    l.taxable_paise, l.cgst_paise, l.sgst_paise, l.share_of, l.share_part, l.whole_quantity,
    l.complimentary_reason, l.complimentary_value_paise, l.complimentary_by,
    l.complimentary_approved_by
  FROM json_populate_recordset(NULL::bill_lines, p_lines) l;
  INSERT INTO bill_payments (branch_id, id, bill_id, method, amount_paise, received_at,
    received_by, shift_id)
  SELECT p_branch, p.id, v_bill.id, p.method, p.amount_paise, p.received_at, p.received_by,
    p.shift_id
  FROM json_populate_recordset(NULL::bill_payments, p_payments) p;
  PERFORM add_daily_item_sales(p_branch, ARRAY[v_bill.id], 1);
  PERFORM add_daily_bill_totals(p_branch, ARRAY[v_bill.id], 1);
  IF v_bill.tax_regime IS NOT NULL THEN
    PERFORM add_daily_tax_sales(p_branch, ARRAY[v_bill.id], 1);
  END IF;

  SELECT array_agg(r.ingredient_id ORDER BY r.ingredient_id),
    array_agg(r.used ORDER BY r.ingredient_id)
  INTO v_ingredients, v_used
  FROM (
    SELECT x.ingredient_id, sum(x.used) AS used
    FROM (
      SELECT ci.ingredient_id, ci.quantity_used::bigint * l.quantity AS used
      FROM json_populate_recordset(NULL::bill_lines, p_lines) l
      JOIN choice_ingredients ci ON ci.branch_id = p_branch AND ci.choice_id = l.variant_id
      WHERE l.variant_id IS NOT NULL
      UNION ALL
      SELECT pi.ingredient_id, pi.quantity_used::bigint * l.quantity
      FROM json_populate_recordset(NULL::bill_lines, p_lines) l
      JOIN product_ingredients pi ON pi.branch_id = p_branch AND pi.product_id = l.product_id
      WHERE l.variant_id IS NULL OR NOT EXISTS (
        SELECT 1 FROM choice_ingredients ci
        WHERE ci.branch_id = p_branch AND ci.choice_id = l.variant_id
      )
      UNION ALL
      SELECT ci.ingredient_id, ci.quantity_used::bigint * l.quantity
      FROM json_populate_recordset(NULL::bill_lines, p_lines) l
      CROSS JOIN LATERAL jsonb_array_elements(coalesce(l.addons, '[]'::jsonb)) AS a(addon)
      JOIN choice_ingredients ci ON ci.branch_id = p_branch
        AND ci.choice_id = (a.addon->>'id')::uuid
    ) x
    -- A part of an equal split may carry none of a line's items: nothing to take for it.
    WHERE v_bill.split_part IS NULL OR x.used <> 0
    GROUP BY x.ingredient_id
  ) r;
  IF v_ingredients IS NOT NULL AND deduct_ingredients_for_sale(p_branch, v_bill.id,
      v_bill.created_by, v_bill.created_at, v_ingredients, v_used, p_least) THEN
    PERFORM pg_notify(p_channel, p_stock_event);
  END IF;
  RETURN v_number;
END
$$;--> statement-breakpoint
-- pay_table: a payment in one call (docs/counter.md, "Payments"), one transaction with the
-- caller's statement. The server has read the order (tables' getTableOrder, one statement) at
-- version p_version and worked out the bill from it by shared/tax.ts (totals, discount, tax,
-- service charge, round-off, the paid columns), so this function does no money arithmetic. It:
-- 1. locks the table's row; a bill already made with this idempotency key answers 'replayed'
--    with that bill when it is this table's, 'key_reused' when it is another table's (the key
--    was used for something else: the caller answers 409, never that bill); a version other than p_version answers 'changed' (another device changed
--    the order: every change of a table's lines bumps its version, so at p_version the lines
--    are the ones the server billed); a removed table answers 'table_not_found';
-- 2. takes what is billed off the table (version + 1): p_take null bills the whole order and
--    clears the table; p_take [{ "key", "quantity" }] (a split by items: the server checked each
--    key is a line of the order at p_version and each quantity at most the line's) lowers those
--    lines by those quantities (a line's sent quantity becomes at most what is left of it; a
--    line at 0 is deleted) and leaves the rest on the table. The table's guests go on the bill
--    that leaves the table empty (bills.guests: the covers counted once), and the table left
--    empty has no guests and is no longer open (opened_by, opened_at); publishes the events
--    p_events on p_channel (sent on commit) and writes the audit row p_audit;
-- 3. only then, so that what every payment of the branch waits for is held for the last few
--    statements: write_paid_bill numbers and writes the bill, its lines and payments, the
--    per-day totals and the stock.
-- Locks are taken in one order: table, bill counter, ingredients by id.
CREATE OR REPLACE FUNCTION "pay_table"(
  "p_branch" uuid, "p_table" uuid, "p_version" integer, "p_prefix" text, "p_bill" json,
  "p_lines" json, "p_payments" json, "p_audit" json, "p_channel" text, "p_events" json,
  "p_stock_event" text, "p_least" bigint, "p_take" json
) RETURNS TABLE ("status" text, "bill_id" uuid, "number" text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_version integer;
  v_guests smallint;
  v_key text;
  v_earlier uuid;
  v_earlier_table uuid;
  v_number text;
BEGIN
  SELECT t.version, t.guests INTO v_version, v_guests
  FROM tables t
  WHERE t.branch_id = p_branch AND t.id = p_table AND t.archived_at IS NULL
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'table_not_found'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;
  v_key := p_bill->>'idempotency_key';
  SELECT b.id, b.number, b.table_id INTO v_earlier, v_number, v_earlier_table
  FROM bills b
  WHERE b.branch_id = p_branch AND b.idempotency_key = v_key;
  IF FOUND THEN
    IF v_earlier_table IS DISTINCT FROM p_table THEN
      RETURN QUERY SELECT 'key_reused'::text, NULL::uuid, NULL::text;
      RETURN;
    END IF;
    RETURN QUERY SELECT 'replayed'::text, v_earlier, v_number;
    RETURN;
  END IF;
  IF v_version <> p_version THEN
    RETURN QUERY SELECT 'changed'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;

  IF p_take IS NULL THEN
    DELETE FROM order_lines l WHERE l.branch_id = p_branch AND l.table_id = p_table;
  ELSE
    -- Deleted first: a line lowered first could then look all taken.
    DELETE FROM order_lines l
    USING json_to_recordset(p_take) AS x(key text, quantity integer)
    WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = x.key
      AND l.quantity <= x.quantity;
    -- A split bills a line's complimentary items first (shared/complimentary.ts billedParts):
    -- what is left of them stays on the line.
    UPDATE order_lines l
    SET quantity = l.quantity - x.quantity,
      sent_quantity = least(l.sent_quantity, l.quantity - x.quantity),
      complimentary_quantity = greatest(least(l.complimentary_quantity, l.quantity) - x.quantity, 0),
      complimentary_reason = CASE
        WHEN least(l.complimentary_quantity, l.quantity) > x.quantity THEN l.complimentary_reason
      END,
      complimentary_by = CASE
        WHEN least(l.complimentary_quantity, l.quantity) > x.quantity THEN l.complimentary_by
      END,
      complimentary_approved_by = CASE
        WHEN least(l.complimentary_quantity, l.quantity) > x.quantity THEN l.complimentary_approved_by
      END
    FROM json_to_recordset(p_take) AS x(key text, quantity integer)
    WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.line_key = x.key;
  END IF;
  IF p_take IS NULL OR NOT EXISTS (
    SELECT 1 FROM order_lines l WHERE l.branch_id = p_branch AND l.table_id = p_table
  ) THEN
    UPDATE tables t
    SET version = t.version + 1, guests = NULL, opened_by = NULL, opened_at = NULL
    WHERE t.branch_id = p_branch AND t.id = p_table;
  ELSE
    UPDATE tables t SET version = t.version + 1 WHERE t.branch_id = p_branch AND t.id = p_table;
    v_guests := NULL;
  END IF;
  PERFORM pg_notify(p_channel, e.payload) FROM json_array_elements_text(p_events) AS e(payload);
  INSERT INTO audit_log (id, branch_id, user_id, action, entity, entity_id, data, created_at)
  SELECT a.id, p_branch, a.user_id, a.action, a.entity, a.entity_id, a.data, a.created_at
  FROM json_populate_record(NULL::audit_log, p_audit) a;

  v_number := write_paid_bill(p_branch, p_table, p_prefix, p_bill, p_lines, p_payments,
    v_guests, p_channel, p_stock_event, p_least);
  RETURN QUERY SELECT 'paid'::text, (p_bill->>'id')::uuid, v_number;
END
$$;--> statement-breakpoint
-- pay_table_parts: an equal split (docs/kitchen.md, "Equal split") in one call, one
-- transaction: the whole order at p_version paid as the bills p_parts
-- ([{ "bill", "lines", "payments" }], each as pay_table's p_bill, p_lines, p_payments: the
-- server shared the whole bill out over them by shared/split.ts). Like pay_table: locks the
-- table; the first part's idempotency key already used answers 'replayed' with the bills of
-- every part's key ('key_reused' when that bill is another table's); another version answers 'changed'; a removed table 'table_not_found'. Then
-- clears the table (its guests go on the first part), publishes p_events, writes the audit row
-- p_audit, and writes each part in turn through write_paid_bill (its own number, its payments,
-- its per-day totals and its share of the items out of stock). One row per part, in order.
CREATE OR REPLACE FUNCTION "pay_table_parts"(
  "p_branch" uuid, "p_table" uuid, "p_version" integer, "p_prefix" text, "p_parts" json,
  "p_audit" json, "p_channel" text, "p_events" json, "p_stock_event" text, "p_least" bigint
) RETURNS TABLE ("status" text, "bill_id" uuid, "number" text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_version integer;
  v_guests smallint;
  v_part record;
  v_number text;
  v_earlier_table uuid;
BEGIN
  SELECT t.version, t.guests INTO v_version, v_guests
  FROM tables t
  WHERE t.branch_id = p_branch AND t.id = p_table AND t.archived_at IS NULL
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'table_not_found'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;
  SELECT b.table_id INTO v_earlier_table
  FROM bills b
  WHERE b.branch_id = p_branch AND b.idempotency_key = p_parts->0->'bill'->>'idempotency_key';
  IF FOUND THEN
    IF v_earlier_table IS DISTINCT FROM p_table THEN
      RETURN QUERY SELECT 'key_reused'::text, NULL::uuid, NULL::text;
      RETURN;
    END IF;
    RETURN QUERY SELECT 'replayed'::text, b.id, b.number
    FROM json_array_elements(p_parts) WITH ORDINALITY AS x(part, n)
    JOIN bills b ON b.branch_id = p_branch
      AND b.idempotency_key = x.part->'bill'->>'idempotency_key'
    ORDER BY x.n;
    RETURN;
  END IF;
  IF v_version <> p_version THEN
    RETURN QUERY SELECT 'changed'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;

  DELETE FROM order_lines l WHERE l.branch_id = p_branch AND l.table_id = p_table;
  UPDATE tables t
  SET version = t.version + 1, guests = NULL, opened_by = NULL, opened_at = NULL
  WHERE t.branch_id = p_branch AND t.id = p_table;
  PERFORM pg_notify(p_channel, e.payload) FROM json_array_elements_text(p_events) AS e(payload);
  INSERT INTO audit_log (id, branch_id, user_id, action, entity, entity_id, data, created_at)
  SELECT a.id, p_branch, a.user_id, a.action, a.entity, a.entity_id, a.data, a.created_at
  FROM json_populate_record(NULL::audit_log, p_audit) a;

  FOR v_part IN
    SELECT x.part, x.n FROM json_array_elements(p_parts) WITH ORDINALITY AS x(part, n)
    ORDER BY x.n
  LOOP
    v_number := write_paid_bill(p_branch, p_table, p_prefix, v_part.part->'bill',
      v_part.part->'lines', v_part.part->'payments',
      CASE WHEN v_part.n = 1 THEN v_guests END, p_channel, p_stock_event, p_least);
    RETURN QUERY SELECT 'paid'::text, (v_part.part->'bill'->>'id')::uuid, v_number;
  END LOOP;
END
$$;

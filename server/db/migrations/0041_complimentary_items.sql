CREATE TABLE "complimentary_settings" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"reasons" text[] NOT NULL,
	"limit_paise" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complimentary_settings_limit_check" CHECK ("complimentary_settings"."limit_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "complimentary_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "complimentary_reason" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "complimentary_by" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "complimentary_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "complimentary_reason" text;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "complimentary_value_paise" integer;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "complimentary_by" uuid;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "complimentary_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "complimentary_settings" ADD CONSTRAINT "complimentary_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_lines_complimentary_idx" ON "bill_lines" USING btree ("branch_id","business_date") WHERE "bill_lines"."complimentary_reason" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_complimentary_check" CHECK (("order_lines"."complimentary_quantity" = 0 and "order_lines"."complimentary_reason" is null) or ("order_lines"."complimentary_quantity" > 0 and "order_lines"."complimentary_reason" is not null));--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_complimentary_check" CHECK ("bill_lines"."complimentary_reason" is null or ("bill_lines"."unit_price_paise" = 0 and "bill_lines"."line_total_paise" = 0 and "bill_lines"."complimentary_value_paise" >= 0));--> statement-breakpoint
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
-- 1. an op id already recorded (order_ops, with the taps') answers 'replayed' and changes
--    nothing (the device retried);
-- 2. both tables' rows are locked in id order (the lock every tap and payment takes, so a tap
--    or a payment of either table waits for the change, and two changes never deadlock);
--    a table that is not a live table of the branch answers 'table_not_found' (p_from) or
--    'target_not_found' (p_to);
-- 3. the source must have lines ('source_empty'); a move's target must have none
--    ('target_not_empty'); a merge must not take the target's order above p_max_total
--    ('order_too_large');
-- 4. the op id is recorded;
-- 5. the lines go to the target with their sent quantities: a move changes their table; a
--    merge adds a source line to the target's line of the same key (quantity and
--    sent_quantity add, the target's snapshot of name and price is kept) and moves the others;
-- 6. the current order's KOTs (the source's, made since its order opened: opened_at, or its
--    first line's time when opened_at was never set) move to the target (kots.table_id);
-- 7. guests: a move carries them; a merge adds them (capped at p_max_guests; null when neither
--    table had them); who opened the order: a move carries it, a merge keeps the target's and
--    the earlier opening time (so the KOTs that came along are the target's current ones);
-- 8. the source is left empty (no guests, not opened) and both tables' versions go up.
-- Answers the status, both labels and the number of lines and KOTs that moved.
CREATE OR REPLACE FUNCTION "floor_change_tables"(
  "p_branch" uuid, "p_kind" text, "p_from" uuid, "p_to" uuid, "p_op" uuid, "p_at" timestamptz,
  "p_max_total" bigint, "p_max_guests" integer
) RETURNS TABLE ("status" text, "from_label" text, "to_label" text, "lines_moved" integer,
  "kots_moved" integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_from tables;
  v_to tables;
  v_row tables;
  v_since timestamptz;
  v_lines integer;
  v_kots integer;
BEGIN
  IF EXISTS (SELECT 1 FROM order_ops o WHERE o.branch_id = p_branch AND o.op_id = p_op) THEN
    RETURN QUERY SELECT 'replayed'::text, NULL::text, NULL::text, 0, 0;
    RETURN;
  END IF;
  FOR v_row IN
    SELECT * FROM tables t
    WHERE t.branch_id = p_branch AND t.id IN (p_from, p_to) AND t.archived_at IS NULL
    ORDER BY t.id
    FOR UPDATE
  LOOP
    IF v_row.id = p_from THEN v_from := v_row; END IF;
    IF v_row.id = p_to THEN v_to := v_row; END IF;
  END LOOP;
  IF v_from.id IS NULL THEN
    RETURN QUERY SELECT 'table_not_found'::text, NULL::text, NULL::text, 0, 0;
    RETURN;
  END IF;
  IF v_to.id IS NULL THEN
    RETURN QUERY SELECT 'target_not_found'::text, v_from.label, NULL::text, 0, 0;
    RETURN;
  END IF;
  -- Another transaction may have recorded the op while this one waited for the locks.
  IF EXISTS (SELECT 1 FROM order_ops o WHERE o.branch_id = p_branch AND o.op_id = p_op) THEN
    RETURN QUERY SELECT 'replayed'::text, v_from.label, v_to.label, 0, 0;
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
  INSERT INTO order_ops (branch_id, op_id, created_at) VALUES (p_branch, p_op, p_at);

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
  UPDATE tables t
  SET version = t.version + 1, guests = NULL, opened_by = NULL, opened_at = NULL
  WHERE t.branch_id = p_branch AND t.id = p_from;
  RETURN QUERY SELECT 'done'::text, v_from.label, v_to.label, v_lines, v_kots;
END
$$;--> statement-breakpoint
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
-- change_order_lines: the taps on ONE table in one call, one transaction and one lock of the
-- table's row (group commit). The server sends a table's taps here when its row was busy
-- (server/modules/tables/tap-router.ts), and change_branch_lines sends each table's taps here.
-- A tap names its line by key (shared/menu.ts lineKeyOf: product, variant, sorted add-on ids,
-- normalised note; docs/menu.md "Order lines"), which the server computed. Per tap, in the
-- order sent:
-- 1. an op id already recorded (before, or earlier in this call) is 'replayed', changes nothing;
-- 2. the product must be on sale in the branch (taking off may also lower a line of a product
--    archived since), else 'product_not_found';
-- 3. the first tap that gets this far bumps the live table's version, which locks its row until
--    the end (else 'table_not_found'): table row first, then op ids, then lines, as every change
--    of an order does; at the end the version has gone up by the number of taps applied;
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
-- 6. the op id is recorded; if the same op id was recorded meanwhile by another transaction,
--    the tap is 'replayed';
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
      UPDATE tables t SET version = t.version + 1
      WHERE t.branch_id = p_branch AND t.id = p_table AND t.archived_at IS NULL
      RETURNING t.label, t.version, t.guests, t.opened_at
      INTO v_label, v_version, v_guests, v_opened_at;
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
    INSERT INTO order_ops (branch_id, op_id, created_at) VALUES (p_branch, v_tap.op, p_at)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
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
  IF v_locked AND v_applied <> 1 THEN
    -- The version counts the taps applied, as one call each would have: the rest of the bump,
    -- or, when none was applied, the bump taken back (nobody saw it: the row is still ours).
    UPDATE tables t SET version = t.version + v_applied - 1
    WHERE t.branch_id = p_branch AND t.id = p_table
    RETURNING t.version INTO v_version;
  END IF;
  IF v_opens THEN
    UPDATE tables t SET opened_by = v_opened_by, opened_at = p_at
    WHERE t.branch_id = p_branch AND t.id = p_table;
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

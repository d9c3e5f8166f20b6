-- A payment in one call (pay_table) and the per-day totals as database functions
-- (add_daily_item_sales, add_daily_bill_totals), with inventory's deduction of a sale
-- (deduct_ingredients_for_sale): their one current definitions are the source files below
-- (server/db/database-functions.ts writes them here).--> statement-breakpoint
-- server/modules/billing/billing.functions.sql
-- The database functions of billing: their one current definition (a migration carries them to
-- the database: server/db/database-functions.ts). server/modules/billing/bill-ledger.ts is the
-- one TypeScript module that calls them (and the one that writes bills at all).
--
-- format_bill_number: 'DC', '2026-27', 123 → 'DC/2026-27/000123' (at least 6 digits), as
-- formatBillNumber (bill-number.ts) writes it; bill-ledger.test.ts checks they agree.
CREATE OR REPLACE FUNCTION "format_bill_number"("p_code" text, "p_year" text, "p_n" integer)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT p_code || '/' || p_year || '/' || lpad(p_n::text, greatest(6, length(p_n::text)), '0')
$$;--> statement-breakpoint
-- add_daily_item_sales: adds the lines of these bills of the branch (NULL: every bill of the
-- branch, for data written in bulk: the demo seed, generated data) to `daily_item_sales`, in the
-- caller's transaction. Once per bill, in the transaction that writes its lines (bill lines are
-- never changed or deleted, so the totals only grow).
CREATE OR REPLACE FUNCTION "add_daily_item_sales"("p_branch" uuid, "p_bills" uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_bills IS NULL THEN
    p_bills := ARRAY(SELECT b.id FROM bills b WHERE b.branch_id = p_branch);
  END IF;
  INSERT INTO daily_item_sales AS d
    (branch_id, business_date, name, quantity, revenue_paise, lines)
  SELECT l.branch_id, l.business_date, l.name, sum(l.quantity), sum(l.line_total_paise), count(*)
  FROM bill_lines l
  WHERE l.branch_id = p_branch AND l.bill_id = ANY (p_bills)
  GROUP BY l.branch_id, l.business_date, l.name
  ON CONFLICT (branch_id, business_date, name) DO UPDATE
    SET quantity = d.quantity + excluded.quantity,
      revenue_paise = d.revenue_paise + excluded.revenue_paise,
      lines = d.lines + excluded.lines;
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
    (branch_id, business_date, hour, bills, subtotal_paise, total_paise, due_total_paise,
      due_paid_paise)
  SELECT b.branch_id, b.business_date, b.business_hour, p_sign * count(*),
    p_sign * sum(b.subtotal_paise), p_sign * sum(b.total_paise),
    p_sign * coalesce(sum(b.total_paise) FILTER (WHERE b.status = 'Due'), 0),
    p_sign * coalesce(sum(b.paid_cash_paise + b.paid_card_paise + b.paid_upi_paise
      + b.paid_other_paise) FILTER (WHERE b.status = 'Due'), 0)
  FROM bills b
  WHERE b.branch_id = p_branch AND b.id = ANY (p_bills)
  GROUP BY b.branch_id, b.business_date, b.business_hour
  ON CONFLICT (branch_id, business_date, hour) DO UPDATE
    SET bills = d.bills + excluded.bills,
      subtotal_paise = d.subtotal_paise + excluded.subtotal_paise,
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
-- pay_table: a payment in one call (docs/counter.md, "Payments"), one transaction with the
-- caller's statement. The server has read the order (tables' getTableOrder, one statement) at
-- version p_version and worked out the bill from it by shared/money.ts (totals, discount,
-- the paid columns), so this function does no money arithmetic. It:
-- 1. locks the table's row; a bill already made with this idempotency key answers 'replayed'
--    with that bill; a version other than p_version answers 'changed' (another device changed
--    the order: every change of a table's lines bumps its version, so at p_version the lines
--    are the ones the server billed); a removed table answers 'table_not_found';
-- 2. clears the table (version + 1, no lines), publishes the events p_events on p_channel
--    (sent on commit) and writes the audit row p_audit;
-- 3. only then, so that what every payment of the branch waits for is held for the last few
--    statements: takes the bill number from the branch's counter row for the financial year
--    (gapless: a rollback gives it back), writes the bill (p_bill, bills' columns by name),
--    its lines (p_lines) and the money received (p_payments), adds it to the per-day totals,
--    and deducts its recipes' ingredients through inventory's deduct_ingredients_for_sale
--    (then publishes p_stock_event).
-- Locks are taken in one order: table, bill counter, ingredients by id.
CREATE OR REPLACE FUNCTION "pay_table"(
  "p_branch" uuid, "p_table" uuid, "p_version" integer, "p_code" text, "p_bill" json,
  "p_lines" json, "p_payments" json, "p_audit" json, "p_channel" text, "p_events" json,
  "p_stock_event" text, "p_least" bigint
) RETURNS TABLE ("status" text, "bill_id" uuid, "number" text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_bill bills;
  v_version integer;
  v_earlier uuid;
  v_serial integer;
  v_number text;
  v_ingredients uuid[];
  v_used bigint[];
BEGIN
  SELECT t.version INTO v_version
  FROM tables t
  WHERE t.branch_id = p_branch AND t.id = p_table AND t.archived_at IS NULL
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'table_not_found'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;
  v_bill := json_populate_record(NULL::bills, p_bill);
  SELECT b.id, b.number INTO v_earlier, v_number
  FROM bills b
  WHERE b.branch_id = p_branch AND b.idempotency_key = v_bill.idempotency_key;
  IF FOUND THEN
    RETURN QUERY SELECT 'replayed'::text, v_earlier, v_number;
    RETURN;
  END IF;
  IF v_version <> p_version THEN
    RETURN QUERY SELECT 'changed'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;

  UPDATE tables t SET version = t.version + 1 WHERE t.branch_id = p_branch AND t.id = p_table;
  DELETE FROM order_lines l WHERE l.branch_id = p_branch AND l.table_id = p_table;
  PERFORM pg_notify(p_channel, e.payload) FROM json_array_elements_text(p_events) AS e(payload);
  INSERT INTO audit_log (id, branch_id, user_id, action, entity, entity_id, data, created_at)
  SELECT a.id, p_branch, a.user_id, a.action, a.entity, a.entity_id, a.data, a.created_at
  FROM json_populate_record(NULL::audit_log, p_audit) a;

  INSERT INTO bill_counters AS c (branch_id, financial_year, last_number)
  VALUES (p_branch, v_bill.financial_year, 1)
  ON CONFLICT (branch_id, financial_year) DO UPDATE SET last_number = c.last_number + 1
  RETURNING c.last_number INTO v_serial;
  v_number := format_bill_number(p_code, v_bill.financial_year, v_serial);
  INSERT INTO bills (branch_id, id, table_id, table_label, number, financial_year, business_date,
    subtotal_paise, discount_bps, discount_paise, total_paise, method, status, responsible,
    idempotency_key, created_by, created_at, paid_cash_paise, paid_card_paise, paid_upi_paise,
    paid_other_paise, settled_at, settled_by)
  VALUES (p_branch, v_bill.id, p_table, v_bill.table_label, v_number, v_bill.financial_year,
    v_bill.business_date, v_bill.subtotal_paise, v_bill.discount_bps, v_bill.discount_paise,
    v_bill.total_paise, v_bill.method, v_bill.status, v_bill.responsible,
    v_bill.idempotency_key, v_bill.created_by, v_bill.created_at, v_bill.paid_cash_paise,
    v_bill.paid_card_paise, v_bill.paid_upi_paise, v_bill.paid_other_paise, v_bill.settled_at,
    v_bill.settled_by);
  INSERT INTO bill_lines (branch_id, id, bill_id, product_id, name, subcategory,
    unit_price_paise, quantity, line_total_paise)
  SELECT p_branch, l.id, v_bill.id, l.product_id, l.name, l.subcategory, l.unit_price_paise,
    l.quantity, l.line_total_paise
  FROM json_populate_recordset(NULL::bill_lines, p_lines) l;
  INSERT INTO bill_payments (branch_id, id, bill_id, method, amount_paise, received_at,
    received_by)
  SELECT p_branch, p.id, v_bill.id, p.method, p.amount_paise, p.received_at, p.received_by
  FROM json_populate_recordset(NULL::bill_payments, p_payments) p;
  PERFORM add_daily_item_sales(p_branch, ARRAY[v_bill.id]);
  PERFORM add_daily_bill_totals(p_branch, ARRAY[v_bill.id], 1);

  SELECT array_agg(r.ingredient_id ORDER BY r.ingredient_id),
    array_agg(r.used ORDER BY r.ingredient_id)
  INTO v_ingredients, v_used
  FROM (
    SELECT pi.ingredient_id, sum(pi.quantity_used::bigint * l.quantity) AS used
    FROM json_populate_recordset(NULL::bill_lines, p_lines) l
    JOIN product_ingredients pi ON pi.branch_id = p_branch AND pi.product_id = l.product_id
    GROUP BY pi.ingredient_id
  ) r;
  IF v_ingredients IS NOT NULL AND deduct_ingredients_for_sale(p_branch, v_bill.id,
      v_bill.created_by, v_bill.created_at, v_ingredients, v_used, p_least) THEN
    PERFORM pg_notify(p_channel, p_stock_event);
  END IF;
  RETURN QUERY SELECT 'paid'::text, v_bill.id, v_number;
END
$$;--> statement-breakpoint
-- server/modules/inventory/inventory.functions.sql
-- The database functions of inventory: their one current definition (a migration carries them
-- to the database: server/db/database-functions.ts).
--
-- tf_uuid_v7: a UUID version 7 of the instant `p_at` (48 bits of milliseconds, then random
-- bits), as the server's uuidv7() makes them, for rows a database function writes. PostgreSQL
-- 15 has no uuidv7() of its own.
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
-- deduct_ingredients_for_sale: a sale takes what its bill used out of stock (inventory's rule,
-- called by billing's pay_table in the payment's transaction). `p_ingredients` and
-- `p_quantities` pair an ingredient with a quantity used (an ingredient may come several times:
-- they are added up). The live ones are locked in id order (every payment locks them in that
-- order, after the branch's bill counter, so two payments never deadlock), each is set to its
-- quantity less what was used, and each gets one 'sale' row in its history. Deleted
-- ingredients are left alone. A sale that would take an ingredient below p_least (minus
-- MAX_STORED_QUANTITY of shared/units.ts: the stock column holds 32-bit integers) raises
-- 'inventory.sale_too_large' with the ingredient's name and unit as JSON in its DETAIL
-- (inventory.usecases.ts saleTooLargeOf reads it), and the whole payment rolls back.
-- Answers whether any ingredient was deducted.
CREATE OR REPLACE FUNCTION "deduct_ingredients_for_sale"(
  "p_branch" uuid, "p_bill" uuid, "p_user" uuid, "p_at" timestamptz,
  "p_ingredients" uuid[], "p_quantities" bigint[], "p_least" bigint
) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
  v_ids uuid[] := '{}';
  v_used bigint[] := '{}';
  v_after integer[] := '{}';
BEGIN
  FOR v_row IN
    SELECT i.id, i.name, i.unit::text AS unit, i.quantity, u.used
    FROM ingredients i
    JOIN (
      SELECT x.id, sum(x.quantity) AS used
      FROM unnest(p_ingredients, p_quantities) AS x(id, quantity)
      GROUP BY x.id
    ) u ON u.id = i.id
    WHERE i.branch_id = p_branch AND i.deleted_at IS NULL
    ORDER BY i.id
    FOR UPDATE OF i
  LOOP
    IF v_row.quantity - v_row.used < p_least THEN
      RAISE EXCEPTION 'inventory.sale_too_large'
        USING DETAIL = json_build_object('name', v_row.name, 'unit', v_row.unit)::text;
    END IF;
    v_ids := v_ids || v_row.id;
    v_used := v_used || v_row.used;
    v_after := v_after || (v_row.quantity - v_row.used)::integer;
  END LOOP;
  IF cardinality(v_ids) = 0 THEN
    RETURN false;
  END IF;
  UPDATE ingredients i SET quantity = v.after, updated_at = p_at
  FROM unnest(v_ids, v_after) AS v(id, after)
  WHERE i.branch_id = p_branch AND i.id = v.id;
  INSERT INTO inventory_movements
    (branch_id, id, ingredient_id, action, quantity_delta, quantity_after, bill_id, user_id,
      created_at)
  SELECT p_branch, tf_uuid_v7(p_at), v.id, 'sale', -v.used, v.after, p_bill, p_user, p_at
  FROM unnest(v_ids, v_used, v_after) WITH ORDINALITY AS v(id, used, after, n)
  ORDER BY v.n;
  RETURN true;
END
$$;

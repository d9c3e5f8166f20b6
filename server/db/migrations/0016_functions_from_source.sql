-- Every database to the current definitions of its functions and triggers, whatever it applied
-- before (a database that applied the first version of 0013 had change_order_lines without the
-- order cap): their sources (server/modules/*/*.functions.sql, in path order), written here by
-- server/db/database-functions.ts. The tap functions now take the cap as a parameter, so
-- their old signatures go first.
DROP FUNCTION IF EXISTS "change_branch_lines"(uuid, json, timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS "change_order_lines"(uuid, uuid, json, timestamptz);--> statement-breakpoint
-- server/modules/auth/auth.functions.sql
-- The database functions and triggers of the session cache: their one current definition (a
-- migration carries them to the database: server/db/database-functions.ts).
--
-- The session cache (server/modules/auth/session-cache.ts) keeps each session with its account
-- (user, branch, two-factor) in every server process's memory. Any change to what it keeps
-- notifies 'tf_auth_changed' when it commits, whoever makes it (a route of any process, a CLI,
-- a statement typed in psql), and every process empties its cache on that notification.
-- A session's last_seen_at alone (touched once a minute per session) does not notify: the
-- cache checks the idle time against the database before it refuses anything.
CREATE OR REPLACE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tf_auth_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Row triggers, so a statement that changes nothing (a login sweeping no dead sessions) does not
-- empty every cache; PostgreSQL sends one notification per transaction however many rows.
CREATE OR REPLACE TRIGGER "sessions_auth_changed" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "sessions_auth_changed_update" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (
    OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
  ) EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_auth_changed" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_auth_changed_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "branches_auth_changed" AFTER DELETE ON "branches"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "branches_auth_changed_update" AFTER UPDATE ON "branches"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "two_factor_credentials_auth_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "two_factor_credentials"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
-- A TRUNCATE (tests, a restore) fires no row trigger.
CREATE OR REPLACE TRIGGER "auth_tables_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "auth_tables_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "auth_tables_truncated" AFTER TRUNCATE ON "branches"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "auth_tables_truncated" AFTER TRUNCATE ON "two_factor_credentials"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
-- server/modules/reports/reports.functions.sql
-- The columns of bills and bill lines the reports read, kept by the database: their functions
-- and triggers' one current definition (a migration carries them to the database:
-- server/db/database-functions.ts). Billing, the demo seed and generated data never set these
-- columns, and a row can never disagree with what they are derived from.
--
-- bill_lines_business_date: a bill line carries its bill's business date, so the orders report
-- range-scans a branch's lines by day (bill_lines_business_date_idx) without joining bills. It
-- is copied from the bill on every insert, and on any update of the line's bill or date,
-- whatever the statement says.
CREATE OR REPLACE FUNCTION "bill_lines_business_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.business_date INTO NEW.business_date
  FROM bills b
  WHERE b.branch_id = NEW.branch_id AND b.id = NEW.bill_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "bill_lines_business_date" BEFORE INSERT OR UPDATE OF "bill_id", "business_date" ON "bill_lines"
  FOR EACH ROW EXECUTE FUNCTION "bill_lines_business_date"();--> statement-breakpoint
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
-- of (branch_id, table_id, product_id)) on its index when stale statistics make a branch look
-- small. A tap costs the same on a branch of 100 tables and one of 3,000.
--
-- order_lines_json: an open order's lines as the API answers them (first added first, with the
-- product's subcategory now, looked up per line by the product's key). STABLE, so it reads the
-- snapshot of the query that calls it.
CREATE OR REPLACE FUNCTION "order_lines_json"("p_branch" uuid, "p_table" uuid) RETURNS json
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
        'productId', l.product_id, 'name', l.name,
        'subcategory', (
          SELECT p.subcategory FROM products p
          WHERE p.branch_id = l.branch_id AND p.id = l.product_id
        ),
        'unitPricePaise', l.unit_price_paise, 'quantity', l.quantity, 'createdAt', l.created_at
      ) ORDER BY l.created_at, l.id), '[]'::json)
    FROM order_lines l
    WHERE l.branch_id = p_branch AND l.table_id = p_table
  );
END
$$;--> statement-breakpoint
-- change_order_lines: the taps on ONE table in one call, one transaction and one lock of the
-- table's row (group commit). The server sends a table's taps here when its row was busy
-- (server/modules/tables/tap-router.ts), and change_branch_lines sends each table's taps here.
-- Per tap, in the order sent:
-- 1. an op id already recorded (before, or earlier in this call) is 'replayed', changes nothing;
-- 2. the product must be on sale in the branch (taking off may also remove a line of a product
--    archived since), else 'product_not_found';
-- 3. the first tap that gets this far bumps the live table's version, which locks its row until
--    the end (else 'table_not_found'): table row first, then op ids, then lines, as every change
--    of an order does; at the end the version has gone up by the number of taps applied;
-- 4. a tap that adds and would take the order's total above p_max_total (the server passes
--    MAX_ORDER_TOTAL_PAISE of shared/money.ts: bills, their lines and the tables' list keep
--    money in 32-bit integers) is 'order_too_large' and changes nothing (the line's own price
--    when it has one, else the product's);
-- 5. the op id is recorded; if the same op id was recorded meanwhile by another transaction,
--    the tap is 'replayed';
-- 6. the line is changed: added (name and price as they are now) or increased, lowered, or
--    deleted at zero or below;
-- 7. the answer: each tap's status in the order sent, and once the row is locked, the table's
--    label, its version and the order's lines after every tap of the call.
-- p_taps: a JSON array of { "op": uuid, "product": uuid, "delta": integer, "line": uuid }.
CREATE OR REPLACE FUNCTION "change_order_lines"(
  "p_branch" uuid, "p_table" uuid, "p_taps" json, "p_at" timestamptz, "p_max_total" bigint
) RETURNS TABLE ("statuses" text[], "label" text, "version" integer, "lines" json)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $$
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
    IF v_tap.delta > 0 AND (
      SELECT coalesce(sum(l.quantity::bigint * l.unit_price_paise), 0) FROM order_lines l
      WHERE l.branch_id = p_branch AND l.table_id = p_table
    ) + v_tap.delta::bigint * coalesce((
      SELECT l.unit_price_paise FROM order_lines l
      WHERE l.branch_id = p_branch AND l.table_id = p_table AND l.product_id = v_tap.product
    ), v_price) > p_max_total THEN
      v_statuses := v_statuses || 'order_too_large'::text;
      CONTINUE;
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
-- change_branch_lines: the taps on SEVERAL tables of one branch in one call, one transaction
-- and one commit (group commit across tables). The server sends the taps of a branch that arrive
-- while its previous call is still running together (server/modules/tables/tap-router.ts).
-- 1. The tables' rows are locked in id order, one by one by their primary key, skipping any row
--    another transaction holds (a payment, a rename, another server's taps) and any table that
--    is archived or not the branch's: no tap waits here for another table's lock, and no lock
--    order can deadlock.
-- 2. Each locked table's taps go through change_order_lines, in the order sent, with the same
--    p_max_total.
-- 3. The answer: a row per table in the order of p_calls; `busy` when its row was not locked
--    (nothing of that table was done: the server sends its taps again on their own, where they
--    wait for the row or learn that the table is gone), else change_order_lines's answer.
-- p_calls: a JSON array of { "table": uuid, "taps": [ change_order_lines's taps ] }, each table
-- once.
CREATE OR REPLACE FUNCTION "change_branch_lines"(
  "p_branch" uuid, "p_calls" json, "p_at" timestamptz, "p_max_total" bigint
) RETURNS TABLE ("table_id" uuid, "busy" boolean, "statuses" text[], "label" text,
  "version" integer, "lines" json)
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
      RETURN QUERY SELECT v_call.id, false, o.statuses, o.label, o.version, o.lines
        FROM change_order_lines(p_branch, v_call.id, v_call.taps, p_at, p_max_total) AS o;
    ELSE
      RETURN QUERY SELECT v_call.id, true, NULL::text[], NULL::text, NULL::integer, NULL::json;
    END IF;
  END LOOP;
END
$$;

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
  FOR EACH ROW EXECUTE FUNCTION "bills_derived"();

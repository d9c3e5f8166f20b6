-- The cash drawer's and day close's triggers (docs/cash.md): their one current definition (a
-- migration carries them to the database: server/db/database-functions.ts).
--
-- assert_day_open(branch, date): raises 'day.closed' (SQLSTATE P0001, the date in its DETAIL;
-- the server answers 409) when the branch closed that business day and did not reopen it.
-- Every write of a day's money, voids and KOTs goes through it (the triggers below), whoever
-- writes it. It first takes the day's advisory lock shared; closing a day takes it exclusive
-- (close_day_lock), so a write in flight either commits before the close adds the day up or
-- waits for the close and is refused. The check runs after the lock, in a statement of its
-- own, so it sees a close committed while it waited. A restore of a backup
-- (server/db/backup.ts sets tf.restoring for its transaction) writes the rows as they were:
-- the triggers below let it.
CREATE OR REPLACE FUNCTION "assert_day_open"("p_branch" uuid, "p_date" date) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tf.restoring', true) = 'on' THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('tf_day:' || p_branch || ':' || p_date, 0));
  IF EXISTS (
    SELECT 1 FROM day_closes d
    WHERE d.branch_id = p_branch AND d.business_date = p_date AND d.reopened_at IS NULL
  ) THEN
    RAISE EXCEPTION 'day.closed' USING DETAIL = p_date::text;
  END IF;
END
$$;--> statement-breakpoint
-- close_day_lock(branch, date): the day's advisory lock, exclusive, until the transaction ends.
CREATE OR REPLACE FUNCTION "close_day_lock"("p_branch" uuid, "p_date" date) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('tf_day:' || p_branch || ':' || p_date, 0));
$$;--> statement-breakpoint
-- The business date of an instant on the branch's clock.
CREATE OR REPLACE FUNCTION "branch_business_date"("p_branch" uuid, "p_at" timestamptz)
RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (p_at AT TIME ZONE b.time_zone)::date FROM branches b WHERE b.id = p_branch;
$$;--> statement-breakpoint
-- bills: a bill of a closed day is refused; so is cancelling one (a settlement of a due of a
-- closed day is not: its money belongs to the day it comes in, checked on bill_payments).
CREATE OR REPLACE FUNCTION "day_open_for_bill"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM assert_day_open(NEW.branch_id, NEW.business_date);
  ELSIF NEW.cancelled_at IS DISTINCT FROM OLD.cancelled_at THEN
    PERFORM assert_day_open(OLD.branch_id, OLD.business_date);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "bills_day_open" BEFORE INSERT OR UPDATE OF cancelled_at ON bills
FOR EACH ROW EXECUTE FUNCTION day_open_for_bill();--> statement-breakpoint
-- bill_payments and bill_refunds: money received or given back on a closed day is refused.
-- Cash names its drawer shift: the shift the request named when it is open, else the branch's
-- only open shift, else none (cash outside shifts). The shift's row is taken FOR SHARE, and
-- closing a shift takes it FOR UPDATE: cash in flight lands before the count's figures are
-- added up, or (the shift closed meanwhile: the re-check skips it) in no closed shift. Other
-- methods name no shift.
CREATE OR REPLACE FUNCTION "cash_shift_of_money"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_at timestamptz;
  v_shift uuid;
  v_open uuid[];
BEGIN
  -- Each branch is planned only when it runs: the other table's column is never read.
  IF TG_TABLE_NAME = 'bill_refunds' THEN
    v_at := NEW.refunded_at;
  ELSE
    v_at := NEW.received_at;
  END IF;
  IF current_setting('tf.restoring', true) = 'on' THEN
    RETURN NEW;
  END IF;
  PERFORM assert_day_open(NEW.branch_id, branch_business_date(NEW.branch_id, v_at));
  IF NEW.method <> 'Cash' THEN
    NEW.shift_id := NULL;
    RETURN NEW;
  END IF;
  IF NEW.shift_id IS NOT NULL THEN
    SELECT s.id INTO v_shift FROM cash_shifts s
    WHERE s.branch_id = NEW.branch_id AND s.id = NEW.shift_id AND s.closed_at IS NULL
    FOR SHARE;
  END IF;
  IF v_shift IS NULL THEN
    SELECT array_agg(x.id) INTO v_open FROM (
      SELECT s.id FROM cash_shifts s
      WHERE s.branch_id = NEW.branch_id AND s.closed_at IS NULL
      LIMIT 2
      FOR SHARE
    ) x;
    IF cardinality(v_open) = 1 THEN
      v_shift := v_open[1];
    END IF;
  END IF;
  NEW.shift_id := v_shift;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "bill_payments_cash_shift" BEFORE INSERT ON bill_payments
FOR EACH ROW EXECUTE FUNCTION cash_shift_of_money();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "bill_refunds_cash_shift" BEFORE INSERT ON bill_refunds
FOR EACH ROW EXECUTE FUNCTION cash_shift_of_money();--> statement-breakpoint
-- cash_shifts and cash_entries: a shift opened, changed or given cash on a closed day is
-- refused (a shift belongs to the day it opened on).
CREATE OR REPLACE FUNCTION "day_open_for_cash"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_date date;
BEGIN
  IF TG_TABLE_NAME = 'cash_shifts' AND TG_OP = 'INSERT' THEN
    v_date := NEW.business_date;
  ELSIF TG_TABLE_NAME = 'cash_shifts' THEN
    v_date := OLD.business_date;
  ELSE
    SELECT s.business_date INTO v_date FROM cash_shifts s
    WHERE s.branch_id = NEW.branch_id AND s.id = NEW.shift_id;
  END IF;
  PERFORM assert_day_open(NEW.branch_id, v_date);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "cash_shifts_day_open" BEFORE INSERT OR UPDATE ON cash_shifts
FOR EACH ROW EXECUTE FUNCTION day_open_for_cash();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "cash_entries_day_open" BEFORE INSERT OR UPDATE ON cash_entries
FOR EACH ROW EXECUTE FUNCTION day_open_for_cash();
--> statement-breakpoint
-- voids and kots: what the Z report counts of a day besides its money (its voids, its KOTs) is
-- refused on a closed day by the same lock: a void, a KOT sent or a void's KOT of that day.
-- (A void writes its KOT first: either is refused alone.)
CREATE OR REPLACE FUNCTION "day_open_for_kitchen"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM assert_day_open(NEW.branch_id, NEW.business_date);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "voids_day_open" BEFORE INSERT ON voids
FOR EACH ROW EXECUTE FUNCTION day_open_for_kitchen();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "kots_day_open" BEFORE INSERT ON kots
FOR EACH ROW EXECUTE FUNCTION day_open_for_kitchen();

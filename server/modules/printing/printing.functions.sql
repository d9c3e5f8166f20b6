-- The print queue's triggers (docs/printing.md): their one current definition (a migration
-- carries them to the database: server/db/database-functions.ts).
--
-- A bill and a KOT part get their print jobs in the transaction that writes them, whoever
-- writes them (pay_table, send_kot, a void's write_kot): so a job is never
-- lost between the sale and the queue, and a sale rolled back prints nothing. Only network
-- printers get jobs (the server sends them); a device's printer is printed by its browser.
-- Each insert notifies 'tf_print_jobs' (delivered at commit) so the sender wakes at once; it
-- also scans the queue every few seconds, so a missed notification only delays a print.
--
-- print_jobs_of_bill (AFTER INSERT ON bills): one job per live network printer of the branch
-- that prints bills, with the printer's copies; the cash drawer opens when the printer has one
-- and the bill was paid (partly) in cash.
CREATE OR REPLACE FUNCTION "print_jobs_of_bill"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_count integer;
BEGIN
  INSERT INTO print_jobs (branch_id, id, printer_id, kind, bill_id, copies, open_drawer,
    created_by, created_at, due_at)
  SELECT NEW.branch_id, tf_uuid_v7(clock_timestamp()), p.id, 'bill', NEW.id, p.copies,
    p.cash_drawer AND NEW.paid_cash_paise > 0, NEW.created_by, NEW.created_at, NEW.created_at
  FROM printers p
  WHERE p.branch_id = NEW.branch_id AND p.archived_at IS NULL AND p.prints_bills
    AND p.connection = 'network';
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count > 0 THEN
    PERFORM pg_notify('tf_print_jobs', NEW.branch_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "bills_print_jobs" AFTER INSERT ON "bills"
  FOR EACH ROW EXECUTE FUNCTION "print_jobs_of_bill"();--> statement-breakpoint

-- print_jobs_of_kot_ticket (AFTER INSERT ON kot_tickets): one job per live network printer of
-- the branch that prints KOTs of the ticket's station (kot_station_ids empty: every station),
-- with the printer's copies. The ticket's items are written after it in the same transaction;
-- the sender reads them when it makes the bytes, after the commit.
CREATE OR REPLACE FUNCTION "print_jobs_of_kot_ticket"() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_count integer;
BEGIN
  INSERT INTO print_jobs (branch_id, id, printer_id, kind, kot_ticket_id, copies, created_at,
    due_at)
  SELECT NEW.branch_id, tf_uuid_v7(clock_timestamp()), p.id, 'kot', NEW.id, p.copies,
    NEW.created_at, NEW.created_at
  FROM printers p
  WHERE p.branch_id = NEW.branch_id AND p.archived_at IS NULL AND p.prints_kots
    AND p.connection = 'network'
    AND (cardinality(p.kot_station_ids) = 0 OR NEW.station_id = ANY (p.kot_station_ids));
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count > 0 THEN
    PERFORM pg_notify('tf_print_jobs', NEW.branch_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "kot_tickets_print_jobs" AFTER INSERT ON "kot_tickets"
  FOR EACH ROW EXECUTE FUNCTION "print_jobs_of_kot_ticket"();

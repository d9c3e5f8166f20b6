-- A bill line carries its bill's business date, so the orders report range-scans a branch's
-- lines by day (bill_lines_business_date_idx) without joining bills. The database copies it
-- from the bill on every insert, whatever the insert says: billing, the demo seed and
-- generated data never have to know, and a line can never disagree with its bill.
ALTER TABLE "bill_lines" ADD COLUMN "business_date" date;--> statement-breakpoint
CREATE FUNCTION "bill_lines_business_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.business_date INTO NEW.business_date
  FROM bills b
  WHERE b.branch_id = NEW.branch_id AND b.id = NEW.bill_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bill_lines_business_date" BEFORE INSERT OR UPDATE OF "bill_id", "business_date" ON "bill_lines"
  FOR EACH ROW EXECUTE FUNCTION "bill_lines_business_date"();--> statement-breakpoint
UPDATE "bill_lines" l SET "business_date" = b."business_date"
  FROM "bills" b WHERE b."branch_id" = l."branch_id" AND b."id" = l."bill_id";--> statement-breakpoint
ALTER TABLE "bill_lines" ALTER COLUMN "business_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "bill_lines_business_date_idx" ON "bill_lines" USING btree ("branch_id","business_date");

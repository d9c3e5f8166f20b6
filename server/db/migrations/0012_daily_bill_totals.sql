-- What the reports add up, kept as bills are written instead of read from every bill:
-- * a bill carries the hour of its payment on the branch's clock (set by the database when an
--   insert leaves it out: billing, the demo seed and generated data never have to know; a
--   restored backup keeps its own), its search text (number, table, method, status,
--   responsible in lower case, set by the database on every insert and update) and the money
--   received for it per method (its payments added up, kept by the payment and the settlement);
-- * bill totals per business day and hour, and money received per business day and method,
--   kept by the payment and settlement transactions (server/db/daily-bill-totals.ts).
-- The bills written before this migration are added up here once.
ALTER TABLE "bills" ADD COLUMN "business_hour" smallint;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "paid_cash_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "paid_card_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "paid_upi_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "paid_other_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "bill_search_text"("number" text, "table_label" text, "method" text, "status" text, "responsible" text)
  RETURNS text LANGUAGE sql IMMUTABLE
  RETURN lower(concat_ws(E'\x1f', "number", "table_label", "method", "status", "responsible"));--> statement-breakpoint
UPDATE "bills" b SET
    "business_hour" = extract(hour FROM b."created_at" AT TIME ZONE s."time_zone"),
    "search_text" = bill_search_text(b."number", b."table_label", b."method"::text, b."status"::text, b."responsible"),
    "paid_cash_paise" = coalesce(s."cash", 0),
    "paid_card_paise" = coalesce(s."card", 0),
    "paid_upi_paise" = coalesce(s."upi", 0),
    "paid_other_paise" = coalesce(s."other", 0)
  FROM (
    SELECT x."branch_id", x."id", br."time_zone", p."cash", p."card", p."upi", p."other"
    FROM "bills" x
    JOIN "branches" br ON br."id" = x."branch_id"
    LEFT JOIN (
      SELECT "branch_id", "bill_id",
        sum("amount_paise") FILTER (WHERE "method" = 'Cash') AS "cash",
        sum("amount_paise") FILTER (WHERE "method" = 'Card') AS "card",
        sum("amount_paise") FILTER (WHERE "method" = 'UPI') AS "upi",
        sum("amount_paise") FILTER (WHERE "method" = 'Other') AS "other"
      FROM "bill_payments" GROUP BY "branch_id", "bill_id"
    ) p ON p."branch_id" = x."branch_id" AND p."bill_id" = x."id"
  ) s
  WHERE s."branch_id" = b."branch_id" AND s."id" = b."id";--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "business_hour" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "search_text" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_paid_paise_check" CHECK ("bills"."paid_cash_paise" >= 0 and "bills"."paid_card_paise" >= 0 and "bills"."paid_upi_paise" >= 0 and "bills"."paid_other_paise" >= 0);--> statement-breakpoint
CREATE FUNCTION "bills_derived"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "bills_derived" BEFORE INSERT OR UPDATE ON "bills"
  FOR EACH ROW EXECUTE FUNCTION "bills_derived"();--> statement-breakpoint
CREATE TABLE "daily_bill_totals" (
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"hour" smallint NOT NULL,
	"bills" integer NOT NULL,
	"subtotal_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"due_total_paise" bigint NOT NULL,
	"due_paid_paise" bigint NOT NULL,
	CONSTRAINT "daily_bill_totals_pk" PRIMARY KEY("branch_id","business_date","hour")
);
--> statement-breakpoint
CREATE TABLE "daily_received" (
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "daily_received_pk" PRIMARY KEY("branch_id","business_date","method")
);
--> statement-breakpoint
ALTER TABLE "daily_bill_totals" ADD CONSTRAINT "daily_bill_totals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_received" ADD CONSTRAINT "daily_received_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "daily_bill_totals" ("branch_id", "business_date", "hour", "bills", "subtotal_paise", "total_paise", "due_total_paise", "due_paid_paise")
  SELECT "branch_id", "business_date", "business_hour", count(*), sum("subtotal_paise"),
    sum("total_paise"), coalesce(sum("total_paise") FILTER (WHERE "status" = 'Due'), 0),
    coalesce(sum("paid_cash_paise" + "paid_card_paise" + "paid_upi_paise" + "paid_other_paise") FILTER (WHERE "status" = 'Due'), 0)
  FROM "bills"
  GROUP BY "branch_id", "business_date", "business_hour";--> statement-breakpoint
INSERT INTO "daily_received" ("branch_id", "business_date", "method", "amount_paise")
  SELECT b."branch_id", b."business_date", p."method", sum(p."amount_paise")
  FROM "bills" b JOIN "bill_payments" p ON p."branch_id" = b."branch_id" AND p."bill_id" = b."id"
  GROUP BY b."branch_id", b."business_date", p."method";--> statement-breakpoint
CREATE INDEX "bill_lines_name_idx" ON "bill_lines" USING btree ("branch_id","name","business_date");

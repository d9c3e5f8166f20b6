CREATE TABLE "bill_counters" (
	"branch_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "bill_counters_pk" PRIMARY KEY("branch_id","financial_year"),
	CONSTRAINT "bill_counters_last_number_check" CHECK ("bill_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_paise" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" uuid,
	CONSTRAINT "bill_payments_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "bill_payments_amount_paise_check" CHECK ("bill_payments"."amount_paise" > 0),
	CONSTRAINT "bill_payments_method_check" CHECK ("bill_payments"."method" <> 'Due')
);
--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "subcategory" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "financial_year" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "business_date" date;--> statement-breakpoint
-- Bills written before numbering: business date in the branch's zone, financial year, and numbers
-- in order of payment within each branch and financial year.
UPDATE "bills" AS "b" SET "business_date" = ("b"."created_at" AT TIME ZONE "br"."time_zone")::date
  FROM "branches" AS "br" WHERE "br"."id" = "b"."branch_id";--> statement-breakpoint
UPDATE "bills" SET "financial_year" =
  (extract(year FROM "business_date")::int - CASE WHEN extract(month FROM "business_date") < 4 THEN 1 ELSE 0 END)::text
  || '-' || lpad(((extract(year FROM "business_date")::int - CASE WHEN extract(month FROM "business_date") < 4 THEN 1 ELSE 0 END + 1) % 100)::text, 2, '0');--> statement-breakpoint
UPDATE "bills" AS "b" SET "number" = "n"."code" || '/' || "b"."financial_year" || '/' || lpad("n"."seq"::text, 6, '0')
  FROM (
    SELECT "bills"."branch_id", "bills"."id", "branches"."code",
      row_number() OVER (PARTITION BY "bills"."branch_id", "bills"."financial_year" ORDER BY "bills"."created_at", "bills"."id") AS "seq"
    FROM "bills" JOIN "branches" ON "branches"."id" = "bills"."branch_id"
  ) AS "n"
  WHERE "n"."branch_id" = "b"."branch_id" AND "n"."id" = "b"."id";--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "financial_year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "business_date" SET NOT NULL;--> statement-breakpoint
INSERT INTO "bill_counters" ("branch_id", "financial_year", "last_number")
  SELECT "branch_id", "financial_year", count(*) FROM "bills" GROUP BY "branch_id", "financial_year";--> statement-breakpoint
-- Money received on settled bills so far: one row each, at the time it was settled.
INSERT INTO "bill_payments" ("branch_id", "id", "bill_id", "method", "amount_paise", "received_at", "received_by")
  SELECT "branch_id", gen_random_uuid(), "id", "method", "total_paise", coalesce("settled_at", "created_at"), coalesce("settled_by", "created_by")
  FROM "bills" WHERE "status" = 'Settled' AND "method" <> 'Due' AND "total_paise" > 0;--> statement-breakpoint
ALTER TABLE "bill_counters" ADD CONSTRAINT "bill_counters_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_fk" FOREIGN KEY ("branch_id","bill_id") REFERENCES "public"."bills"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("branch_id","bill_id");--> statement-breakpoint
CREATE INDEX "bill_payments_received_at_idx" ON "bill_payments" USING btree ("branch_id","received_at");--> statement-breakpoint
CREATE INDEX "bills_branch_business_date_idx" ON "bills" USING btree ("branch_id","business_date");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_number_unique" UNIQUE("branch_id","number");
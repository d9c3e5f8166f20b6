-- Item sales per business day, kept by the payment transaction (server/db/daily-item-sales.ts);
-- the bills written before it are added up here once.
CREATE TABLE "daily_item_sales" (
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"name" text NOT NULL,
	"quantity" bigint NOT NULL,
	"revenue_paise" bigint NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "daily_item_sales_pk" PRIMARY KEY("branch_id","business_date","name")
);
--> statement-breakpoint
ALTER TABLE "daily_item_sales" ADD CONSTRAINT "daily_item_sales_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "daily_item_sales" ("branch_id", "business_date", "name", "quantity", "revenue_paise", "lines")
  SELECT "branch_id", "business_date", "name", sum("quantity"), sum("line_total_paise"), count(*)
  FROM "bill_lines" GROUP BY "branch_id", "business_date", "name";

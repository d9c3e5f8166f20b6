CREATE TABLE "stock_submissions" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_submissions_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "stock_submissions_key_unique" UNIQUE("branch_id","idempotency_key")
);
--> statement-breakpoint
DROP INDEX "ingredients_branch_name_unique";--> statement-breakpoint
DROP INDEX "stock_purchases_ingredient_idx";--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "stock_purchases" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "stock_purchases" ADD COLUMN "submission_id" uuid;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_submissions" ADD CONSTRAINT "stock_submissions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_submissions" ADD CONSTRAINT "stock_submissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_purchases" ADD CONSTRAINT "stock_purchases_submission_fk" FOREIGN KEY ("branch_id","submission_id") REFERENCES "public"."stock_submissions"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ingredients_branch_category_name_unique" ON "ingredients" USING btree ("branch_id",lower("category"),lower("name")) WHERE "ingredients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stock_purchases_ingredient_idx" ON "stock_purchases" USING btree ("branch_id","ingredient_id","invoice_date","created_at");
CREATE TYPE "public"."mail_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."movement_action" AS ENUM('add_inventory', 'add_stock', 'update', 'sale', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('Cash', 'Card', 'UPI', 'Due', 'Other');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('Settled', 'Due');--> statement-breakpoint
CREATE TYPE "public"."stock_unit" AS ENUM('g', 'ml', 'pcs', 'box');--> statement-breakpoint
CREATE TYPE "public"."subscription_type" AS ENUM('daily', 'monthly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('super_admin', 'branch_manager', 'staff');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid,
	"user_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_paise" integer NOT NULL,
	CONSTRAINT "bill_lines_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "bill_lines_quantity_check" CHECK ("bill_lines"."quantity" > 0),
	CONSTRAINT "bill_lines_unit_price_paise_check" CHECK ("bill_lines"."unit_price_paise" >= 0),
	CONSTRAINT "bill_lines_line_total_check" CHECK ("bill_lines"."line_total_paise" = "bill_lines"."unit_price_paise" * "bill_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"table_label" text NOT NULL,
	"subtotal_paise" integer NOT NULL,
	"discount_bps" integer DEFAULT 0 NOT NULL,
	"discount_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"status" "payment_status" NOT NULL,
	"responsible" text,
	"idempotency_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" uuid,
	CONSTRAINT "bills_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "bills_idempotency_key_unique" UNIQUE("branch_id","idempotency_key"),
	CONSTRAINT "bills_subtotal_paise_check" CHECK ("bills"."subtotal_paise" >= 0),
	CONSTRAINT "bills_discount_bps_check" CHECK ("bills"."discount_bps" between 0 and 10000),
	CONSTRAINT "bills_discount_paise_check" CHECK ("bills"."discount_paise" >= 0),
	CONSTRAINT "bills_total_paise_check" CHECK ("bills"."total_paise" >= 0),
	CONSTRAINT "bills_total_matches_check" CHECK ("bills"."total_paise" = "bills"."subtotal_paise" - "bills"."discount_paise"),
	CONSTRAINT "bills_due_responsible_check" CHECK ("bills"."status" <> 'Due' or ("bills"."responsible" is not null and btrim("bills"."responsible") <> '')),
	CONSTRAINT "bills_due_not_settled_check" CHECK ("bills"."status" <> 'Due' or "bills"."settled_at" is null)
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"owner_name" text NOT NULL,
	"email" text NOT NULL,
	"location" text NOT NULL,
	"address" text,
	"phone" text,
	"gstin" text,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"subscription_type" "subscription_type" NOT NULL,
	"active_date" date NOT NULL,
	"deactive_date" date NOT NULL,
	"number_of_users" integer DEFAULT 5 NOT NULL,
	"amount_paise" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_code_unique" UNIQUE("code"),
	CONSTRAINT "branches_code_not_blank_check" CHECK (btrim("branches"."code") <> ''),
	CONSTRAINT "branches_plan_dates_check" CHECK ("branches"."deactive_date" >= "branches"."active_date"),
	CONSTRAINT "branches_number_of_users_check" CHECK ("branches"."number_of_users" > 0),
	CONSTRAINT "branches_amount_paise_check" CHECK ("branches"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"business_name" text NOT NULL,
	"contact_number" text NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingredients" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"unit" "stock_unit" NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ingredients_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "ingredients_low_stock_threshold_check" CHECK ("ingredients"."low_stock_threshold" >= 0),
	CONSTRAINT "ingredients_name_not_blank_check" CHECK (btrim("ingredients"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"action" "movement_action" NOT NULL,
	"quantity_delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"price_paise" integer,
	"invoice_date" date,
	"vendor_id" uuid,
	"stock_purchase_id" uuid,
	"bill_id" uuid,
	"user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_movements_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "inventory_movements_price_paise_check" CHECK ("inventory_movements"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "order_lines_table_product_unique" UNIQUE("branch_id","table_id","product_id"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_unit_price_paise_check" CHECK ("order_lines"."unit_price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbox_mails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" "mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_mails_attempts_check" CHECK ("outbox_mails"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "product_ingredients" (
	"branch_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"quantity_used" integer NOT NULL,
	CONSTRAINT "product_ingredients_pk" PRIMARY KEY("branch_id","product_id","ingredient_id"),
	CONSTRAINT "product_ingredients_quantity_used_check" CHECK ("product_ingredients"."quantity_used" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_paise" integer NOT NULL,
	"subcategory" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "products_price_paise_check" CHECK ("products"."price_paise" >= 0),
	CONSTRAINT "products_name_not_blank_check" CHECK (btrim("products"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "stock_purchases" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"invoice_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_purchases_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "stock_purchases_quantity_check" CHECK ("stock_purchases"."quantity" > 0),
	CONSTRAINT "stock_purchases_price_paise_check" CHECK ("stock_purchases"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tables" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "tables_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "tables_label_not_blank_check" CHECK (btrim("tables"."label") <> '')
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" "user_role" NOT NULL,
	"branch_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"active_date" date,
	"deactive_date" date,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_branch_check" CHECK (("users"."role" = 'super_admin' and "users"."branch_id" is null) or ("users"."role" <> 'super_admin' and "users"."branch_id" is not null)),
	CONSTRAINT "users_plan_dates_check" CHECK ("users"."deactive_date" is null or "users"."active_date" is null or "users"."deactive_date" >= "users"."active_date")
);
--> statement-breakpoint
CREATE TABLE "vendor_items" (
	"branch_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	CONSTRAINT "vendor_items_pk" PRIMARY KEY("branch_id","vendor_id","ingredient_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_payments" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"paid_by" text NOT NULL,
	"paid_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "vendor_payments_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "vendor_payments_amount_paise_check" CHECK ("vendor_payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"contact_no" text NOT NULL,
	"address" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "vendors_name_not_blank_check" CHECK (btrim("vendors"."name") <> '')
);
--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_fk" FOREIGN KEY ("branch_id","bill_id") REFERENCES "public"."bills"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_product_fk" FOREIGN KEY ("branch_id","product_id") REFERENCES "public"."products"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_table_fk" FOREIGN KEY ("branch_id","table_id") REFERENCES "public"."tables"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredients" ADD CONSTRAINT "ingredients_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_ingredient_fk" FOREIGN KEY ("branch_id","ingredient_id") REFERENCES "public"."ingredients"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_vendor_fk" FOREIGN KEY ("branch_id","vendor_id") REFERENCES "public"."vendors"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_stock_purchase_fk" FOREIGN KEY ("branch_id","stock_purchase_id") REFERENCES "public"."stock_purchases"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_bill_fk" FOREIGN KEY ("branch_id","bill_id") REFERENCES "public"."bills"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_table_fk" FOREIGN KEY ("branch_id","table_id") REFERENCES "public"."tables"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_fk" FOREIGN KEY ("branch_id","product_id") REFERENCES "public"."products"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ingredients" ADD CONSTRAINT "product_ingredients_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ingredients" ADD CONSTRAINT "product_ingredients_product_fk" FOREIGN KEY ("branch_id","product_id") REFERENCES "public"."products"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ingredients" ADD CONSTRAINT "product_ingredients_ingredient_fk" FOREIGN KEY ("branch_id","ingredient_id") REFERENCES "public"."ingredients"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_purchases" ADD CONSTRAINT "stock_purchases_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_purchases" ADD CONSTRAINT "stock_purchases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_purchases" ADD CONSTRAINT "stock_purchases_vendor_fk" FOREIGN KEY ("branch_id","vendor_id") REFERENCES "public"."vendors"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_purchases" ADD CONSTRAINT "stock_purchases_ingredient_fk" FOREIGN KEY ("branch_id","ingredient_id") REFERENCES "public"."ingredients"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_items" ADD CONSTRAINT "vendor_items_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_items" ADD CONSTRAINT "vendor_items_vendor_fk" FOREIGN KEY ("branch_id","vendor_id") REFERENCES "public"."vendors"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_items" ADD CONSTRAINT "vendor_items_ingredient_fk" FOREIGN KEY ("branch_id","ingredient_id") REFERENCES "public"."ingredients"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payments" ADD CONSTRAINT "vendor_payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payments" ADD CONSTRAINT "vendor_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payments" ADD CONSTRAINT "vendor_payments_vendor_fk" FOREIGN KEY ("branch_id","vendor_id") REFERENCES "public"."vendors"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_branch_created_at_idx" ON "audit_log" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "bill_lines_bill_idx" ON "bill_lines" USING btree ("branch_id","bill_id");--> statement-breakpoint
CREATE INDEX "bill_lines_product_idx" ON "bill_lines" USING btree ("branch_id","product_id");--> statement-breakpoint
CREATE INDEX "bills_branch_created_at_idx" ON "bills" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_branch_status_idx" ON "bills" USING btree ("branch_id","status");--> statement-breakpoint
CREATE INDEX "bills_table_idx" ON "bills" USING btree ("branch_id","table_id");--> statement-breakpoint
CREATE INDEX "demo_requests_created_at_idx" ON "demo_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ingredients_branch_name_unique" ON "ingredients" USING btree ("branch_id",lower("name")) WHERE "ingredients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ingredients_branch_category_idx" ON "ingredients" USING btree ("branch_id","category");--> statement-breakpoint
CREATE INDEX "inventory_movements_ingredient_idx" ON "inventory_movements" USING btree ("branch_id","ingredient_id","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_email_created_at_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_created_at_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("branch_id","product_id");--> statement-breakpoint
CREATE INDEX "outbox_mails_status_created_at_idx" ON "outbox_mails" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_ingredients_ingredient_idx" ON "product_ingredients" USING btree ("branch_id","ingredient_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "stock_purchases_vendor_idx" ON "stock_purchases" USING btree ("branch_id","vendor_id","invoice_date");--> statement-breakpoint
CREATE INDEX "stock_purchases_ingredient_idx" ON "stock_purchases" USING btree ("branch_id","ingredient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tables_branch_label_unique" ON "tables" USING btree ("branch_id","label") WHERE "tables"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_branch_id_idx" ON "users" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "vendor_items_ingredient_idx" ON "vendor_items" USING btree ("branch_id","ingredient_id");--> statement-breakpoint
CREATE INDEX "vendor_payments_vendor_idx" ON "vendor_payments" USING btree ("branch_id","vendor_id","paid_on");
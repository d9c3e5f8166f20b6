ALTER TYPE "public"."user_role" ADD VALUE 'kitchen';--> statement-breakpoint
CREATE TABLE "table_sections" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_sections_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "table_sections_name_not_blank_check" CHECK (btrim("table_sections"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "kitchen_settings" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"auto_send_on_leave" boolean DEFAULT false NOT NULL,
	"amber_after_minutes" smallint DEFAULT 10 NOT NULL,
	"red_after_minutes" smallint DEFAULT 20 NOT NULL,
	"void_reasons" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_settings_minutes_check" CHECK ("kitchen_settings"."amber_after_minutes" between 1 and 240 and "kitchen_settings"."red_after_minutes" between "kitchen_settings"."amber_after_minutes" and 240)
);
--> statement-breakpoint
CREATE TABLE "kitchen_stations" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_stations_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "kitchen_stations_name_not_blank_check" CHECK (btrim("kitchen_stations"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "kot_counters" (
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "kot_counters_pk" PRIMARY KEY("branch_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "kot_items" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"line_key" text NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"variant_name" text,
	"addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"state_at" timestamp with time zone,
	"position" smallint NOT NULL,
	CONSTRAINT "kot_items_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "kot_items_quantity_check" CHECK ("kot_items"."quantity" > 0),
	CONSTRAINT "kot_items_state_check" CHECK ("kot_items"."state" in ('new', 'preparing', 'ready'))
);
--> statement-breakpoint
CREATE TABLE "kot_tickets" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kot_id" uuid NOT NULL,
	"station_id" uuid,
	"station_name" text NOT NULL,
	"bumped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kot_tickets_pk" PRIMARY KEY("branch_id","id")
);
--> statement-breakpoint
CREATE TABLE "kots" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"number" integer NOT NULL,
	"op_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"table_label" text NOT NULL,
	"sent_by" uuid,
	"sent_by_name" text NOT NULL,
	"reason" text DEFAULT 'send' NOT NULL,
	"reprints" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kots_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "kots_reason_check" CHECK ("kots"."reason" in ('send', 'auto', 'void')),
	CONSTRAINT "kots_number_check" CHECK ("kots"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "manager_pins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategory_stations" (
	"branch_id" uuid NOT NULL,
	"subcategory" text NOT NULL,
	"station_id" uuid NOT NULL,
	CONSTRAINT "subcategory_stations_pk" PRIMARY KEY("branch_id","subcategory")
);
--> statement-breakpoint
CREATE TABLE "voids" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"table_label" text NOT NULL,
	"kot_id" uuid,
	"product_id" uuid NOT NULL,
	"line_key" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"value_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"requested_by_name" text NOT NULL,
	"approved_by" uuid,
	"approved_by_name" text NOT NULL,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voids_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "voids_quantity_check" CHECK ("voids"."quantity" > 0),
	CONSTRAINT "voids_value_check" CHECK ("voids"."value_paise" = "voids"."unit_price_paise" * "voids"."quantity")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sent_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "opened_by" uuid;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "guests" smallint;--> statement-breakpoint
ALTER TABLE "table_sections" ADD CONSTRAINT "table_sections_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_settings" ADD CONSTRAINT "kitchen_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_stations" ADD CONSTRAINT "kitchen_stations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kot_counters" ADD CONSTRAINT "kot_counters_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kot_items" ADD CONSTRAINT "kot_items_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kot_items" ADD CONSTRAINT "kot_items_ticket_fk" FOREIGN KEY ("branch_id","ticket_id") REFERENCES "public"."kot_tickets"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kot_tickets" ADD CONSTRAINT "kot_tickets_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kot_tickets" ADD CONSTRAINT "kot_tickets_kot_fk" FOREIGN KEY ("branch_id","kot_id") REFERENCES "public"."kots"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kot_tickets" ADD CONSTRAINT "kot_tickets_station_fk" FOREIGN KEY ("branch_id","station_id") REFERENCES "public"."kitchen_stations"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kots" ADD CONSTRAINT "kots_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kots" ADD CONSTRAINT "kots_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kots" ADD CONSTRAINT "kots_table_fk" FOREIGN KEY ("branch_id","table_id") REFERENCES "public"."tables"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_pins" ADD CONSTRAINT "manager_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategory_stations" ADD CONSTRAINT "subcategory_stations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategory_stations" ADD CONSTRAINT "subcategory_stations_station_fk" FOREIGN KEY ("branch_id","station_id") REFERENCES "public"."kitchen_stations"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voids" ADD CONSTRAINT "voids_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voids" ADD CONSTRAINT "voids_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voids" ADD CONSTRAINT "voids_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "table_sections_branch_name_unique" ON "table_sections" USING btree ("branch_id",lower("name")) WHERE "table_sections"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_stations_branch_name_unique" ON "kitchen_stations" USING btree ("branch_id",lower("name")) WHERE "kitchen_stations"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "kot_items_ticket_idx" ON "kot_items" USING btree ("branch_id","ticket_id");--> statement-breakpoint
CREATE INDEX "kot_tickets_kot_idx" ON "kot_tickets" USING btree ("branch_id","kot_id");--> statement-breakpoint
CREATE INDEX "kot_tickets_open_idx" ON "kot_tickets" USING btree ("branch_id","created_at") WHERE "kot_tickets"."bumped_at" is null;--> statement-breakpoint
CREATE INDEX "kot_tickets_bumped_idx" ON "kot_tickets" USING btree ("branch_id","bumped_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kots_branch_day_number_unique" ON "kots" USING btree ("branch_id","business_date","number");--> statement-breakpoint
CREATE UNIQUE INDEX "kots_branch_op_unique" ON "kots" USING btree ("branch_id","op_id");--> statement-breakpoint
CREATE INDEX "kots_table_idx" ON "kots" USING btree ("branch_id","table_id","created_at");--> statement-breakpoint
CREATE INDEX "voids_branch_day_idx" ON "voids" USING btree ("branch_id","business_date","created_at");--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_section_fk" FOREIGN KEY ("branch_id","section_id") REFERENCES "public"."table_sections"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_sent_quantity_check" CHECK ("order_lines"."sent_quantity" between 0 and "order_lines"."quantity");
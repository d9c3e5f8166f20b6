CREATE TABLE "addon_groups" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"min_choices" integer DEFAULT 0 NOT NULL,
	"max_choices" integer DEFAULT 1 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addon_groups_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "addon_groups_name_not_blank_check" CHECK (btrim("addon_groups"."name") <> ''),
	CONSTRAINT "addon_groups_choices_check" CHECK ("addon_groups"."min_choices" >= 0 and "addon_groups"."max_choices" >= 1 and "addon_groups"."min_choices" <= "addon_groups"."max_choices")
);
--> statement-breakpoint
CREATE TABLE "addon_options" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_paise" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "addon_options_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "addon_options_price_paise_check" CHECK ("addon_options"."price_paise" >= 0),
	CONSTRAINT "addon_options_name_not_blank_check" CHECK (btrim("addon_options"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "choice_ingredients" (
	"branch_id" uuid NOT NULL,
	"choice_id" uuid NOT NULL,
	"variant_id" uuid,
	"option_id" uuid,
	"ingredient_id" uuid NOT NULL,
	"quantity_used" integer NOT NULL,
	CONSTRAINT "choice_ingredients_pk" PRIMARY KEY("branch_id","choice_id","ingredient_id"),
	CONSTRAINT "choice_ingredients_quantity_used_check" CHECK ("choice_ingredients"."quantity_used" > 0),
	CONSTRAINT "choice_ingredients_one_owner_check" CHECK (("choice_ingredients"."variant_id" is not null and "choice_ingredients"."option_id" is null and "choice_ingredients"."choice_id" = "choice_ingredients"."variant_id")
        or ("choice_ingredients"."option_id" is not null and "choice_ingredients"."variant_id" is null and "choice_ingredients"."choice_id" = "choice_ingredients"."option_id"))
);
--> statement-breakpoint
CREATE TABLE "menu_settings" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"quick_notes" text[] NOT NULL,
	"sold_out_until_next_day" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_addon_groups" (
	"branch_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_addon_groups_pk" PRIMARY KEY("branch_id","product_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_paise" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sold_out_until" timestamp with time zone,
	"archived_at" timestamp with time zone,
	CONSTRAINT "product_variants_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "product_variants_price_paise_check" CHECK ("product_variants"."price_paise" >= 0),
	CONSTRAINT "product_variants_name_not_blank_check" CHECK (btrim("product_variants"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "subcategory_positions" (
	"branch_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "subcategory_positions_pk" PRIMARY KEY("branch_id","name")
);
--> statement-breakpoint
CREATE TABLE "daily_addon_sales" (
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"group_name" text NOT NULL,
	"name" text NOT NULL,
	"quantity" bigint NOT NULL,
	"revenue_paise" bigint NOT NULL,
	CONSTRAINT "daily_addon_sales_pk" PRIMARY KEY("branch_id","business_date","group_name","name")
);
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_table_product_unique";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_name" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "addons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "line_key" text;--> statement-breakpoint
-- Lines of open orders made before: a plain product's key (shared/menu.ts lineKeyOf).
UPDATE "order_lines" SET "line_key" = "product_id"::text || '|||';--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "line_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "short_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "variant_name" text;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "addons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addon_groups" ADD CONSTRAINT "addon_groups_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_options" ADD CONSTRAINT "addon_options_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_options" ADD CONSTRAINT "addon_options_group_fk" FOREIGN KEY ("branch_id","group_id") REFERENCES "public"."addon_groups"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice_ingredients" ADD CONSTRAINT "choice_ingredients_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice_ingredients" ADD CONSTRAINT "choice_ingredients_variant_fk" FOREIGN KEY ("branch_id","variant_id") REFERENCES "public"."product_variants"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice_ingredients" ADD CONSTRAINT "choice_ingredients_option_fk" FOREIGN KEY ("branch_id","option_id") REFERENCES "public"."addon_options"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "choice_ingredients" ADD CONSTRAINT "choice_ingredients_ingredient_fk" FOREIGN KEY ("branch_id","ingredient_id") REFERENCES "public"."ingredients"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_settings" ADD CONSTRAINT "menu_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_addon_groups" ADD CONSTRAINT "product_addon_groups_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_addon_groups" ADD CONSTRAINT "product_addon_groups_product_fk" FOREIGN KEY ("branch_id","product_id") REFERENCES "public"."products"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_addon_groups" ADD CONSTRAINT "product_addon_groups_group_fk" FOREIGN KEY ("branch_id","group_id") REFERENCES "public"."addon_groups"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_fk" FOREIGN KEY ("branch_id","product_id") REFERENCES "public"."products"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategory_positions" ADD CONSTRAINT "subcategory_positions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_addon_sales" ADD CONSTRAINT "daily_addon_sales_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addon_groups_name_unique" ON "addon_groups" USING btree ("branch_id",lower("name")) WHERE "addon_groups"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "addon_options_group_idx" ON "addon_options" USING btree ("branch_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addon_options_name_unique" ON "addon_options" USING btree ("branch_id","group_id",lower("name")) WHERE "addon_options"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "choice_ingredients_ingredient_idx" ON "choice_ingredients" USING btree ("branch_id","ingredient_id");--> statement-breakpoint
CREATE INDEX "product_addon_groups_group_idx" ON "product_addon_groups" USING btree ("branch_id","group_id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("branch_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_name_unique" ON "product_variants" USING btree ("branch_id","product_id",lower("name")) WHERE "product_variants"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_default_unique" ON "product_variants" USING btree ("branch_id","product_id") WHERE "product_variants"."archived_at" is null and "product_variants"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "products_short_code_unique" ON "products" USING btree ("branch_id","short_code") WHERE "products"."archived_at" is null and "products"."short_code" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_table_line_key_unique" UNIQUE("branch_id","table_id","line_key");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_short_code_check" CHECK ("products"."short_code" ~ '^[A-Z0-9]{1,8}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_colour_check" CHECK (colour in ('red', 'orange', 'yellow', 'lime', 'green', 'teal', 'cyan', 'blue', 'violet', 'pink', 'gray'));
ALTER TYPE "public"."movement_action" ADD VALUE 'reversal';--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "reverses_movement_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_purchases" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_reverses_fk" FOREIGN KEY ("branch_id","reverses_movement_id") REFERENCES "public"."inventory_movements"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_reverses_unique" UNIQUE("branch_id","reverses_movement_id");
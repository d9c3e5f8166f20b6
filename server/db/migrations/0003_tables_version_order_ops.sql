CREATE TABLE "order_ops" (
	"branch_id" uuid NOT NULL,
	"op_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_ops_pk" PRIMARY KEY("branch_id","op_id")
);
--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_ops" ADD CONSTRAINT "order_ops_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_ops_created_at_idx" ON "order_ops" USING btree ("created_at");
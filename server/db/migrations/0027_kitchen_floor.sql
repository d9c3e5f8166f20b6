ALTER TABLE "kots" ADD COLUMN "op_id" uuid NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "kots_branch_op_unique" ON "kots" USING btree ("branch_id","op_id");
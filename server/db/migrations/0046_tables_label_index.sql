DROP INDEX "tables_branch_label_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "tables_branch_label_unique" ON "tables" USING btree ("label","branch_id") WHERE "tables"."archived_at" is null;
-- The tax report (server/modules/reports/tax.repository.ts) reads two kinds of bills of a range
-- that a scan of every bill would find slowly: those made before GST billing (no tax regime:
-- counted as untaxed, and in the reports' net sales), from the index alone, and the B2B
-- invoices (a buyer's GSTIN), a page at a time. Both partial: a few bills each.
CREATE INDEX "bills_untaxed_idx" ON "bills" USING btree ("branch_id","business_date","total_paise","status") WHERE "bills"."tax_regime" is null;--> statement-breakpoint
CREATE INDEX "bills_b2b_idx" ON "bills" USING btree ("branch_id","business_date","created_at","id") WHERE "bills"."buyer_gstin" is not null;
CREATE TABLE "cash_counters" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_counters_pk" PRIMARY KEY("branch_id","id")
);
--> statement-breakpoint
CREATE TABLE "cash_entries" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "cash_entries_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "cash_entries_kind_check" CHECK ("cash_entries"."kind" in ('in', 'out')),
	CONSTRAINT "cash_entries_amount_check" CHECK ("cash_entries"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "cash_settings" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"difference_limit_paise" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_shifts" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"counter_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"idempotency_key" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by" uuid,
	"opening_count" jsonb NOT NULL,
	"float_paise" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"closing_count" jsonb,
	"counted_paise" integer,
	"cash_received_paise" integer,
	"cash_refunded_paise" integer,
	"cash_in_paise" integer,
	"cash_out_paise" integer,
	"expected_paise" integer,
	"difference_paise" integer,
	"note" text DEFAULT '' NOT NULL,
	"approved_by" uuid,
	CONSTRAINT "cash_shifts_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "cash_shifts_float_check" CHECK ("cash_shifts"."float_paise" >= 0),
	CONSTRAINT "cash_shifts_closed_check" CHECK (("cash_shifts"."closed_at" is null) = ("cash_shifts"."counted_paise" is null)
        and ("cash_shifts"."closed_at" is null) = ("cash_shifts"."expected_paise" is null)
        and ("cash_shifts"."closed_at" is null) = ("cash_shifts"."difference_paise" is null))
);
--> statement-breakpoint
CREATE TABLE "day_closes" (
	"branch_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" uuid,
	"report" jsonb NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopened_by" uuid,
	"reopen_reason" text,
	CONSTRAINT "day_closes_pk" PRIMARY KEY("branch_id","business_date"),
	CONSTRAINT "day_closes_reopen_check" CHECK (("day_closes"."reopened_at" is null) = ("day_closes"."reopen_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_kind_check";--> statement-breakpoint
ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_subject_check";--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "shift_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_refunds" ADD COLUMN "shift_id" uuid;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "report" jsonb;--> statement-breakpoint
ALTER TABLE "cash_counters" ADD CONSTRAINT "cash_counters_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_entries" ADD CONSTRAINT "cash_entries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_entries" ADD CONSTRAINT "cash_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_entries" ADD CONSTRAINT "cash_entries_shift_fk" FOREIGN KEY ("branch_id","shift_id") REFERENCES "public"."cash_shifts"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_settings" ADD CONSTRAINT "cash_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_counter_fk" FOREIGN KEY ("branch_id","counter_id") REFERENCES "public"."cash_counters"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_counters_name_unique" ON "cash_counters" USING btree ("branch_id",lower("name")) WHERE "cash_counters"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_entries_idempotency_key_unique" ON "cash_entries" USING btree ("branch_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "cash_entries_shift_idx" ON "cash_entries" USING btree ("branch_id","shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_shifts_one_open_idx" ON "cash_shifts" USING btree ("branch_id","counter_id") WHERE "cash_shifts"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_shifts_idempotency_key_unique" ON "cash_shifts" USING btree ("branch_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "cash_shifts_day_idx" ON "cash_shifts" USING btree ("branch_id","business_date");--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_shift_fk" FOREIGN KEY ("branch_id","shift_id") REFERENCES "public"."cash_shifts"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_refunds" ADD CONSTRAINT "bill_refunds_shift_fk" FOREIGN KEY ("branch_id","shift_id") REFERENCES "public"."cash_shifts"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_shift_idx" ON "bill_payments" USING btree ("branch_id","shift_id") WHERE "bill_payments"."shift_id" is not null;--> statement-breakpoint
CREATE INDEX "bill_refunds_shift_idx" ON "bill_refunds" USING btree ("branch_id","shift_id") WHERE "bill_refunds"."shift_id" is not null;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_kind_check" CHECK ("print_jobs"."kind" in ('bill', 'kot', 'test', 'report'));--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_subject_check" CHECK (("print_jobs"."kind" = 'bill') = ("print_jobs"."bill_id" is not null) and ("print_jobs"."kind" = 'kot') = ("print_jobs"."kot_ticket_id" is not null) and ("print_jobs"."kind" = 'report') = ("print_jobs"."report" is not null));
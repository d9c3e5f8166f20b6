CREATE TABLE "print_jobs" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"printer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bill_id" uuid,
	"kot_ticket_id" uuid,
	"reprint" boolean DEFAULT false NOT NULL,
	"copies" smallint DEFAULT 1 NOT NULL,
	"open_drawer" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_at" timestamp with time zone,
	CONSTRAINT "print_jobs_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "print_jobs_kind_check" CHECK ("print_jobs"."kind" in ('bill', 'kot', 'test')),
	CONSTRAINT "print_jobs_state_check" CHECK ("print_jobs"."state" in ('queued', 'sending', 'printed', 'failed')),
	CONSTRAINT "print_jobs_subject_check" CHECK (("print_jobs"."kind" = 'bill') = ("print_jobs"."bill_id" is not null) and ("print_jobs"."kind" = 'kot') = ("print_jobs"."kot_ticket_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"branch_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"paper_width" smallint NOT NULL,
	"connection" text NOT NULL,
	"host" text,
	"port" integer,
	"prints_bills" boolean DEFAULT false NOT NULL,
	"prints_kots" boolean DEFAULT false NOT NULL,
	"kot_station_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"copies" smallint DEFAULT 1 NOT NULL,
	"cash_drawer" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_pk" PRIMARY KEY("branch_id","id"),
	CONSTRAINT "printers_paper_width_check" CHECK ("printers"."paper_width" in (58, 80)),
	CONSTRAINT "printers_connection_check" CHECK ("printers"."connection" in ('network', 'browser', 'usb', 'serial')),
	CONSTRAINT "printers_network_address_check" CHECK (("printers"."connection" = 'network') = ("printers"."host" is not null and "printers"."port" is not null)),
	CONSTRAINT "printers_copies_check" CHECK ("printers"."copies" between 1 and 5),
	CONSTRAINT "printers_name_not_blank_check" CHECK (btrim("printers"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "receipt_settings" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"upi_vpa" text,
	"footer" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_fk" FOREIGN KEY ("branch_id","printer_id") REFERENCES "public"."printers"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_bill_fk" FOREIGN KEY ("branch_id","bill_id") REFERENCES "public"."bills"("branch_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_kot_ticket_fk" FOREIGN KEY ("branch_id","kot_ticket_id") REFERENCES "public"."kot_tickets"("branch_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_settings" ADD CONSTRAINT "receipt_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" USING btree ("due_at") WHERE "print_jobs"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "print_jobs_branch_created_idx" ON "print_jobs" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "print_jobs_bill_idx" ON "print_jobs" USING btree ("branch_id","bill_id") WHERE "print_jobs"."bill_id" is not null;--> statement-breakpoint
CREATE INDEX "print_jobs_ticket_idx" ON "print_jobs" USING btree ("branch_id","kot_ticket_id") WHERE "print_jobs"."kot_ticket_id" is not null;
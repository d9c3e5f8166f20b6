CREATE TYPE "public"."pricing_plan" AS ENUM('basic', 'super', 'premium');--> statement-breakpoint
CREATE TABLE "password_reset_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_devices_token_hash_user_id_unique" UNIQUE("token_hash","user_id")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "plan" "pricing_plan";--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "plan" "pricing_plan";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_requests_email_created_at_idx" ON "password_reset_requests" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_requests_ip_created_at_idx" ON "password_reset_requests" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "trusted_devices_user_id_idx" ON "trusted_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "demo_requests_ip_created_at_idx" ON "demo_requests" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "demo_requests_email_created_at_idx" ON "demo_requests" USING btree (lower("email"),"created_at");
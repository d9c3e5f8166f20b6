ALTER TABLE "manager_pins" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "manager_pins" DROP COLUMN "locked_until";
-- The database functions and triggers of the session cache: their one current definition (a
-- migration carries them to the database: server/db/database-functions.ts).
--
-- The session cache (server/modules/auth/session-cache.ts) keeps each session with its account
-- (user, branch, two-factor) in every server process's memory. Any change to what it keeps
-- notifies 'tf_auth_changed' when it commits, whoever makes it (a route of any process, a CLI,
-- a statement typed in psql), and every process empties its cache on that notification.
-- A session's last_seen_at alone (touched once a minute per session) does not notify: the
-- cache checks the idle time against the database before it refuses anything.
CREATE OR REPLACE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tf_auth_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Row triggers, so a statement that changes nothing (a login sweeping no dead sessions) does not
-- empty every cache; PostgreSQL sends one notification per transaction however many rows.
CREATE OR REPLACE TRIGGER "sessions_auth_changed" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "sessions_auth_changed_update" AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (
    OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
  ) EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_auth_changed" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_auth_changed_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "branches_auth_changed" AFTER DELETE ON "branches"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "branches_auth_changed_update" AFTER UPDATE ON "branches"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "two_factor_credentials_auth_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "two_factor_credentials"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
-- A TRUNCATE (tests, a restore) fires no row trigger.
CREATE OR REPLACE TRIGGER "auth_tables_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "auth_tables_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "auth_tables_truncated" AFTER TRUNCATE ON "branches"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "auth_tables_truncated" AFTER TRUNCATE ON "two_factor_credentials"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();

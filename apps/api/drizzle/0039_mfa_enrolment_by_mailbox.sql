-- docs/decisions/033 (note of 2026-11-29). Enrolling a required second factor from an
-- enrolment-only session also proves the mailbox: a one-time code mailed to the account,
-- stored hashed, valid minutes, single use, a few tries.
CREATE TABLE "mfa_enrolment_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Whether a session may only enrol is now decided when the session is resolved (from
-- MFA_REQUIRED_FOR, the account and its factors), not frozen at sign-in: the flag goes, and the
-- session cache (drizzle/0018) hears every change that decision reads.
DROP TRIGGER "sessions_session_changed" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_session_changed
  AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION trustlinks_session_changed();
--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "mfa_enrolment_required";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trustlinks_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_ record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_ := OLD; ELSE row_ := NEW; END IF;
  IF TG_TABLE_NAME IN ('sessions', 'user_totp', 'passkeys') THEN
    PERFORM pg_notify('trustlinks_sessions', 'u:' || row_.user_id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('trustlinks_sessions', 'u:' || row_.id);
  ELSE
    PERFORM pg_notify('trustlinks_sessions', 'e:' || row_.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "users_session_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER users_session_changed
  AFTER UPDATE OF email, role, entity_id, status, password_hash, password_reset_required, first_name, last_name, mfa_required OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION trustlinks_session_changed();
--> statement-breakpoint
CREATE TRIGGER user_totp_session_changed
  AFTER INSERT OR UPDATE OF enabled_at OR DELETE ON user_totp
  FOR EACH ROW EXECUTE FUNCTION trustlinks_session_changed();
--> statement-breakpoint
CREATE TRIGGER passkeys_session_changed
  AFTER INSERT OR DELETE ON passkeys
  FOR EACH ROW EXECUTE FUNCTION trustlinks_session_changed();

-- docs/decisions/033: the second factor (TOTP and recovery codes), the pending sign-in
-- between password and code (mfa_token), who must enrol, and the audit list of factor changes.
ALTER TABLE "users" ADD COLUMN "mfa_required" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A session of an account that must have a second factor and has none: it may only enrol,
-- read its profile and log out (src/auth/guards.ts).
ALTER TABLE "sessions" ADD COLUMN "mfa_enrolment_required" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_recovery_codes_user_hash_key" ON "mfa_recovery_codes" USING btree ("user_id","code_hash");
--> statement-breakpoint
CREATE TABLE "mfa_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"token_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfa_sign_ins_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "mfa_sign_ins_user_id_idx" ON "mfa_sign_ins" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "mfa_sign_ins_expires_at_idx" ON "mfa_sign_ins" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "mfa_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfa_events_action_check" CHECK ("action" in ('enabled', 'disabled', 'recovery_codes_regenerated', 'recovery_code_used', 'admin_reset', 'admin_required', 'admin_not_required'))
);
--> statement-breakpoint
CREATE INDEX "mfa_events_user_created_idx" ON "mfa_events" USING btree ("user_id","created_at");
--> statement-breakpoint
-- The session cache (drizzle/0018) must hear the flag change too: enrolling lifts it.
DROP TRIGGER "sessions_session_changed" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_session_changed
  AFTER UPDATE OF revoked_at, expires_at, user_id, mfa_enrolment_required OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION trustlinks_session_changed();

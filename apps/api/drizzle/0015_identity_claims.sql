CREATE TABLE "rate_limit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"value" text NOT NULL,
	"status" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"decided_by" uuid,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_claims_method_check" CHECK ("identity_claims"."method" in ('linkedin', 'business_email')),
	CONSTRAINT "identity_claims_status_check" CHECK ("identity_claims"."status" in ('code_sent', 'pending_review', 'approved', 'rejected', 'failed', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "identity_claims" ADD CONSTRAINT "identity_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_claims" ADD CONSTRAINT "identity_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_occurred_idx" ON "rate_limit_events" USING btree ("key","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_claims_open_user_key" ON "identity_claims" USING btree ("user_id") WHERE "identity_claims"."status" in ('code_sent', 'pending_review');--> statement-breakpoint
CREATE INDEX "identity_claims_status_created_idx" ON "identity_claims" USING btree ("status","created_at","id");--> statement-breakpoint
-- Self-declared verifications of the old flow may share a value: the earliest keeps it, the
-- others are taken back (they proved nothing) before one value may verify one account.
UPDATE "users" SET "identity_verified" = false, "identity_method" = NULL, "identity_value" = NULL, "identity_verified_at" = NULL
WHERE "identity_value" IS NOT NULL AND "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "identity_method", "identity_value" ORDER BY "identity_verified_at" NULLS LAST, "created_at", "id") AS "n"
    FROM "users" WHERE "identity_value" IS NOT NULL
  ) "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_value_key" ON "users" USING btree ("identity_method","identity_value") WHERE "users"."identity_value" is not null;
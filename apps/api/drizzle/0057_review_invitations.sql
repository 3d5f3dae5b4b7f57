-- Review invitations (docs/decisions/057-review-invitations.md): an owner invites partners it
-- worked with, by mail or by a link tied to one of its applications; each is single-use and
-- expires, and its review carries the 'Invited' label ('Verified deal' when the application had
-- conversions). The entity keeps how many of its published reviews were invited.
CREATE TABLE IF NOT EXISTS "review_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL REFERENCES "entities"("id") ON DELETE CASCADE,
	"created_by_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"email" text,
	"application_id" uuid REFERENCES "offer_applications"("id") ON DELETE CASCADE,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"review_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_invitations_target_check" CHECK ("email" IS NOT NULL OR "application_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "review_invitations_token_key" ON "review_invitations" ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_invitations_entity_created_idx" ON "review_invitations" ("entity_id", "created_at" DESC);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "invitation_id" uuid REFERENCES "review_invitations"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "verified_deal" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_invitation_idx" ON "reviews" ("invitation_id") WHERE "invitation_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN IF NOT EXISTS "invited_reviews" integer DEFAULT 0 NOT NULL;

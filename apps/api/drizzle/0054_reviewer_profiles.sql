-- docs/decisions/054-reviewer-profiles-and-transparency.md: each account's public reviewer page
-- is /reviewer/{profile_slug}. The slug is random (12 hex digits), never made from the e-mail or
-- the name (a name can change, the address stays), set once for every account, old and new.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "profile_slug" text;--> statement-breakpoint
UPDATE "users" SET "profile_slug" = substr(md5(random()::text || clock_timestamp()::text || "id"::text), 1, 12) WHERE "profile_slug" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "profile_slug" SET DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 12);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "profile_slug" SET NOT NULL;--> statement-breakpoint
-- The reviewer hid their page (their profile's setting): it answers 404 to everyone else.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "profile_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "users_profile_slug_key" ON "users" USING btree ("profile_slug");--> statement-breakpoint
-- A reviewer's page: their published reviews, newest first (the anonymous ones are filtered out).
CREATE INDEX IF NOT EXISTS "reviews_reviewer_published_idx" ON "reviews" USING btree ("reviewer_user_id","published_at" DESC NULLS LAST) WHERE "status" = 'approved';--> statement-breakpoint
-- The transparency report: review decisions per month (docs/decisions/054).
CREATE INDEX IF NOT EXISTS "admin_actions_review_decision_idx" ON "admin_actions" USING btree ("created_at") WHERE "target_review_id" IS NOT NULL;

-- One person, one voice (docs/decisions/023-one-person-one-voice.md).
-- A verified identity's value is stored in its normal form (the unique index
-- users_identity_value_key then holds one mailbox or profile to one account), and a business
-- address gives the account its domain: one voice per domain in the TrustScore, contact reads
-- capped per domain.
ALTER TABLE "users" ADD COLUMN "identity_domain" text;--> statement-breakpoint
-- Existing values in normal form: a LinkedIn profile URL in lower case; a business address
-- without +tag and dots in its local part. Where two accounts now share a value, the earliest
-- verification keeps it and the others are taken back (as migration 0015 did). The domain of an
-- existing address is its host (new ones get the registrable domain, computed by the API).
UPDATE "users" SET "identity_verified" = false, "identity_method" = NULL, "identity_value" = NULL, "identity_verified_at" = NULL
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT u."id", row_number() OVER (PARTITION BY u."identity_method", CASE WHEN u."identity_method" = 'business_email' THEN coalesce(nullif(replace(split_part(lower(substring(u."identity_value" from '^(.*)@')), '+', 1), '.', ''), ''), lower(substring(u."identity_value" from '^(.*)@'))) || '@' || rtrim(lower(substring(u."identity_value" from '@([^@]*)$')), '.') ELSE lower(u."identity_value") END ORDER BY u."identity_verified_at" NULLS LAST, u."created_at", u."id") AS "n"
    FROM "users" u WHERE u."identity_value" IS NOT NULL
  ) "ranked" WHERE "n" > 1
);--> statement-breakpoint
UPDATE "users" u SET "identity_value" = CASE WHEN u."identity_method" = 'business_email' THEN coalesce(nullif(replace(split_part(lower(substring(u."identity_value" from '^(.*)@')), '+', 1), '.', ''), ''), lower(substring(u."identity_value" from '^(.*)@'))) || '@' || rtrim(lower(substring(u."identity_value" from '@([^@]*)$')), '.') ELSE lower(u."identity_value") END,
  "identity_domain" = CASE WHEN u."identity_method" = 'business_email' THEN rtrim(lower(substring(u."identity_value" from '@([^@]*)$')), '.') END
WHERE u."identity_value" IS NOT NULL;--> statement-breakpoint
-- Normal forms are lower case: a value written past them (not through the API) is refused.
ALTER TABLE "users" ADD CONSTRAINT "users_identity_value_normal_check" CHECK ("users"."identity_value" = lower("users"."identity_value"));--> statement-breakpoint
-- Held reviews of one reviewer (a ban holds them; votes of swarm-held accounts wait).
CREATE INDEX "reviews_reviewer_held_idx" ON "reviews" USING btree ("reviewer_user_id") WHERE "reviews"."hold_reason" is not null;

-- Look-alike names (docs/decisions/011): the normal form of an entity's name that uniqueness
-- compares (NFKC, case fold, TR39 confusable skeleton, whitespace and punctuation folded). It is
-- computed by the app (modules/entities/entity-name.ts), so rows written before this column are
-- filled in at start (backfillEntityNameKeys); until then they have none.
ALTER TABLE "entities" ADD COLUMN "name_key" text;--> statement-breakpoint
CREATE INDEX "entities_name_key_idx" ON "entities" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "entities_name_key_missing_idx" ON "entities" USING btree ("id") WHERE "name_key" IS NULL;--> statement-breakpoint
-- An owner's change of the sign-up URL 'Join' redirects to waits for an admin like a rename.
ALTER TABLE "entity_changes" ADD COLUMN "signup_url" text;

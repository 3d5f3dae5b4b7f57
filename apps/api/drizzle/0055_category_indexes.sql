-- docs/decisions/055-categories-and-compare.md: a category page walks the approved entities of one
-- type in rank order (TrustScore, reviews, name), checking the minimum reviews inside the index,
-- and stops at the page's end.
CREATE INDEX IF NOT EXISTS "entities_category_rank_idx" ON "entities" USING btree ("entity_type","reputation_score" DESC NULLS LAST,"total_reviews" DESC NULLS LAST,"name","id") WHERE "entities"."verification_status" = 'approved';

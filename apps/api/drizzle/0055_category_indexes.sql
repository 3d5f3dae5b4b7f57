-- docs/decisions/055-categories-and-compare.md: a category page walks the approved entities of one
-- type in rank order (TrustScore, reviews, name), checking the minimum reviews inside the index,
-- and stops at the page's end.
CREATE INDEX IF NOT EXISTS "entities_category_rank_idx" ON "entities" USING btree ("entity_type","reputation_score" DESC NULLS LAST,"total_reviews" DESC NULLS LAST,"name","id") WHERE "entities"."verification_status" = 'approved';--> statement-breakpoint
-- Whether one entity has a public offer of a vertical, a payout model or a GEO: a seek into its
-- public offers by category, each filter checked inside the index (index-only).
CREATE INDEX IF NOT EXISTS "offers_entity_facets_idx" ON "offers" USING btree ("entity_id",lower("category"),"payout_type","expires_at","target_geo","category") WHERE "offers"."offer_status" = 'active' and "offers"."owner_approved";

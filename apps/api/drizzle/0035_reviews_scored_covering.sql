-- docs/decisions/012-trustscore-and-swarm-guard.md, "A review post's reads": the
-- TrustScore recompute of every published review reads the entity's newest 5,000 published
-- reviews with their ratings, dates and authors. The index it walks now carries those columns,
-- so the read is an index-only walk of a few contiguous leaf pages instead of one heap page per
-- review (scattered across the table: cold on a new database, 200-7,500 page reads a post).
-- Same name, keys and predicate as before: the entity's public review list walks it as it did.
DROP INDEX IF EXISTS "reviews_entity_published_idx";
--> statement-breakpoint
CREATE INDEX "reviews_entity_published_idx" ON "reviews"
  USING btree ("entity_id", "published_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("overall_rating", "rating_quality", "rating_support", "rating_reliability",
    "rating_payment_speed", "created_at", "reviewer_user_id")
  WHERE "status" = 'approved';

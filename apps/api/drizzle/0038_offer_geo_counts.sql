-- docs/decisions/044-offer-geo-counts.md: the number of listed offers of one category
-- and one GEO that never expire, kept by triggers on offer_geo_listings. The GEO + category
-- page's capped count was 40 % of its database time (every match read from the index, 560 for US
-- + Nutra at 10k); it now adds this kept number to a count of the listed offers that do expire
-- and have not yet, read from their own index (offer_geo_listings_expiring_idx). Expiring offers
-- are counted when asked because time, not a write, ends their listing.
CREATE TABLE "offer_geo_counts" (
  "category_key" text NOT NULL,
  "geo" text NOT NULL,
  "listed" integer NOT NULL,
  CONSTRAINT "offer_geo_counts_pkey" PRIMARY KEY ("category_key", "geo")
);
--> statement-breakpoint
CREATE INDEX "offer_geo_listings_expiring_idx" ON "offer_geo_listings" USING btree ("category_key","geo","expires_at") WHERE "offer_geo_listings"."offer_status" = 'active' AND "offer_geo_listings"."owner_approved" AND "offer_geo_listings"."expires_at" IS NOT NULL;
--> statement-breakpoint
-- One function for the three statement triggers: the change of each (category, GEO)'s number of
-- listed, never-expiring rows, applied in key order (two writers lock the rows they share in the
-- same order: no deadlock), and only where it changed (an edit of the expiry's date, a new
-- created_at, rewrites no count).
CREATE OR REPLACE FUNCTION trustlinks_offer_geo_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO offer_geo_counts AS c (category_key, geo, listed)
      SELECT category_key, geo, count(*) FROM new_listings
        WHERE offer_status = 'active' AND owner_approved AND expires_at IS NULL
        GROUP BY category_key, geo ORDER BY category_key, geo
      ON CONFLICT (category_key, geo) DO UPDATE SET listed = c.listed + excluded.listed;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO offer_geo_counts AS c (category_key, geo, listed)
      SELECT category_key, geo, -count(*) FROM old_listings
        WHERE offer_status = 'active' AND owner_approved AND expires_at IS NULL
        GROUP BY category_key, geo ORDER BY category_key, geo
      ON CONFLICT (category_key, geo) DO UPDATE SET listed = c.listed + excluded.listed;
  ELSE
    INSERT INTO offer_geo_counts AS c (category_key, geo, listed)
      SELECT category_key, geo, sum(change) FROM (
          SELECT category_key, geo, 1 AS change FROM new_listings
            WHERE offer_status = 'active' AND owner_approved AND expires_at IS NULL
          UNION ALL
          SELECT category_key, geo, -1 FROM old_listings
            WHERE offer_status = 'active' AND owner_approved AND expires_at IS NULL) changes
        GROUP BY category_key, geo HAVING sum(change) <> 0 ORDER BY category_key, geo
      ON CONFLICT (category_key, geo) DO UPDATE SET listed = c.listed + excluded.listed;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offer_geo_counts_insert
  AFTER INSERT ON offer_geo_listings REFERENCING NEW TABLE AS new_listings
  FOR EACH STATEMENT EXECUTE FUNCTION trustlinks_offer_geo_counts();
--> statement-breakpoint
CREATE TRIGGER offer_geo_counts_update
  AFTER UPDATE ON offer_geo_listings REFERENCING OLD TABLE AS old_listings NEW TABLE AS new_listings
  FOR EACH STATEMENT EXECUTE FUNCTION trustlinks_offer_geo_counts();
--> statement-breakpoint
CREATE TRIGGER offer_geo_counts_delete
  AFTER DELETE ON offer_geo_listings REFERENCING OLD TABLE AS old_listings
  FOR EACH STATEMENT EXECUTE FUNCTION trustlinks_offer_geo_counts();
--> statement-breakpoint
-- After the triggers, in the migration's transaction: no listing written meanwhile is missed.
INSERT INTO offer_geo_counts (category_key, geo, listed)
  SELECT category_key, geo, count(*) FROM offer_geo_listings
    WHERE offer_status = 'active' AND owner_approved AND expires_at IS NULL
    GROUP BY category_key, geo;

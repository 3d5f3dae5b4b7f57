-- docs/decisions/042-offer-geo-listings.md (Note 2026-11-29: a payout bound): the listings copy
-- the offer's payout_amount (null for RevShare, as on offers), so one category + one GEO + a
-- payout floor or ceiling is still a range of offer_geo_listings_feed_idx, newest first, with the
-- bound checked inside the index (a trailing key column, as expires_at), for the page and its
-- capped count alike; without the copy such a page read offers' category and GEO through two
-- bitmaps (100–250 ms at 1M offers for its count).
ALTER TABLE "offer_geo_listings" ADD COLUMN "payout_amount" numeric(12, 2);
--> statement-breakpoint
-- Built again after the backfill below, in one pass.
DROP INDEX "offer_geo_listings_feed_idx";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trustlinks_offer_geo_listings_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_geo_listings
      (offer_id, geo, category_key, created_at, expires_at, offer_status, owner_approved,
        payout_amount)
    SELECT DISTINCT o.id, g.geo, lower(o.category), o.created_at, o.expires_at, o.offer_status,
        o.owner_approved, o.payout_amount
      FROM new_offers o CROSS JOIN LATERAL unnest(o.target_geo) AS g(geo);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trustlinks_offer_geo_listings_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.target_geo IS NOT DISTINCT FROM NEW.target_geo AND OLD.id = NEW.id THEN
    UPDATE offer_geo_listings SET category_key = lower(NEW.category), created_at = NEW.created_at,
        expires_at = NEW.expires_at, offer_status = NEW.offer_status,
        owner_approved = NEW.owner_approved, payout_amount = NEW.payout_amount
      WHERE offer_id = NEW.id;
  ELSE
    DELETE FROM offer_geo_listings WHERE offer_id = OLD.id;
    INSERT INTO offer_geo_listings
        (offer_id, geo, category_key, created_at, expires_at, offer_status, owner_approved,
          payout_amount)
      SELECT DISTINCT NEW.id, g.geo, lower(NEW.category), NEW.created_at, NEW.expires_at,
          NEW.offer_status, NEW.owner_approved, NEW.payout_amount
        FROM unnest(NEW.target_geo) AS g(geo);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The payout is a copied column now: its edit runs the function; a click still changes none of
-- these columns and runs nothing. Replaced, not dropped: DROP TRIGGER would lock every read of
-- offers out until the migration commits; this locks out their writes only (as creating it did).
CREATE OR REPLACE TRIGGER offers_geo_listings_update
  AFTER UPDATE ON offers
  FOR EACH ROW WHEN (
    OLD.id IS DISTINCT FROM NEW.id
    OR OLD.target_geo IS DISTINCT FROM NEW.target_geo
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.offer_status IS DISTINCT FROM NEW.offer_status
    OR OLD.owner_approved IS DISTINCT FROM NEW.owner_approved
    OR OLD.payout_amount IS DISTINCT FROM NEW.payout_amount)
  EXECUTE FUNCTION trustlinks_offer_geo_listings_update();
--> statement-breakpoint
-- The backfill, after the triggers, in the migration's transaction, which holds the listings'
-- lock (the ALTER above) and keeps offer writes out (the trigger): no offer changes meanwhile
-- unseen, no listing is written but these. The rows are written anew, as migration
-- 0037 wrote them, rather than updated, which would leave a dead version of each row in the table
-- and its indexes (both twice their size at 1M offers, until a REINDEX). The kept counts are
-- emptied with them and made again by their insert trigger from the rows (decision 044).
TRUNCATE offer_geo_listings, offer_geo_counts;
--> statement-breakpoint
INSERT INTO offer_geo_listings
    (offer_id, geo, category_key, created_at, expires_at, offer_status, owner_approved,
      payout_amount)
  SELECT DISTINCT o.id, g.geo, lower(o.category), o.created_at, o.expires_at, o.offer_status,
      o.owner_approved, o.payout_amount
    FROM offers o CROSS JOIN LATERAL unnest(o.target_geo) AS g(geo);
--> statement-breakpoint
CREATE INDEX "offer_geo_listings_feed_idx" ON "offer_geo_listings" USING btree ("category_key","geo","created_at" DESC NULLS LAST,"offer_id" DESC NULLS LAST,"expires_at","payout_amount") WHERE "offer_geo_listings"."offer_status" = 'active' AND "offer_geo_listings"."owner_approved";

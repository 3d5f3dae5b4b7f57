-- docs/decisions/042-offer-geo-listings.md: each offer once per GEO it targets, with
-- its category, date, expiry and the two columns of the public rule, kept by triggers. A GEO and
-- a category then have one range of one B-tree, newest first: the explorer's page reads it in
-- order and its capped count reads exactly the matches (index-only), where the category walk
-- (decision 040) read every offer of the category and compared its GEO array with the filter's.
CREATE TABLE "offer_geo_listings" (
  "offer_id" uuid NOT NULL,
  "geo" text NOT NULL,
  "category_key" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone,
  "offer_status" text NOT NULL,
  "owner_approved" boolean NOT NULL,
  CONSTRAINT "offer_geo_listings_pkey" PRIMARY KEY ("offer_id", "geo")
);
--> statement-breakpoint
CREATE INDEX "offer_geo_listings_feed_idx" ON "offer_geo_listings" USING btree ("category_key","geo","created_at" DESC NULLS LAST,"offer_id" DESC NULLS LAST,"expires_at") WHERE "offer_geo_listings"."offer_status" = 'active' AND "offer_geo_listings"."owner_approved";
--> statement-breakpoint
-- A statement trigger: a bulk insert (the seed, the benchmark's million) adds its rows at once.
CREATE OR REPLACE FUNCTION trustlinks_offer_geo_listings_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO offer_geo_listings
      (offer_id, geo, category_key, created_at, expires_at, offer_status, owner_approved)
    SELECT DISTINCT o.id, g.geo, lower(o.category), o.created_at, o.expires_at, o.offer_status,
        o.owner_approved
      FROM new_offers o CROSS JOIN LATERAL unnest(o.target_geo) AS g(geo);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offers_geo_listings_insert
  AFTER INSERT ON offers REFERENCING NEW TABLE AS new_offers
  FOR EACH STATEMENT EXECUTE FUNCTION trustlinks_offer_geo_listings_insert();
--> statement-breakpoint
-- A change of what the rows copy (an edit, a pause, the entity's approval: migration 0033). The
-- same GEOs: the rows are updated in place; other GEOs: replaced. A click changes none of these
-- columns, so the WHEN clause keeps the function from running for it.
CREATE OR REPLACE FUNCTION trustlinks_offer_geo_listings_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.target_geo IS NOT DISTINCT FROM NEW.target_geo AND OLD.id = NEW.id THEN
    UPDATE offer_geo_listings SET category_key = lower(NEW.category), created_at = NEW.created_at,
        expires_at = NEW.expires_at, offer_status = NEW.offer_status,
        owner_approved = NEW.owner_approved
      WHERE offer_id = NEW.id;
  ELSE
    DELETE FROM offer_geo_listings WHERE offer_id = OLD.id;
    INSERT INTO offer_geo_listings
        (offer_id, geo, category_key, created_at, expires_at, offer_status, owner_approved)
      SELECT DISTINCT NEW.id, g.geo, lower(NEW.category), NEW.created_at, NEW.expires_at,
          NEW.offer_status, NEW.owner_approved
        FROM unnest(NEW.target_geo) AS g(geo);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offers_geo_listings_update
  AFTER UPDATE ON offers
  FOR EACH ROW WHEN (
    OLD.id IS DISTINCT FROM NEW.id
    OR OLD.target_geo IS DISTINCT FROM NEW.target_geo
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.offer_status IS DISTINCT FROM NEW.offer_status
    OR OLD.owner_approved IS DISTINCT FROM NEW.owner_approved)
  EXECUTE FUNCTION trustlinks_offer_geo_listings_update();
--> statement-breakpoint
-- Deleted offers (their own, or their entity's cascade): a statement trigger, like the insert.
CREATE OR REPLACE FUNCTION trustlinks_offer_geo_listings_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM offer_geo_listings WHERE offer_id IN (SELECT id FROM old_offers);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offers_geo_listings_delete
  AFTER DELETE ON offers REFERENCING OLD TABLE AS old_offers
  FOR EACH STATEMENT EXECUTE FUNCTION trustlinks_offer_geo_listings_delete();
--> statement-breakpoint
-- After the triggers, in the migration's transaction: no offer written meanwhile is missed.
INSERT INTO offer_geo_listings
    (offer_id, geo, category_key, created_at, expires_at, offer_status, owner_approved)
  SELECT DISTINCT o.id, g.geo, lower(o.category), o.created_at, o.expires_at, o.offer_status,
      o.owner_approved
    FROM offers o CROSS JOIN LATERAL unnest(o.target_geo) AS g(geo);

-- docs/decisions/035-offer-owner-approved.md: whether an offer's entity is approved, kept
-- on the offer by triggers, so the explorer's counts and match windows read the offers' partial
-- indexes alone (index-only) instead of joining every match to its entity.
ALTER TABLE "offers" ADD COLUMN "owner_approved" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "offers" o SET "owner_approved" = true
  FROM "entities" e WHERE e."id" = o."entity_id" AND e."verification_status" = 'approved';
--> statement-breakpoint
-- Set from the entity on every insert, on a move to another entity, and on any write of the flag
-- itself (so nothing else can set it wrong). FOR SHARE: a change of the entity's status waits for
-- this transaction (and its AFTER trigger, below, then sees the new offer), or this waits for it.
CREATE OR REPLACE FUNCTION trustlinks_offer_owner_approved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_approved := coalesce(
    (SELECT e.verification_status = 'approved' FROM entities e WHERE e.id = NEW.entity_id FOR SHARE),
    false);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offers_owner_approved
  BEFORE INSERT OR UPDATE OF entity_id, owner_approved ON offers
  FOR EACH ROW EXECUTE FUNCTION trustlinks_offer_owner_approved();
--> statement-breakpoint
-- An entity approved, rejected or suspended: its offers follow in the same transaction.
CREATE OR REPLACE FUNCTION trustlinks_entity_approval_to_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offers SET owner_approved = (NEW.verification_status = 'approved')
    WHERE entity_id = NEW.id
      AND owner_approved IS DISTINCT FROM (NEW.verification_status = 'approved');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER entities_approval_to_offers
  AFTER UPDATE OF verification_status ON entities
  FOR EACH ROW WHEN (OLD.verification_status IS DISTINCT FROM NEW.verification_status)
  EXECUTE FUNCTION trustlinks_entity_approval_to_offers();
--> statement-breakpoint
-- The explorer's indexes hold only what the public may see (active offers of approved entities).
DROP INDEX IF EXISTS "offers_active_feed_idx";
--> statement-breakpoint
CREATE INDEX "offers_active_feed_idx" ON "offers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"entity_id","expires_at","category","target_geo","title") WHERE "offers"."offer_status" = 'active' AND "offers"."owner_approved";
--> statement-breakpoint
DROP INDEX IF EXISTS "offers_category_feed_idx";
--> statement-breakpoint
CREATE INDEX "offers_category_feed_idx" ON "offers" USING btree (lower("category"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"entity_id","expires_at","target_geo","category") WHERE "offers"."offer_status" = 'active' AND "offers"."owner_approved";
--> statement-breakpoint
DROP INDEX IF EXISTS "offers_search_vector_idx";
--> statement-breakpoint
CREATE INDEX "offers_search_vector_idx" ON "offers" USING gin ("search_vector") WHERE "offers"."offer_status" = 'active' AND "offers"."owner_approved";
--> statement-breakpoint
DROP INDEX IF EXISTS "offers_payout_type_feed_idx";
--> statement-breakpoint
CREATE INDEX "offers_payout_type_feed_idx" ON "offers" USING btree ("payout_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"entity_id","expires_at") WHERE "offers"."offer_status" = 'active' AND "offers"."owner_approved";
--> statement-breakpoint
DROP INDEX IF EXISTS "offers_payout_idx";
--> statement-breakpoint
CREATE INDEX "offers_payout_idx" ON "offers" USING btree ("payout_amount" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"entity_id","expires_at") WHERE "offers"."offer_status" = 'active' AND "offers"."owner_approved";

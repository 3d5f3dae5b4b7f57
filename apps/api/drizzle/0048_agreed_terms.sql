-- docs/decisions/048-agreed-terms.md: an application carries the payout agreed with its partner
-- (null: the offer's own) and where it came from; an offer may be private (runs for its partners,
-- listed nowhere: every public rule reads offer_status = 'active').
ALTER TABLE "offer_applications" ADD COLUMN "payout_type" text;--> statement-breakpoint
ALTER TABLE "offer_applications" ADD COLUMN "payout_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "offer_applications" ADD COLUMN "terms_source" text DEFAULT 'offer' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_applications" ADD CONSTRAINT "offer_applications_terms_check" CHECK (
  "offer_applications"."terms_source" in ('offer', 'bid', 'override')
  AND ("offer_applications"."payout_type" IS NULL) = ("offer_applications"."payout_amount" IS NULL)
  AND ("offer_applications"."payout_type" IS NULL) = ("offer_applications"."terms_source" = 'offer')
  AND ("offer_applications"."payout_type" IS NULL OR "offer_applications"."payout_type" in ('CPA', 'CPL', 'CPI', 'RevShare'))
  AND ("offer_applications"."payout_amount" IS NULL OR ("offer_applications"."payout_amount" >= 0
    AND ("offer_applications"."payout_type" <> 'RevShare' OR "offer_applications"."payout_amount" <= 100)))
);--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_status_check";--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_check" CHECK ("offers"."offer_status" in ('active', 'paused', 'closed', 'private'));
--> statement-breakpoint
-- A bidder's accepted counter offers that still need an offer (its dashboard's list).
CREATE INDEX "bids_awaiting_offer_idx" ON "bids" USING btree ("entity_id","decided_at" DESC NULLS LAST) WHERE "bids"."status" = 'accepted' AND "bids"."offer_id" IS NULL AND "bids"."application_id" IS NULL;

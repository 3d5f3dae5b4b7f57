-- docs/decisions/049-caps-and-postback-tooling.md: a conversion past its offer's daily or
-- monthly cap is kept but marked over cap (never paid); the advertiser's status of a conversion
-- (pending, approved, rejected with a reason, paid); an offer's fallback address while a cap is
-- reached; the last postbacks of each offer with what they carried and what we answered.
ALTER TABLE "offers" ADD COLUMN IF NOT EXISTS "fallback_url" text;
--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD COLUMN IF NOT EXISTS "over_cap" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD COLUMN IF NOT EXISTS "conversion_status" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD COLUMN IF NOT EXISTS "status_reason" text;
--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD COLUMN IF NOT EXISTS "status_changed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD CONSTRAINT "tracking_clicks_conversion_status_check" CHECK ("conversion_status" IN ('pending', 'approved', 'rejected', 'paid') AND char_length("status_reason") <= 500);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracking_clicks_offer_converted_idx" ON "tracking_clicks" USING btree ("offer_id","converted_at" DESC NULLS LAST) WHERE "converted_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracking_clicks_application_converted_idx" ON "tracking_clicks" USING btree ("application_id","converted_at" DESC NULLS LAST) WHERE "converted_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "postback_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL REFERENCES "offers"("id") ON DELETE CASCADE,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"carried" jsonb NOT NULL,
	"status_code" integer NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "postback_log_offer_idx" ON "postback_log" USING btree ("offer_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);

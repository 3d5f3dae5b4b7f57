-- Results over time (docs/decisions/031-results-over-time.md): sub-IDs on the click and
-- daily roll-ups per application (offer × affiliate) × sub1 bucket, kept in the click's and the
-- conversion's transaction, so a period query reads days × affiliates rows, not every click.
ALTER TABLE "tracking_clicks" ADD COLUMN "sub1" text;
--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD COLUMN "sub2" text;
--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD CONSTRAINT "tracking_clicks_sub_ids_check" CHECK (char_length("sub1") <= 100 AND char_length("sub2") <= 100);
--> statement-breakpoint
CREATE TABLE "tracking_daily" (
	"application_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sub1" text DEFAULT '' NOT NULL,
	"offer_id" uuid NOT NULL,
	"affiliate_entity_id" uuid NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"payout" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_daily_pkey" PRIMARY KEY("application_id","day","sub1"),
	CONSTRAINT "tracking_daily_counts_check" CHECK ("tracking_daily"."clicks" >= 0 AND "tracking_daily"."conversions" >= 0 AND "tracking_daily"."payout" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tracking_daily" ADD CONSTRAINT "tracking_daily_application_id_offer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."offer_applications"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_daily" ADD CONSTRAINT "tracking_daily_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_daily" ADD CONSTRAINT "tracking_daily_affiliate_entity_id_entities_id_fk" FOREIGN KEY ("affiliate_entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "tracking_daily_offer_day_idx" ON "tracking_daily" USING btree ("offer_id","day");
--> statement-breakpoint
CREATE INDEX "tracking_daily_affiliate_day_idx" ON "tracking_daily" USING btree ("affiliate_entity_id","day");
--> statement-breakpoint
-- Backfill: clicks on the UTC day they were made, conversions on the UTC day they were reported.
INSERT INTO "tracking_daily" ("application_id", "day", "sub1", "offer_id", "affiliate_entity_id", "clicks")
SELECT c."application_id", (c."created_at" AT TIME ZONE 'UTC')::date, '', c."offer_id", a."entity_id", count(*)
FROM "tracking_clicks" c JOIN "offer_applications" a ON a."id" = c."application_id"
GROUP BY 1, 2, 4, 5;
--> statement-breakpoint
INSERT INTO "tracking_daily" ("application_id", "day", "sub1", "offer_id", "affiliate_entity_id", "conversions", "payout")
SELECT c."application_id", (c."converted_at" AT TIME ZONE 'UTC')::date, '', c."offer_id", a."entity_id", count(*), coalesce(sum(c."payout"), 0)
FROM "tracking_clicks" c JOIN "offer_applications" a ON a."id" = c."application_id"
WHERE c."converted_at" IS NOT NULL
GROUP BY 1, 2, 4, 5
ON CONFLICT ("application_id", "day", "sub1") DO UPDATE
SET "conversions" = excluded."conversions", "payout" = excluded."payout";

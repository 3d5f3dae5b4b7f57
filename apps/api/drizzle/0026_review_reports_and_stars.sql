-- docs/decisions/027-no-dead-ends.md, hand-written.
-- Reports of published reviews: one per user and review, listed for the admins until a moderator decides.
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_reason_check" CHECK ("review_reports"."reason" in ('fake', 'offensive', 'personal_info', 'conflict_of_interest', 'other'))
);
--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_one_per_user_key" ON "review_reports" USING btree ("review_id","reporter_user_id");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at") WHERE "review_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "review_reports_reporter_created_idx" ON "review_reports" USING btree ("reporter_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The entity's 1★…5★ counts of published reviews, kept with total_reviews (index 1 = 1 star).
ALTER TABLE "entities" ADD COLUMN "rating_counts" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
UPDATE "entities" SET "rating_counts" = c.counts FROM (
  SELECT "entity_id" AS eid, ARRAY[
    count(*) FILTER (WHERE "overall_rating" = 1), count(*) FILTER (WHERE "overall_rating" = 2),
    count(*) FILTER (WHERE "overall_rating" = 3), count(*) FILTER (WHERE "overall_rating" = 4),
    count(*) FILTER (WHERE "overall_rating" = 5)]::integer[] AS counts
  FROM "reviews" WHERE "status" = 'approved' GROUP BY "entity_id"
) c WHERE "entities"."id" = c.eid;--> statement-breakpoint
-- The star filter: 'Most recent' and 'Rating' read reviews_entity_rating_idx; 'Most helpful' this one.
CREATE INDEX "reviews_entity_stars_helpful_idx" ON "reviews" USING btree ("entity_id","overall_rating","helpful_score" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."status" = 'approved';--> statement-breakpoint
-- 'Run This Offer' asks for traffic sources; the offer page reads the caller's applications to one offer.
ALTER TABLE "offer_applications" ADD COLUMN "traffic_sources" text;--> statement-breakpoint
CREATE INDEX "offer_applications_entity_offer_idx" ON "offer_applications" USING btree ("entity_id","offer_id","created_at" DESC NULLS LAST);

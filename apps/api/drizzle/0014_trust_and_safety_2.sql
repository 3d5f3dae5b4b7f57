CREATE TABLE "entity_trust_scores" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"quality" numeric(3, 2) DEFAULT 0 NOT NULL,
	"support" numeric(3, 2) DEFAULT 0 NOT NULL,
	"reliability" numeric(3, 2) DEFAULT 0 NOT NULL,
	"payment_speed" numeric(3, 2) DEFAULT 0 NOT NULL,
	"evidence_weight" real DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_warning_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warning_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"kind" text NOT NULL,
	"public_text" text NOT NULL,
	"warning_date" date NOT NULL,
	"note" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_warning_events_action_check" CHECK ("entity_warning_events"."action" in ('placed', 'lifted'))
);
--> statement-breakpoint
CREATE TABLE "entity_warnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"public_text" text NOT NULL,
	"warning_date" date NOT NULL,
	"placed_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by_user_id" uuid,
	CONSTRAINT "entity_warnings_kind_check" CHECK ("entity_warnings"."kind" in ('non_payment', 'fake_reviews', 'impersonation', 'regulator_action'))
);
--> statement-breakpoint
CREATE TABLE "platform_review_stats" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"overall" numeric(3, 2) NOT NULL,
	"quality" numeric(3, 2) NOT NULL,
	"support" numeric(3, 2) NOT NULL,
	"reliability" numeric(3, 2) NOT NULL,
	"payment_speed" numeric(3, 2) NOT NULL,
	"review_count" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_review_stats_single_row" CHECK ("platform_review_stats"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "review_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_proofs_type_check" CHECK ("review_proofs"."content_type" in ('image/png', 'image/jpeg', 'application/pdf'))
);
--> statement-breakpoint
ALTER TABLE "review_votes" ADD COLUMN "counts_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "review_votes" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "dispute_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "proof_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "proof_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "proof_verified_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "helpful_score" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_trust_scores" ADD CONSTRAINT "entity_trust_scores_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_warning_events" ADD CONSTRAINT "entity_warning_events_warning_id_entity_warnings_id_fk" FOREIGN KEY ("warning_id") REFERENCES "public"."entity_warnings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_warning_events" ADD CONSTRAINT "entity_warning_events_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_warning_events" ADD CONSTRAINT "entity_warning_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_warnings" ADD CONSTRAINT "entity_warnings_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_warnings" ADD CONSTRAINT "entity_warnings_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_warnings" ADD CONSTRAINT "entity_warnings_lifted_by_user_id_users_id_fk" FOREIGN KEY ("lifted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_proofs" ADD CONSTRAINT "review_proofs_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entity_trust_scores_computed_idx" ON "entity_trust_scores" USING btree ("computed_at");--> statement-breakpoint
CREATE INDEX "entity_warning_events_entity_idx" ON "entity_warning_events" USING btree ("entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entity_warnings_active_idx" ON "entity_warnings" USING btree ("entity_id","created_at" DESC NULLS LAST) WHERE "entity_warnings"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "entity_warnings_entity_idx" ON "entity_warnings" USING btree ("entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_proofs_review_idx" ON "review_proofs" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_votes_user_updated_idx" ON "review_votes" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_votes_waiting_idx" ON "review_votes" USING btree ("counts_from") WHERE NOT "review_votes"."counted";--> statement-breakpoint
CREATE INDEX "reviews_entity_helpful_idx" ON "reviews" USING btree ("entity_id","helpful_score" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "reviews_entity_rating_idx" ON "reviews" USING btree ("entity_id","overall_rating" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "reviews_entity_negative_idx" ON "reviews" USING btree ("entity_id","published_at" DESC NULLS LAST) WHERE "reviews"."status" = 'approved' AND "reviews"."overall_rating" <= 2;--> statement-breakpoint
-- Backfill (hand-written). 'Most helpful' for reviews voted before this migration: the Wilson lower
-- bound at z = 1.96, as reputation.ts wilsonLowerBound computes it from then on.
UPDATE "reviews" SET "helpful_score" = (
  (h::float8 / n + 3.8416 / (2 * n) - 1.96 * sqrt((h::float8 / n * (1 - h::float8 / n) + 3.8416 / (4 * n)) / n)) / (1 + 3.8416 / n)
) FROM (SELECT id AS rid, helpful_votes AS h, (helpful_votes + unhelpful_votes)::float8 AS n FROM "reviews" WHERE helpful_votes + unhelpful_votes > 0) v
WHERE "reviews"."id" = v.rid;--> statement-breakpoint
-- Every entity with published reviews gets its TrustScore from the trust upkeep (stalest first):
-- until then it keeps the plain mean it had.
INSERT INTO "entity_trust_scores" ("entity_id", "computed_at")
SELECT "id", 'epoch'::timestamptz FROM "entities" WHERE "total_reviews" > 0
ON CONFLICT DO NOTHING;

CREATE TABLE "review_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"author_user_id" uuid,
	"reply_type" text NOT NULL,
	"reply_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_replies_type_check" CHECK ("review_replies"."reply_type" in ('response', 'clarification', 'dispute'))
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"vote_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id"),
	CONSTRAINT "review_votes_type_check" CHECK ("review_votes"."vote_type" in ('helpful', 'unhelpful'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"reviewer_user_id" uuid NOT NULL,
	"reviewer_type" text NOT NULL,
	"title" text NOT NULL,
	"review_text" text NOT NULL,
	"text_hash" text NOT NULL,
	"overall_rating" smallint NOT NULL,
	"rating_quality" smallint NOT NULL,
	"rating_support" smallint NOT NULL,
	"rating_reliability" smallint NOT NULL,
	"rating_payment_speed" smallint NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"helpful_votes" integer DEFAULT 0 NOT NULL,
	"unhelpful_votes" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"has_owner_reply" boolean DEFAULT false NOT NULL,
	"dispute_open" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"moderated_at" timestamp with time zone,
	"moderated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('approved', 'pending', 'rejected', 'flagged')),
	CONSTRAINT "reviews_reviewer_type_check" CHECK ("reviews"."reviewer_type" in ('user', 'advertiser', 'affiliate', 'network', 'admin')),
	CONSTRAINT "reviews_overall_rating_check" CHECK ("reviews"."overall_rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_rating_quality_check" CHECK ("reviews"."rating_quality" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_rating_support_check" CHECK ("reviews"."rating_support" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_rating_reliability_check" CHECK ("reviews"."rating_reliability" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_rating_payment_speed_check" CHECK ("reviews"."rating_payment_speed" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_counts_check" CHECK ("reviews"."helpful_votes" >= 0 AND "reviews"."unhelpful_votes" >= 0 AND "reviews"."reply_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_replies_review_idx" ON "review_replies" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_replies_one_owner_reply_key" ON "review_replies" USING btree ("review_id") WHERE "review_replies"."reply_type" in ('response', 'clarification');--> statement-breakpoint
CREATE INDEX "review_votes_user_idx" ON "review_votes" USING btree ("user_id","review_id");--> statement-breakpoint
CREATE INDEX "reviews_entity_published_idx" ON "reviews" USING btree ("entity_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "reviews_entity_status_idx" ON "reviews" USING btree ("entity_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_dispute_open_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."dispute_open";--> statement-breakpoint
CREATE INDEX "reviews_reviewer_created_idx" ON "reviews" USING btree ("reviewer_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_reviewer_entity_idx" ON "reviews" USING btree ("reviewer_user_id","entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_text_hash_idx" ON "reviews" USING btree ("text_hash");
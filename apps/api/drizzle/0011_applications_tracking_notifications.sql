CREATE TABLE "offer_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"owner_entity_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"tracking_code" text,
	"click_count" integer DEFAULT 0 NOT NULL,
	"conversion_count" integer DEFAULT 0 NOT NULL,
	"payout_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_applications_status_check" CHECK ("offer_applications"."status" in ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "offer_applications_counts_check" CHECK ("offer_applications"."click_count" >= 0 AND "offer_applications"."conversion_count" >= 0 AND "offer_applications"."payout_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tracking_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"day" date NOT NULL,
	"converted_at" timestamp with time zone,
	"payout" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_clicks_payout_check" CHECK ("tracking_clicks"."payout" IS NULL OR "tracking_clicks"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_token_key" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "payout_total" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "postback_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_applications" ADD CONSTRAINT "offer_applications_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_applications" ADD CONSTRAINT "offer_applications_owner_entity_id_entities_id_fk" FOREIGN KEY ("owner_entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_applications" ADD CONSTRAINT "offer_applications_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD CONSTRAINT "tracking_clicks_application_id_offer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."offer_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD CONSTRAINT "tracking_clicks_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_applications_open_key" ON "offer_applications" USING btree ("offer_id","entity_id") WHERE "offer_applications"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "offer_applications_tracking_code_key" ON "offer_applications" USING btree ("tracking_code");--> statement-breakpoint
CREATE INDEX "offer_applications_offer_idx" ON "offer_applications" USING btree ("offer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_applications_owner_idx" ON "offer_applications" USING btree ("owner_entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_applications_owner_status_idx" ON "offer_applications" USING btree ("owner_entity_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_applications_entity_idx" ON "offer_applications" USING btree ("entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_clicks_visitor_day_key" ON "tracking_clicks" USING btree ("offer_id","visitor_key","day");--> statement-breakpoint
CREATE INDEX "tracking_clicks_application_idx" ON "tracking_clicks" USING btree ("application_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;
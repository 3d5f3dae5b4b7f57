CREATE TABLE "offer_clicks" (
	"offer_id" uuid NOT NULL,
	"clicker_key" text NOT NULL,
	"day" date NOT NULL,
	"user_id" uuid,
	"entity_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_clicks_offer_id_clicker_key_day_pk" PRIMARY KEY("offer_id","clicker_key","day")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"target_geo" text[] DEFAULT '{}'::text[] NOT NULL,
	"payout_type" text DEFAULT 'CPA' NOT NULL,
	"payout_amount" numeric(12, 2),
	"payout_percent" text,
	"landing_page_url" text NOT NULL,
	"requirements" text,
	"expires_at" timestamp with time zone,
	"offer_status" text DEFAULT 'active' NOT NULL,
	"click_count" integer DEFAULT 0 NOT NULL,
	"conversion_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."offer_status" in ('active', 'paused', 'closed')),
	CONSTRAINT "offers_payout_type_check" CHECK ("offers"."payout_type" in ('CPA', 'CPL', 'CPI', 'RevShare')),
	CONSTRAINT "offers_counts_check" CHECK ("offers"."click_count" >= 0 AND "offers"."conversion_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_request_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"bid_amount" numeric(14, 2) NOT NULL,
	"bid_notes" text,
	"offer_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_amount_check" CHECK ("bids"."bid_amount" > 0),
	CONSTRAINT "bids_status_check" CHECK ("bids"."status" in ('open', 'withdrawn', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "offer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"vertical" text NOT NULL,
	"geos_targeting" text[] NOT NULL,
	"geos_search" text NOT NULL,
	"traffic_type" text[] NOT NULL,
	"traffic_volume" integer NOT NULL,
	"platforms_used" text[] NOT NULL,
	"desired_payout_type" text DEFAULT 'CPA' NOT NULL,
	"budget_min" numeric(14, 2),
	"budget_max" numeric(14, 2),
	"notes" text,
	"expires_at" timestamp with time zone,
	"request_status" text DEFAULT 'active' NOT NULL,
	"priority" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_requests_status_check" CHECK ("offer_requests"."request_status" in ('active', 'fulfilled', 'closed')),
	CONSTRAINT "offer_requests_priority_check" CHECK ("offer_requests"."priority" in ('high', 'medium', 'low')),
	CONSTRAINT "offer_requests_volume_check" CHECK ("offer_requests"."traffic_volume" > 0),
	CONSTRAINT "offer_requests_budget_check" CHECK (("offer_requests"."budget_min" IS NULL AND "offer_requests"."budget_max" IS NULL) OR ("offer_requests"."budget_min" >= 0 AND "offer_requests"."budget_min" <= "offer_requests"."budget_max"))
);
--> statement-breakpoint
ALTER TABLE "offer_clicks" ADD CONSTRAINT "offer_clicks_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_offer_request_id_offer_requests_id_fk" FOREIGN KEY ("offer_request_id") REFERENCES "public"."offer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_requests" ADD CONSTRAINT "offer_requests_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_active_created_idx" ON "offers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "offers"."offer_status" = 'active';--> statement-breakpoint
CREATE INDEX "offers_title_trgm_idx" ON "offers" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_target_geo_gin_idx" ON "offers" USING gin ("target_geo");--> statement-breakpoint
CREATE INDEX "offers_category_idx" ON "offers" USING btree (lower("category"),"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("offer_status");--> statement-breakpoint
CREATE INDEX "offers_entity_idx" ON "offers" USING btree ("entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bids_open_per_entity_key" ON "bids" USING btree ("offer_request_id","entity_id") WHERE "bids"."status" = 'open';--> statement-breakpoint
CREATE INDEX "bids_request_idx" ON "bids" USING btree ("offer_request_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_requests_active_created_idx" ON "offer_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "offer_requests"."request_status" = 'active';--> statement-breakpoint
CREATE INDEX "offer_requests_priority_idx" ON "offer_requests" USING btree ("priority","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_requests_entity_idx" ON "offer_requests" USING btree ("entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_requests_user_idx" ON "offer_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_requests_vertical_trgm_idx" ON "offer_requests" USING gin ("vertical" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offer_requests_geos_trgm_idx" ON "offer_requests" USING gin ("geos_search" gin_trgm_ops);
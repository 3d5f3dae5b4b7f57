ALTER TABLE "offers" ADD COLUMN "daily_cap" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "monthly_cap" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "traffic_allowed" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "traffic_forbidden" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_caps_check" CHECK (("offers"."daily_cap" IS NULL OR "offers"."daily_cap" > 0) AND ("offers"."monthly_cap" IS NULL OR "offers"."monthly_cap" > 0));--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "payout_type" text DEFAULT 'CPA' NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "decided_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_application_id_offer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."offer_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_payout_type_check" CHECK ("bids"."payout_type" in ('CPA', 'CPL', 'CPI', 'RevShare'));--> statement-breakpoint
CREATE INDEX "bids_offer_idx" ON "bids" USING btree ("offer_id") WHERE "bids"."offer_id" is not null;--> statement-breakpoint
CREATE INDEX "bids_application_idx" ON "bids" USING btree ("application_id") WHERE "bids"."application_id" is not null;

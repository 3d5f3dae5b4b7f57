CREATE TABLE "entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"entity_type" text NOT NULL,
	"email" text,
	"website" text,
	"description" text,
	"additional_notes" text,
	"image_url" text,
	"country" text,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"contact_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"entity_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text DEFAULT 'registration' NOT NULL,
	"reputation_score" numeric(3, 2) DEFAULT 0 NOT NULL,
	"total_reviews" integer DEFAULT 0 NOT NULL,
	"user_account_created" boolean DEFAULT false NOT NULL,
	"submitted_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entities_type_check" CHECK ("entities"."entity_type" in ('advertiser', 'affiliate', 'network')),
	CONSTRAINT "entities_status_check" CHECK ("entities"."verification_status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "entities_source_check" CHECK ("entities"."source" in ('registration', 'review'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_method" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_value" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "entities_status_type_idx" ON "entities" USING btree ("verification_status","entity_type","created_at");--> statement-breakpoint
CREATE INDEX "entities_name_trgm_idx" ON "entities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "entities_pending_email_type_key" ON "entities" USING btree ("email","entity_type") WHERE "entities"."verification_status" = 'pending' AND "entities"."email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
-- Written by hand: drizzle-kit could not load a users → entities reference alongside the
-- entities table without a load-order cycle in its schema loader.
ALTER TABLE "users" ADD CONSTRAINT "users_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE set null ON UPDATE no action;

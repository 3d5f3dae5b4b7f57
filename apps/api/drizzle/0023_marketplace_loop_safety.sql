ALTER TABLE "offer_applications" DROP CONSTRAINT "offer_applications_status_check";--> statement-breakpoint
ALTER TABLE "offer_applications" ADD CONSTRAINT "offer_applications_status_check" CHECK ("offer_applications"."status" in ('pending', 'approved', 'rejected', 'withdrawn', 'revoked'));--> statement-breakpoint
CREATE TABLE "offer_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by_user_id" uuid,
	"notified_entities" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_changes" ADD CONSTRAINT "offer_changes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_changes_offer_idx" ON "offer_changes" USING btree ("offer_id","created_at" DESC NULLS LAST);

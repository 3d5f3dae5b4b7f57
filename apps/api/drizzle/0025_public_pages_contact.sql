CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'site' NOT NULL,
	"sender_user_id" uuid,
	"entity_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"delivered_text" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_kind_check" CHECK ("contact_messages"."kind" in ('site', 'entity')),
	CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('new', 'read'))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_sender_idx" ON "contact_messages" USING btree ("sender_user_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_entity_idx" ON "contact_messages" USING btree ("entity_id","created_at");--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "join_click_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "offers_clicks_idx" ON "offers" USING btree ("click_count" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "offer_applications_approved_idx" ON "offer_applications" USING btree ("id") WHERE "offer_applications"."status" = 'approved';
--> statement-breakpoint
CREATE INDEX "offer_applications_user_idx" ON "offer_applications" USING btree ("user_id","created_at" DESC NULLS LAST);

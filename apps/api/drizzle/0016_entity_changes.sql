CREATE TABLE "entity_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text,
	"website" text,
	"email" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" uuid,
	"decided_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "entity_changes_status_check" CHECK ("entity_changes"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "entity_changes" ADD CONSTRAINT "entity_changes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_changes" ADD CONSTRAINT "entity_changes_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_changes" ADD CONSTRAINT "entity_changes_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entity_changes_pending_key" ON "entity_changes" USING btree ("entity_id") WHERE "entity_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "entity_changes_entity_idx" ON "entity_changes" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "entities_approved_name_key" ON "entities" USING btree (lower("name")) WHERE "entities"."verification_status" = 'approved';
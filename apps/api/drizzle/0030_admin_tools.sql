-- docs/decisions/032-admin-tools.md, hand-written.
-- The reason of a user's last ban or unban, shown in the admins' user row.
ALTER TABLE "users" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
-- The admins' audit list: bans, unbans and review decisions, with who, when and why.
CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"target_review_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('user_banned', 'user_unbanned', 'review_approved', 'review_rejected', 'review_flagged'))
);
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_target_review_id_reviews_id_fk" FOREIGN KEY ("target_review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_actions_target_user_idx" ON "admin_actions" USING btree ("target_user_id","created_at" DESC NULLS LAST) WHERE "admin_actions"."target_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_actions_target_review_idx" ON "admin_actions" USING btree ("target_review_id") WHERE "admin_actions"."target_review_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_actions_actor_idx" ON "admin_actions" USING btree ("actor_user_id") WHERE "admin_actions"."actor_user_id" IS NOT NULL;--> statement-breakpoint
-- Review Moderation's filter by hold reason, and the panel's counts of held reviews per reason.
CREATE INDEX "reviews_hold_status_created_idx" ON "reviews" USING btree ("hold_reason","status","created_at") WHERE "reviews"."hold_reason" IS NOT NULL;--> statement-breakpoint
-- The admins' list of active warnings across entities, newest first.
CREATE INDEX "entity_warnings_active_all_idx" ON "entity_warnings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "entity_warnings"."lifted_at" IS NULL;

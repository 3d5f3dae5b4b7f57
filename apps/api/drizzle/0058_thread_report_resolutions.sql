-- Admins settle a reported thread message (docs/decisions/050-deal-threads.md): dismiss (the
-- message stays) or remove (its text is no longer served; the stored text stays for the audit).
-- Who, when, what and the admin's note are stamped on the message; the admins' audit list names it.
ALTER TABLE "thread_messages" ADD COLUMN IF NOT EXISTS "report_resolved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "thread_messages" ADD COLUMN IF NOT EXISTS "report_resolved_by_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "thread_messages" ADD COLUMN IF NOT EXISTS "report_resolution" text;
--> statement-breakpoint
ALTER TABLE "thread_messages" ADD COLUMN IF NOT EXISTS "report_resolution_note" text;
--> statement-breakpoint
ALTER TABLE "thread_messages" DROP CONSTRAINT IF EXISTS "thread_messages_resolution_check";
--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_resolution_check" CHECK ("report_resolution" is null or "report_resolution" in ('dismissed', 'removed'));
--> statement-breakpoint
-- The admins' open list (what is still to do) and resolved list, each newest first.
CREATE INDEX IF NOT EXISTS "thread_messages_report_open_idx" ON "thread_messages" ("reported_at" DESC) WHERE "reported_at" is not null and "report_resolved_at" is null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "thread_messages_report_resolved_idx" ON "thread_messages" ("report_resolved_at" DESC) WHERE "report_resolved_at" is not null;
--> statement-breakpoint
-- The set-null of a deleted admin account finds its stamps through this.
CREATE INDEX IF NOT EXISTS "thread_messages_resolver_idx" ON "thread_messages" ("report_resolved_by_user_id") WHERE "report_resolved_by_user_id" is not null;
--> statement-breakpoint
DROP INDEX IF EXISTS "thread_messages_reported_idx";
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD COLUMN IF NOT EXISTS "target_thread_message_id" uuid REFERENCES "thread_messages"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_actions_target_thread_message_idx" ON "admin_actions" ("target_thread_message_id") WHERE "target_thread_message_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT IF EXISTS "admin_actions_action_check";
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('user_banned', 'user_unbanned', 'review_approved', 'review_rejected', 'review_flagged', 'thread_report_dismissed', 'thread_message_removed'));

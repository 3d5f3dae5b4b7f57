-- Coalesced mails (docs/decisions/030-offer-edit-and-bid-answers.md, note of 2026-11-29): a mail
-- about one thing to one person ("offer_changed:{offer id}") names it in `topic`; `items` are the
-- lines it lists. Within an hour of the last such mail, the next changes wait in one deferred row
-- (next_attempt_at at the end of the hour) that each further change re-renders with one more line.
ALTER TABLE "mail_outbox" ADD COLUMN "topic" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "items" jsonb;
--> statement-breakpoint
CREATE INDEX "mail_outbox_topic_idx" ON "mail_outbox" USING btree ("recipient_user_id","topic","created_at") WHERE "mail_outbox"."topic" IS NOT NULL;

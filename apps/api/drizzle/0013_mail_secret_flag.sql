ALTER TABLE "mail_outbox" ADD COLUMN "contains_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Mails queued before the flag existed that carry a link or a one-time password.
UPDATE "mail_outbox" SET "contains_secret" = true WHERE "template" IN ('verify_email', 'entity_account_created');--> statement-breakpoint
-- Verification links already delivered stayed in plain text: remove them now.
UPDATE "mail_outbox" SET "text_body" = '[removed after delivery: this mail contained a link, code or password]', "html_body" = '[removed after delivery: this mail contained a link, code or password]' WHERE "contains_secret" AND "status" = 'sent';

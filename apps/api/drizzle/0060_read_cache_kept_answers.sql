-- A stopping instance keeps its hottest visitors' answers beside their URLs, with the moment they
-- were known current (a time and a snapshot) and when they expire; a starting instance keeps them
-- again unless a write logged in read_cache_changes that the snapshot does not see names what they
-- show (docs/decisions/058-kept-answers.md).
ALTER TABLE "read_cache_warm_urls" ADD COLUMN IF NOT EXISTS "cache_key" text;
--> statement-breakpoint
ALTER TABLE "read_cache_warm_urls" ADD COLUMN IF NOT EXISTS "body" text;
--> statement-breakpoint
ALTER TABLE "read_cache_warm_urls" ADD COLUMN IF NOT EXISTS "tags" text[];
--> statement-breakpoint
ALTER TABLE "read_cache_warm_urls" ADD COLUMN IF NOT EXISTS "current_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "read_cache_warm_urls" ADD COLUMN IF NOT EXISTS "current_snapshot" text;
--> statement-breakpoint
ALTER TABLE "read_cache_warm_urls" ADD COLUMN IF NOT EXISTS "expires_at" timestamp with time zone;
--> statement-breakpoint
-- What each write changed in the read cache (the scopes of its notification) and the transaction
-- that logged it with the notification, for an hour.
CREATE TABLE IF NOT EXISTS "read_cache_changes" (
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"scopes" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "read_cache_changes_at_idx" ON "read_cache_changes" ("at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "read_cache_changes_xid_idx" ON "read_cache_changes" ("xid");

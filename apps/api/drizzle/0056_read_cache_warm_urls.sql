-- The URLs visitors asked for most, saved by each instance every minute and as it stops, so the
-- next instance loads their answers first (docs/decisions/056-warm-start.md).
CREATE TABLE IF NOT EXISTS "read_cache_warm_urls" (
	"url" text PRIMARY KEY NOT NULL,
	"asks" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "read_cache_warm_urls_asks_check" CHECK ("asks" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "read_cache_warm_urls_asks_idx" ON "read_cache_warm_urls" ("asks" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "read_cache_warm_urls_saved_idx" ON "read_cache_warm_urls" ("saved_at");

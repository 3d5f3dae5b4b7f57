-- The hottest URLs and kept answers of signed-in members too, apart from visitors' (the same URL
-- may be answered from another key for each kind of viewer): a starting instance keeps a member's
-- answer again for members only, and never loads one (docs/decisions/059-members-kept-answers.md).
ALTER TABLE "read_cache_warm_urls" ADD COLUMN IF NOT EXISTS "signed_in" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "read_cache_warm_urls" DROP CONSTRAINT IF EXISTS "read_cache_warm_urls_pkey";
--> statement-breakpoint
ALTER TABLE "read_cache_warm_urls" ADD CONSTRAINT "read_cache_warm_urls_pkey" PRIMARY KEY ("signed_in", "url");

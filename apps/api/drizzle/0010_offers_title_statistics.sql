-- Finer statistics on offer titles (docs/decisions/006-capped-totals.md, docs/performance.md).
-- With the default (100 histogram buckets) the planner sees title words under ~1 % of offers as
-- rare: for "bitcoin" (5,400 of 1,000,000) it took the trigram index and sorted every match
-- (14–40 ms) instead of walking the feed index (2 ms), and the explorer counted matches it could
-- have reported as "1,000+". 300 buckets bring that threshold to ~0.3 % for ~0.1 ms more
-- planning per title search (1,000 buckets: ~0.1 %, but +0.75 ms). ANALYZE applies it
-- (autovacuum, or the next manual ANALYZE).
ALTER TABLE "offers" ALTER COLUMN "title" SET STATISTICS 300;

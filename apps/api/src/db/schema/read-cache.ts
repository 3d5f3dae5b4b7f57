import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';

/**
 * The URLs visitors asked for most (src/lib/read-cache/warm.ts): each instance saves its hottest
 * every minute and as it stops; a starting instance loads their answers first
 * (docs/decisions/056-warm-start.md). Bounded: rows not saved for an hour, and those past four
 * times READ_CACHE_WARM_URLS by asks, are deleted by each save.
 */
export const readCacheWarmUrls = pg.pgTable(
  'read_cache_warm_urls',
  {
    url: pg.text('url').primaryKey(),
    asks: pg.integer('asks').notNull(),
    savedAt: pg.timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('read_cache_warm_urls_asks_idx').on(t.asks.desc()),
    pg.index('read_cache_warm_urls_saved_idx').on(t.savedAt),
    pg.check('read_cache_warm_urls_asks_check', sql`${t.asks} > 0`),
  ],
);

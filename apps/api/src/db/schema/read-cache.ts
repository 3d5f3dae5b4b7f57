import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';

/** A transaction id (64-bit), read as a string. */
const xid8 = pg.customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The URLs visitors and signed-in members (`signed_in`) asked for most
 * (src/lib/read-cache/warm.ts): each instance saves its hottest every minute and as it stops; a
 * starting instance loads the visitors' answers first (docs/decisions/056-warm-start.md). As it
 * stops it also keeps their answers (`cache_key`, `body`, `tags`: what they show, null if not
 * known), current with every write its snapshot `current_snapshot` (taken at `current_at`)
 * sees, kept until `expires_at`; the next instance keeps them again unless a write logged in
 * read_cache_changes that the snapshot does not see names what they show
 * (docs/decisions/058-kept-answers.md); a member's only for members, and a member's URL is never
 * loaded (docs/decisions/059-members-kept-answers.md).
 * Bounded: rows not saved for an hour, and those past four times READ_CACHE_WARM_URLS by asks,
 * are deleted by each save.
 */
export const readCacheWarmUrls = pg.pgTable(
  'read_cache_warm_urls',
  {
    url: pg.text('url').notNull(),
    signedIn: pg.boolean('signed_in').notNull().default(false),
    asks: pg.integer('asks').notNull(),
    savedAt: pg.timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    cacheKey: pg.text('cache_key'),
    body: pg.text('body'),
    tags: pg.text('tags').array(),
    currentAt: pg.timestamp('current_at', { withTimezone: true }),
    currentSnapshot: pg.text('current_snapshot'),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.signedIn, t.url], name: 'read_cache_warm_urls_pkey' }),
    pg.index('read_cache_warm_urls_asks_idx').on(t.asks.desc()),
    pg.index('read_cache_warm_urls_saved_idx').on(t.savedAt),
    pg.check('read_cache_warm_urls_asks_check', sql`${t.asks} > 0`),
  ],
);

/**
 * What each write changed in the read cache: the scopes its notification named (registerReadCache
 * logs them with the NOTIFY), kept an hour, so that an instance starting after a write it could
 * not hear knows which kept answers it changed (docs/decisions/058-kept-answers.md).
 */
export const readCacheChanges = pg.pgTable(
  'read_cache_changes',
  {
    at: pg.timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The transaction that logged it, with its notification: pg_visible_in_snapshot. */
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    scopes: pg.text('scopes').array().notNull(),
  },
  (t) => [
    pg.index('read_cache_changes_at_idx').on(t.at),
    pg.index('read_cache_changes_xid_idx').on(t.xid),
  ],
);

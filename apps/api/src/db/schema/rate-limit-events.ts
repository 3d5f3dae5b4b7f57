import * as pg from 'drizzle-orm/pg-core';

/**
 * One row per counted event, for exact sliding windows (lib/counters.repository.ts
 * `slidingWindowUsage`): "at most n in any hour", where a fixed window would allow 2n across its
 * edge. Rows older than the longest window are pruned by the mail worker's housekeeping.
 */
export const rateLimitEvents = pg.pgTable(
  'rate_limit_events',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    key: pg.text('key').notNull(),
    occurredAt: pg.timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index('rate_limit_events_key_occurred_idx').on(t.key, t.occurredAt)],
);

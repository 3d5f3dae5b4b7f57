import * as pg from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every instance (login failures, mails sent, contact reads). */
export const rateLimitCounters = pg.pgTable(
  'rate_limit_counters',
  {
    key: pg.text('key').notNull(),
    windowStart: pg.timestamp('window_start', { withTimezone: true }).notNull(),
    count: pg.integer('count').notNull().default(0),
  },
  (t) => [pg.primaryKey({ columns: [t.key, t.windowStart] })],
);

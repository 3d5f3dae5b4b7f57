import * as pg from 'drizzle-orm/pg-core';

/** Which demo-seed steps have run, so each runs once and later steps add to older data. */
export const seedRuns = pg.pgTable('seed_runs', {
  name: pg.text('name').primaryKey(),
  ranAt: pg.timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which demo-seed steps have run, so each runs once and later steps add to older data. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

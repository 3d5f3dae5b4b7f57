import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import type { SavedSearchFilters } from '@trustlinks/contract/saved-searches';
import { users } from './users';

/** An explorer search a user saved, with its daily alert (docs/decisions/028). */
export const savedSearches = pg.pgTable(
  'saved_searches',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    name: pg.text('name').notNull(),
    /** The explorer's filters and sort as the query schema parsed them. */
    filters: pg.jsonb('filters').$type<SavedSearchFilters>().notNull(),
    /** Offers created up to here have been matched; the alert worker moves it a day at a time. */
    checkedUntil: pg.timestamp('checked_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('saved_searches_user_idx').on(t.userId, t.createdAt.desc()),
    pg.index('saved_searches_due_idx').on(t.checkedUntil),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;

import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SavedSearchFilters } from '@trustlinks/contract/saved-searches';
import { users } from './users';

/** An explorer search a user saved, with its daily alert (docs/decisions/028). */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The explorer's filters and sort as the query schema parsed them. */
    filters: jsonb('filters').$type<SavedSearchFilters>().notNull(),
    /** Offers created up to here have been matched; the alert worker moves it a day at a time. */
    checkedUntil: timestamp('checked_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt.desc()),
    index('saved_searches_due_idx').on(t.checkedUntil),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;

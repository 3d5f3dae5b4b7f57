import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What happened for a user, shown behind the header's bell (docs/decisions/014). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An in-app path such as /offer/{id}. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's unread count reads only unread rows.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * A user's mail choices: the event types mailed are all but `emailOff`. The unsubscribe token
 * goes into every notification mail, so one click turns a type off without logging in.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailOff: text('email_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  unsubscribeToken: text('unsubscribe_token')
    .notNull()
    .unique('notification_settings_token_key')
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;

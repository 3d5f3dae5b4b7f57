import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { users } from './users';

/** What happened for a user, shown behind the header's bell (docs/decisions/014). */
export const notifications = pg.pgTable(
  'notifications',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    type: pg.text('type').notNull(),
    title: pg.text('title').notNull(),
    body: pg.text('body').notNull(),
    /** An in-app path such as /offer/{id}. */
    link: pg.text('link'),
    readAt: pg.timestamp('read_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's unread count reads only unread rows.
    pg
      .index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * A user's mail choices: the event types mailed are all but `emailOff`. The unsubscribe token
 * goes into every notification mail, so one click turns a type off without logging in.
 */
export const notificationSettings = pg.pgTable('notification_settings', {
  userId: pg
    .uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailOff: pg
    .text('email_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  unsubscribeToken: pg
    .text('unsubscribe_token')
    .notNull()
    .unique('notification_settings_token_key')
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;

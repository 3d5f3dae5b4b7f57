import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { reviews } from './reviews';
import { threadMessages } from './threads';
import { users } from './users';

export const ADMIN_ACTION_KINDS = [
  'user_banned',
  'user_unbanned',
  'review_approved',
  'review_rejected',
  'review_flagged',
  'thread_report_dismissed',
  'thread_message_removed',
] as const;

/**
 * The admins' audit list (docs/decisions/032): bans and unbans with their reason, every
 * review decision and every settled thread report (docs/decisions/050), with who and when. Kept when the actor or the target goes (set null).
 */
export const adminActions = pg.pgTable(
  'admin_actions',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    actorUserId: pg.uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: pg.text('action').notNull(),
    targetUserId: pg.uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetReviewId: pg.uuid('target_review_id').references(() => reviews.id, {
      onDelete: 'set null',
    }),
    /** A reported thread message an admin settled (docs/decisions/050-deal-threads.md). */
    targetThreadMessageId: pg
      .uuid('target_thread_message_id')
      .references(() => threadMessages.id, { onDelete: 'set null' }),
    reason: pg.text('reason'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('admin_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    pg
      .index('admin_actions_target_user_idx')
      .on(t.targetUserId, t.createdAt.desc())
      .where(sql`${t.targetUserId} IS NOT NULL`),
    // The set-null of a deleted review or account finds its rows through these.
    pg
      .index('admin_actions_target_review_idx')
      .on(t.targetReviewId)
      .where(sql`${t.targetReviewId} IS NOT NULL`),
    // The transparency report's review decisions per month (docs/decisions/054).
    pg
      .index('admin_actions_review_decision_idx')
      .on(t.createdAt)
      .where(sql`${t.targetReviewId} IS NOT NULL`),
    pg
      .index('admin_actions_target_thread_message_idx')
      .on(t.targetThreadMessageId)
      .where(sql`${t.targetThreadMessageId} IS NOT NULL`),
    pg
      .index('admin_actions_actor_idx')
      .on(t.actorUserId)
      .where(sql`${t.actorUserId} IS NOT NULL`),
    pg.check(
      'admin_actions_action_check',
      sql`${t.action} in ('user_banned', 'user_unbanned', 'review_approved', 'review_rejected', 'review_flagged', 'thread_report_dismissed', 'thread_message_removed')`,
    ),
  ],
);

export type AdminActionRow = typeof adminActions.$inferSelect;
export type AdminActionKind = (typeof ADMIN_ACTION_KINDS)[number];

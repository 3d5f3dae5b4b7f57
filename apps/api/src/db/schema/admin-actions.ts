import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { reviews } from './reviews';
import { users } from './users';

export const ADMIN_ACTION_KINDS = [
  'user_banned',
  'user_unbanned',
  'review_approved',
  'review_rejected',
  'review_flagged',
] as const;

/**
 * The admins' audit list (docs/decisions/032): bans and unbans with their reason, and
 * every review decision, with who and when. Kept when the actor or the target goes (set null).
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetReviewId: uuid('target_review_id').references(() => reviews.id, {
      onDelete: 'set null',
    }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_actions_target_user_idx')
      .on(t.targetUserId, t.createdAt.desc())
      .where(sql`${t.targetUserId} IS NOT NULL`),
    // The set-null of a deleted review or account finds its rows through these.
    index('admin_actions_target_review_idx')
      .on(t.targetReviewId)
      .where(sql`${t.targetReviewId} IS NOT NULL`),
    index('admin_actions_actor_idx')
      .on(t.actorUserId)
      .where(sql`${t.actorUserId} IS NOT NULL`),
    check(
      'admin_actions_action_check',
      sql`${t.action} in ('user_banned', 'user_unbanned', 'review_approved', 'review_rejected', 'review_flagged')`,
    ),
  ],
);

export type AdminActionRow = typeof adminActions.$inferSelect;
export type AdminActionKind = (typeof ADMIN_ACTION_KINDS)[number];

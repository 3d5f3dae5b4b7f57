import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { entities } from './entities';
import { offerApplications } from './offer-applications';
import { users } from './users';

/**
 * An invitation to review a company (docs/decisions/057-review-invitations.md): sent by one of its
 * members to a partner's address, or a link tied to one of its applications (the applicant's
 * members may use it). Single use (used_at, review_id), expires; only the token's hash is kept.
 */
export const reviewInvitations = pg.pgTable(
  'review_invitations',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    entityId: belongsTo('entity_id', () => entities.id),
    createdByUserId: pg
      .uuid('created_by_user_id')
      .references(() => users.id, { onDelete: 'set null' }),
    /** The invited address, lower-cased; null for an application's link. */
    email: pg.text('email'),
    applicationId: pg
      .uuid('application_id')
      .references(() => offerApplications.id, { onDelete: 'cascade' }),
    tokenHash: pg.text('token_hash').notNull(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    reviewId: pg.uuid('review_id'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('review_invitations_token_key').on(t.tokenHash),
    pg.index('review_invitations_entity_created_idx').on(t.entityId, t.createdAt.desc()),
    pg.check(
      'review_invitations_target_check',
      sql`${t.email} IS NOT NULL OR ${t.applicationId} IS NOT NULL`,
    ),
  ],
);
export type ReviewInvitationRow = typeof reviewInvitations.$inferSelect;

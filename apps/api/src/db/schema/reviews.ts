import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { entities } from './entities';
import { users } from './users';

const ratingCheck = (name: string, column: unknown) =>
  pg.check(name, sql`${column} BETWEEN 1 AND 5`);

/** A review of an entity (docs/product/data.md Review). Moderation state and vote/reply counters live here. */
export const reviews = pg.pgTable(
  'reviews',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    entityId: belongsTo('entity_id', () => entities.id),
    reviewerUserId: belongsTo('reviewer_user_id', () => users.id),
    /** The reviewer's role when the review was written (shown as "reviewer type"). */
    reviewerType: pg.text('reviewer_type').notNull(),
    title: pg.text('title').notNull(),
    reviewText: pg.text('review_text').notNull(),
    /** md5 of the normalised text: repeated identical text is spam. */
    textHash: pg.text('text_hash').notNull(),
    overallRating: pg.smallint('overall_rating').notNull(),
    ratingQuality: pg.smallint('rating_quality').notNull(),
    ratingSupport: pg.smallint('rating_support').notNull(),
    ratingReliability: pg.smallint('rating_reliability').notNull(),
    ratingPaymentSpeed: pg.smallint('rating_payment_speed').notNull(),
    tags: pg
      .text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isAnonymous: pg.boolean('is_anonymous').notNull().default(false),
    status: pg.text('status').notNull().default('pending'),
    adminNotes: pg.text('admin_notes'),
    /** Kept exact by recounting review_votes under the review's row lock. */
    helpfulVotes: pg.integer('helpful_votes').notNull().default(0),
    unhelpfulVotes: pg.integer('unhelpful_votes').notNull().default(0),
    /** Public replies (responses and clarifications). */
    replyCount: pg.integer('reply_count').notNull().default(0),
    hasOwnerReply: pg.boolean('has_owner_reply').notNull().default(false),
    /** The entity disputes the review; admins look at it while it stays online. */
    disputeOpen: pg.boolean('dispute_open').notNull().default(false),
    /** When it was last approved: the public lists' order. */
    publishedAt: pg.timestamp('published_at', { withTimezone: true }),
    moderatedAt: pg.timestamp('moderated_at', { withTimezone: true }),
    moderatedByUserId: pg.uuid('moderated_by_user_id'),
    /** Why the swarm guard held it for moderation: 'new_account' or 'burst' (admins' badge). */
    holdReason: pg.text('hold_reason'),
    /** When an admin last decided a dispute: the owner cannot dispute again for 30 days. */
    disputeDecidedAt: pg.timestamp('dispute_decided_at', { withTimezone: true }),
    /** Payment proof files stored with the review (review_proofs), and an admin's check of them. */
    proofCount: pg.smallint('proof_count').notNull().default(0),
    proofVerifiedAt: pg.timestamp('proof_verified_at', { withTimezone: true }),
    proofVerifiedByUserId: pg.uuid('proof_verified_by_user_id'),
    /** Wilson lower bound of helpful vs unhelpful votes ('Most helpful'), kept with the counts. */
    helpfulScore: pg.real('helpful_score').notNull().default(0),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The entity's public list sorted 'Most helpful' and 'Rating'.
    pg
      .index('reviews_entity_helpful_idx')
      .on(t.entityId, t.helpfulScore.desc(), t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    pg
      .index('reviews_entity_rating_idx')
      .on(t.entityId, t.overallRating.desc(), t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // The star filter sorted 'Most helpful' (the other sorts read reviews_entity_rating_idx).
    pg
      .index('reviews_entity_stars_helpful_idx')
      .on(t.entityId, t.overallRating, t.helpfulScore.desc(), t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Responsiveness: the entity's published negative reviews of the last 12 months.
    pg
      .index('reviews_entity_negative_idx')
      .on(t.entityId, t.publishedAt.desc())
      .where(sql`${t.status} = 'approved' AND ${t.overallRating} <= 2`),
    // Public list of an entity and the recent list: approved, newest published first. Migration
    // 0035 adds INCLUDE (the ratings, created_at, reviewer_user_id; drizzle cannot declare it):
    // the TrustScore recompute reads it index-only.
    pg
      .index('reviews_entity_published_idx')
      .on(t.entityId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    pg
      .index('reviews_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Entity dashboard per status, statistics and the reputation recompute.
    pg.index('reviews_entity_status_idx').on(t.entityId, t.status, t.createdAt.desc()),
    // Moderation queue per status.
    pg.index('reviews_status_created_idx').on(t.status, t.createdAt),
    pg
      .index('reviews_dispute_open_idx')
      .on(t.createdAt)
      .where(sql`${t.disputeOpen}`),
    // My reviews, and the one-review-per-entity-per-12-months rule.
    pg.index('reviews_reviewer_created_idx').on(t.reviewerUserId, t.createdAt.desc()),
    // Held reviews of one reviewer: a ban's holds, and whose votes wait (docs/decisions/023).
    pg
      .index('reviews_reviewer_held_idx')
      .on(t.reviewerUserId)
      .where(sql`${t.holdReason} is not null`),
    pg.index('reviews_reviewer_entity_idx').on(t.reviewerUserId, t.entityId, t.createdAt.desc()),
    pg.index('reviews_text_hash_idx').on(t.textHash),
    // Review Moderation's filter by hold reason and the panel's held counts (docs/decisions/032).
    pg
      .index('reviews_hold_status_created_idx')
      .on(t.holdReason, t.status, t.createdAt)
      .where(sql`${t.holdReason} IS NOT NULL`),
    pg.check(
      'reviews_status_check',
      sql`${t.status} in ('approved', 'pending', 'rejected', 'flagged')`,
    ),
    pg.check(
      'reviews_reviewer_type_check',
      sql`${t.reviewerType} in ('user', 'advertiser', 'affiliate', 'network', 'admin')`,
    ),
    ratingCheck('reviews_overall_rating_check', t.overallRating),
    ratingCheck('reviews_rating_quality_check', t.ratingQuality),
    ratingCheck('reviews_rating_support_check', t.ratingSupport),
    ratingCheck('reviews_rating_reliability_check', t.ratingReliability),
    ratingCheck('reviews_rating_payment_speed_check', t.ratingPaymentSpeed),
    pg.check(
      'reviews_counts_check',
      sql`${t.helpfulVotes} >= 0 AND ${t.unhelpfulVotes} >= 0 AND ${t.replyCount} >= 0`,
    ),
  ],
);

/** A reply by the reviewed entity: a public response or clarification, or a dispute for admins. */
export const reviewReplies = pg.pgTable(
  'review_replies',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    reviewId: belongsTo('review_id', () => reviews.id),
    /** The entity that replied (the reviewed one). */
    entityId: pg.uuid('entity_id').notNull(),
    authorUserId: pg.uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    replyType: pg.text('reply_type').notNull(),
    replyText: pg.text('reply_text').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('review_replies_review_idx').on(t.reviewId, t.createdAt),
    // One public owner reply per review, whatever races.
    pg
      .uniqueIndex('review_replies_one_owner_reply_key')
      .on(t.reviewId)
      .where(sql`${t.replyType} in ('response', 'clarification')`),
    pg.check(
      'review_replies_type_check',
      sql`${t.replyType} in ('response', 'clarification', 'dispute')`,
    ),
  ],
);

/** One vote per user per review; a new vote replaces the old one. */
export const reviewVotes = pg.pgTable(
  'review_votes',
  {
    reviewId: belongsTo('review_id', () => reviews.id),
    userId: belongsTo('user_id', () => users.id),
    voteType: pg.text('vote_type').notNull(),
    /**
     * Votes of accounts younger than a day are kept but count only from this moment on (the
     * account's first day over); the trust worker counts them in then.
     */
    countsFrom: pg.timestamp('counts_from', { withTimezone: true }).notNull().defaultNow(),
    counted: pg.boolean('counted').notNull().default(true),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.reviewId, t.userId] }),
    // The daily vote limit per account.
    pg.index('review_votes_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    // Votes waiting for their account's first day to pass.
    pg
      .index('review_votes_waiting_idx')
      .on(t.countsFrom)
      .where(sql`NOT ${t.counted}`),
    // "My vote" on a page of reviews.
    pg.index('review_votes_user_idx').on(t.userId, t.reviewId),
    pg.check('review_votes_type_check', sql`${t.voteType} in ('helpful', 'unhelpful')`),
  ],
);

/** A signed-in user's report of a published review (docs/decisions/027): one per user and review. */
export const reviewReports = pg.pgTable(
  'review_reports',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    reviewId: belongsTo('review_id', () => reviews.id),
    reporterUserId: belongsTo('reporter_user_id', () => users.id),
    reason: pg.text('reason').notNull(),
    details: pg.text('details'),
    /** Set when a moderator decides on the review: the report leaves the admins' list. */
    resolvedAt: pg.timestamp('resolved_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('review_reports_one_per_user_key').on(t.reviewId, t.reporterUserId),
    // The admins' list of open reports, oldest first.
    pg
      .index('review_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
    // The per-account report limit.
    pg.index('review_reports_reporter_created_idx').on(t.reporterUserId, t.createdAt.desc()),
    pg.check(
      'review_reports_reason_check',
      sql`${t.reason} in ('fake', 'offensive', 'personal_info', 'conflict_of_interest', 'other')`,
    ),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewReportRow = typeof reviewReports.$inferSelect;
export type ReviewReplyRow = typeof reviewReplies.$inferSelect;

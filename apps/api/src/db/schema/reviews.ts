import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './users';

const ratingCheck = (name: string, column: unknown) => check(name, sql`${column} BETWEEN 1 AND 5`);

/** A review of an entity (docs/product/data.md Review). Moderation state and vote/reply counters live here. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    reviewerUserId: uuid('reviewer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The reviewer's role when the review was written (shown as "reviewer type"). */
    reviewerType: text('reviewer_type').notNull(),
    title: text('title').notNull(),
    reviewText: text('review_text').notNull(),
    /** md5 of the normalised text: repeated identical text is spam. */
    textHash: text('text_hash').notNull(),
    overallRating: smallint('overall_rating').notNull(),
    ratingQuality: smallint('rating_quality').notNull(),
    ratingSupport: smallint('rating_support').notNull(),
    ratingReliability: smallint('rating_reliability').notNull(),
    ratingPaymentSpeed: smallint('rating_payment_speed').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    status: text('status').notNull().default('pending'),
    adminNotes: text('admin_notes'),
    /** Kept exact by recounting review_votes under the review's row lock. */
    helpfulVotes: integer('helpful_votes').notNull().default(0),
    unhelpfulVotes: integer('unhelpful_votes').notNull().default(0),
    /** Public replies (responses and clarifications). */
    replyCount: integer('reply_count').notNull().default(0),
    hasOwnerReply: boolean('has_owner_reply').notNull().default(false),
    /** The entity disputes the review; admins look at it while it stays online. */
    disputeOpen: boolean('dispute_open').notNull().default(false),
    /** When it was last approved: the public lists' order. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedByUserId: uuid('moderated_by_user_id'),
    /** Why the swarm guard held it for moderation: 'new_account' or 'burst' (admins' badge). */
    holdReason: text('hold_reason'),
    /** When an admin last decided a dispute: the owner cannot dispute again for 30 days. */
    disputeDecidedAt: timestamp('dispute_decided_at', { withTimezone: true }),
    /** Payment proof files stored with the review (review_proofs), and an admin's check of them. */
    proofCount: smallint('proof_count').notNull().default(0),
    proofVerifiedAt: timestamp('proof_verified_at', { withTimezone: true }),
    proofVerifiedByUserId: uuid('proof_verified_by_user_id'),
    /** Wilson lower bound of helpful vs unhelpful votes ('Most helpful'), kept with the counts. */
    helpfulScore: real('helpful_score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The entity's public list sorted 'Most helpful' and 'Rating'.
    index('reviews_entity_helpful_idx')
      .on(t.entityId, t.helpfulScore.desc(), t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index('reviews_entity_rating_idx')
      .on(t.entityId, t.overallRating.desc(), t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // The star filter sorted 'Most helpful' (the other sorts read reviews_entity_rating_idx).
    index('reviews_entity_stars_helpful_idx')
      .on(t.entityId, t.overallRating, t.helpfulScore.desc(), t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Responsiveness: the entity's published negative reviews of the last 12 months.
    index('reviews_entity_negative_idx')
      .on(t.entityId, t.publishedAt.desc())
      .where(sql`${t.status} = 'approved' AND ${t.overallRating} <= 2`),
    // Public list of an entity and the recent list: approved, newest published first. Migration
    // 0035 adds INCLUDE (the ratings, created_at, reviewer_user_id; drizzle cannot declare it):
    // the TrustScore recompute reads it index-only.
    index('reviews_entity_published_idx')
      .on(t.entityId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    index('reviews_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved'`),
    // Entity dashboard per status, statistics and the reputation recompute.
    index('reviews_entity_status_idx').on(t.entityId, t.status, t.createdAt.desc()),
    // Moderation queue per status.
    index('reviews_status_created_idx').on(t.status, t.createdAt),
    index('reviews_dispute_open_idx')
      .on(t.createdAt)
      .where(sql`${t.disputeOpen}`),
    // My reviews, and the one-review-per-entity-per-12-months rule.
    index('reviews_reviewer_created_idx').on(t.reviewerUserId, t.createdAt.desc()),
    // Held reviews of one reviewer: a ban's holds, and whose votes wait (docs/decisions/023).
    index('reviews_reviewer_held_idx')
      .on(t.reviewerUserId)
      .where(sql`${t.holdReason} is not null`),
    index('reviews_reviewer_entity_idx').on(t.reviewerUserId, t.entityId, t.createdAt.desc()),
    index('reviews_text_hash_idx').on(t.textHash),
    // Review Moderation's filter by hold reason and the panel's held counts (docs/decisions/032).
    index('reviews_hold_status_created_idx')
      .on(t.holdReason, t.status, t.createdAt)
      .where(sql`${t.holdReason} IS NOT NULL`),
    check(
      'reviews_status_check',
      sql`${t.status} in ('approved', 'pending', 'rejected', 'flagged')`,
    ),
    check(
      'reviews_reviewer_type_check',
      sql`${t.reviewerType} in ('user', 'advertiser', 'affiliate', 'network', 'admin')`,
    ),
    ratingCheck('reviews_overall_rating_check', t.overallRating),
    ratingCheck('reviews_rating_quality_check', t.ratingQuality),
    ratingCheck('reviews_rating_support_check', t.ratingSupport),
    ratingCheck('reviews_rating_reliability_check', t.ratingReliability),
    ratingCheck('reviews_rating_payment_speed_check', t.ratingPaymentSpeed),
    check(
      'reviews_counts_check',
      sql`${t.helpfulVotes} >= 0 AND ${t.unhelpfulVotes} >= 0 AND ${t.replyCount} >= 0`,
    ),
  ],
);

/** A reply by the reviewed entity: a public response or clarification, or a dispute for admins. */
export const reviewReplies = pgTable(
  'review_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    /** The entity that replied (the reviewed one). */
    entityId: uuid('entity_id').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    replyType: text('reply_type').notNull(),
    replyText: text('reply_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_replies_review_idx').on(t.reviewId, t.createdAt),
    // One public owner reply per review, whatever races.
    uniqueIndex('review_replies_one_owner_reply_key')
      .on(t.reviewId)
      .where(sql`${t.replyType} in ('response', 'clarification')`),
    check(
      'review_replies_type_check',
      sql`${t.replyType} in ('response', 'clarification', 'dispute')`,
    ),
  ],
);

/** One vote per user per review; a new vote replaces the old one. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voteType: text('vote_type').notNull(),
    /**
     * Votes of accounts younger than a day are kept but count only from this moment on (the
     * account's first day over); the trust worker counts them in then.
     */
    countsFrom: timestamp('counts_from', { withTimezone: true }).notNull().defaultNow(),
    counted: boolean('counted').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    // The daily vote limit per account.
    index('review_votes_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    // Votes waiting for their account's first day to pass.
    index('review_votes_waiting_idx')
      .on(t.countsFrom)
      .where(sql`NOT ${t.counted}`),
    // "My vote" on a page of reviews.
    index('review_votes_user_idx').on(t.userId, t.reviewId),
    check('review_votes_type_check', sql`${t.voteType} in ('helpful', 'unhelpful')`),
  ],
);

/** A signed-in user's report of a published review (docs/decisions/027): one per user and review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details'),
    /** Set when a moderator decides on the review: the report leaves the admins' list. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_reports_one_per_user_key').on(t.reviewId, t.reporterUserId),
    // The admins' list of open reports, oldest first.
    index('review_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
    // The per-account report limit.
    index('review_reports_reporter_created_idx').on(t.reporterUserId, t.createdAt.desc()),
    check(
      'review_reports_reason_check',
      sql`${t.reason} in ('fake', 'offensive', 'personal_info', 'conflict_of_interest', 'other')`,
    ),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewReportRow = typeof reviewReports.$inferSelect;
export type ReviewReplyRow = typeof reviewReplies.$inferSelect;

import { z } from 'zod';
import { ENTITY_TYPES, REVIEW_STATUSES, ROLES, VOTE_TYPES, REPLY_TYPES } from '../constants';
import { REVIEW_LABELS } from '../review-labels';
import { HOLD_REASONS, PROOF_CONTENT_TYPES, REPORT_REASONS } from './constants';

// What the reviews' routes answer.

export const bulkModerateResponseSchema = z.object({
  message: z.string(),
  decided: z.number().int(),
});
export type BulkModerateResponse = z.infer<typeof bulkModerateResponseSchema>;

export const proofSchema = z.object({
  proof_id: z.string(),
  file_name: z.string(),
  content_type: z.enum(PROOF_CONTENT_TYPES),
  size_bytes: z.number().int(),
});
export type Proof = z.infer<typeof proofSchema>;
/** The proof's bytes, with its own content type (not JSON). */
export const proofFileResponseSchema = z.any().describe('The file');

/**
 * A review as read (docs/product/data.md Review (read)). The reviewer fields are present only where the viewer
 * may see them: for admins always; for everyone else never on an anonymous review, and the email
 * and id only for admins and the reviewer. `my_vote` and `is_own_review` come with a logged-in
 * viewer; `is_disputed`/`dispute_text` with the entity's users and admins; `admin_notes` with admins.
 */
export const reviewSchema = z.object({
  review_id: z.string(),
  entity_id: z.string(),
  entity_slug: z.string(),
  entity_name: z.string(),
  entity_type: z.enum(ENTITY_TYPES),
  title: z.string(),
  review_text: z.string(),
  overall_rating: z.number().int(),
  category_ratings: z.object({
    quality: z.number().int(),
    support: z.number().int(),
    reliability: z.number().int(),
    payment_speed: z.number().int(),
  }),
  tags: z.array(z.string()),
  is_anonymous: z.boolean(),
  review_status: z.enum(REVIEW_STATUSES),
  helpful_votes: z.number().int(),
  unhelpful_votes: z.number().int(),
  reply_count: z.number().int(),
  has_owner_reply: z.boolean(),
  created_at: z.string(),
  published_at: z.string().nullable(),
  reviewer_id: z.string().optional(),
  reviewer_name: z.string().optional(),
  /**
   * The author's reviewer page (/reviewer/{slug}, docs/decisions/054): only on a review that is
   * not anonymous, by an author who has not hidden their page.
   */
  reviewer_slug: z.string().optional(),
  reviewer_email: z.string().optional(),
  reviewer_type: z.enum(ROLES).optional(),
  admin_notes: z.string().nullable().optional(),
  is_disputed: z.boolean().optional(),
  dispute_text: z.string().nullable().optional(),
  my_vote: z.enum(VOTE_TYPES).nullable().optional(),
  is_own_review: z.boolean().optional(),
  /** Public labels (docs/decisions/012); never reveal who wrote an anonymous review. */
  labels: z.array(z.enum(REVIEW_LABELS)),
  /** Admins: why the swarm guard held it. */
  hold_reason: z.enum(HOLD_REASONS).nullable().optional(),
  /** Admins and the author: the payment proof files (download links are theirs only). */
  proofs: z.array(proofSchema).optional(),
  /** Admins and the author: whether an admin verified the payment proof. */
  proof_verified: z.boolean().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** docs/product/data.md Review pagination. */
export const reviewPaginationSchema = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_reviews: z.number().int(),
});
export type ReviewPagination = z.infer<typeof reviewPaginationSchema>;

export const replySchema = z.object({
  reply_id: z.string(),
  review_id: z.string(),
  reply_type: z.enum(REPLY_TYPES),
  reply_text: z.string(),
  /** The reviewed company, which replies (never a person's name). */
  author_name: z.string(),
  created_at: z.string(),
});
export type Reply = z.infer<typeof replySchema>;

/** docs/product/data.md Review statistics. */
export const reviewStatisticsSchema = z.object({
  avg_rating: z.number(),
  total_reviews: z.number().int(),
  pending_reviews: z.number().int(),
});
export type ReviewStatistics = z.infer<typeof reviewStatisticsSchema>;

/** The reviewed entity in brief, so a list can head itself without a second request. */
export const reviewedEntitySchema = z.object({
  entity_id: z.string(),
  name: z.string(),
  entity_type: z.enum(ENTITY_TYPES),
  reputation_score: z.number(),
  total_reviews: z.number().int(),
  /** Of the published reviews, those that answered an invitation of the company (decision 057). */
  invited_reviews: z.number().int(),
  /** Published reviews by stars: [1★, 2★, 3★, 4★, 5★] (docs/decisions/027). */
  rating_counts: z.array(z.number().int()).length(5),
});
export type ReviewedEntity = z.infer<typeof reviewedEntitySchema>;

/** GET /reviews/{id}: one published review (its own address, docs/decisions/027). */
export const reviewResponseSchema = z.object({ review: reviewSchema });
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;
export const reportResponseSchema = z.object({ message: z.string() });
export const reviewReportSchema = z.object({
  report_id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  created_at: z.string(),
  reporter_name: z.string(),
  reporter_email: z.string(),
  review: reviewSchema,
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;
export const reportsResponseSchema = z.object({
  reports: z.array(reviewReportSchema),
  has_more: z.boolean(),
});
export type ReportsResponse = z.infer<typeof reportsResponseSchema>;

export const entityReviewsResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  pagination: reviewPaginationSchema,
  entity: reviewedEntitySchema,
});
export type EntityReviewsResponse = z.infer<typeof entityReviewsResponseSchema>;

export const recentReviewsResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  has_more: z.boolean(),
});
export type RecentReviewsResponse = z.infer<typeof recentReviewsResponseSchema>;

export const reviewsResponseSchema = z.object({ reviews: z.array(reviewSchema) });
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

export const moderationResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  has_more: z.boolean(),
});
export type ModerationResponse = z.infer<typeof moderationResponseSchema>;

export const dashboardResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  statistics: reviewStatisticsSchema,
  pagination: reviewPaginationSchema,
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

export const repliesResponseSchema = z.object({ replies: z.array(replySchema) });
export type RepliesResponse = z.infer<typeof repliesResponseSchema>;

export const reviewWithMessageSchema = z.object({ message: z.string(), review: reviewSchema });
export type ReviewWithMessage = z.infer<typeof reviewWithMessageSchema>;

export const replyWithMessageSchema = z.object({ message: z.string(), reply: replySchema });
export type ReplyWithMessage = z.infer<typeof replyWithMessageSchema>;

export const voteResponseSchema = z.object({
  message: z.string(),
  helpful_votes: z.number().int(),
  unhelpful_votes: z.number().int(),
  my_vote: z.enum(VOTE_TYPES),
});
export type VoteResponse = z.infer<typeof voteResponseSchema>;
/** GET /reviews/entity/{id}/trust: the TrustScore with its sub-scores and responsiveness. */
export const trustSummarySchema = z.object({
  entity_id: z.string(),
  /** 0 when there is no published review ('N/A'). */
  reputation_score: z.number(),
  total_reviews: z.number().int(),
  sub_scores: z.object({
    quality: z.number(),
    support: z.number(),
    reliability: z.number(),
    payment_speed: z.number(),
  }),
  responsiveness: z.object({
    /** Published reviews of ≤ 2 stars in the last 12 months. */
    negative_reviews: z.number().int(),
    replied: z.number().int(),
    /** replied / negative_reviews, null without negative reviews. */
    reply_rate: z.number().nullable(),
    /** Median hours from publication to the owner's first reply, null without replies. */
    median_first_reply_hours: z.number().nullable(),
  }),
});
export type TrustSummary = z.infer<typeof trustSummarySchema>;

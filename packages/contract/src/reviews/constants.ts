import type { CategoryRatingKey, REPLY_TYPES, REVIEW_STATUSES, VOTE_TYPES } from '../constants';

// The reviews' limits, kinds and labels.

export const REVIEW_LIMITS = {
  titleMax: 200,
  textMin: 10,
  textMax: 5000,
  entityNameMax: 200,
  tagsMax: 10,
  tagMax: 40,
  replyMax: 2000,
  adminNotesMax: 2000,
  entityPageMax: 50,
  myReviewsMax: 100,
  panelMax: 100,
  moderationMax: 100,
  recentDefault: 10,
  recentMax: 50,
  repliesMax: 50,
  /** A reviewer may review the same entity once in this many months. */
  repeatMonths: 12,
  /** The owner cannot dispute a review again for this many days after an admin decided. */
  disputeCooldownDays: 30,
  /** Payment proof files per review, and the size of each. */
  proofFilesMax: 3,
  proofFileMaxBytes: 2 * 1024 * 1024,
  proofFileNameMax: 200,
  /** Swarm guard: reviews of accounts younger than this (without identity) wait for an admin. */
  newAccountHours: 24,
  /** A burst: more than `burstReviews` reviews of one entity in 24 h from accounts younger than this. */
  burstAccountDays: 7,
  burstReviews: 5,
  /**
   * The reviews that accounts younger than `burstAccountDays` wrote in the last
   * `burstAccountDays` days, published without a moderator, may move an entity's TrustScore by at
   * most this much together; the review that would move it further waits as part of the burst.
   */
  burstScoreMove: 0.3,
} as const;

/** The file types a payment proof may be, recognised by their bytes. */
export const PROOF_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type ProofContentType = (typeof PROOF_CONTENT_TYPES)[number];
/**
 * Why a review is held (admins see it as a badge): the swarm guard's 'new_account' and 'burst',
 * or its author's ban ('banned', docs/decisions/023: lifting the ban publishes it again).
 */
export const HOLD_REASONS = ['new_account', 'burst', 'banned'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** Orders of an entity's public reviews. */
export const REVIEW_SORTS = ['recent', 'helpful', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  recent: 'Most recent',
  helpful: 'Most helpful',
  rating: 'Rating',
};
/** What 'Rating' means on the entity page (ours): the spec's label, with its direction said. */
export const REVIEW_SORT_HINTS: Record<ReviewSort, string> = {
  recent: 'Newest first',
  helpful: 'Most helpful votes first',
  rating: 'Highest rating first',
};

/** Why a signed-in user reports a published review (docs/decisions/027), with the labels the form shows. */
export const REPORT_REASONS = [
  'fake',
  'offensive',
  'personal_info',
  'conflict_of_interest',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fake: 'Fake or not based on a real experience',
  offensive: 'Offensive, hateful or threatening',
  personal_info: 'Shares personal information',
  conflict_of_interest: 'Written by a competitor or the company itself',
  other: 'Something else',
};
export const REPORT_LIMITS = { detailsMax: 1000, listDefault: 20, listMax: 100 } as const;

/** docs/product/constants.md labels of the category rating keys (quality, support, reliability, payment_speed). */
export const CATEGORY_LABELS: Record<CategoryRatingKey, string> = {
  quality: 'Quality',
  support: 'Support',
  reliability: 'Reliability',
  payment_speed: 'Payment Speed',
};

export const MODERATION_ACTIONS = ['approve', 'reject', 'flag'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The review status each moderation action leads to. */
export const MODERATION_RESULT = {
  approve: 'approved',
  reject: 'rejected',
  flag: 'flagged',
} as const satisfies Record<ModerationAction, (typeof REVIEW_STATUSES)[number]>;

export type ReplyType = (typeof REPLY_TYPES)[number];
export type VoteType = (typeof VOTE_TYPES)[number];

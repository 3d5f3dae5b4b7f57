import { REVIEW_LABELS } from './review-labels';
import { z } from 'zod';
import { idParamsSchema, pathIdSchema } from './params';
import {
  ENTITY_TYPES,
  PAGE_SIZES,
  RATING_MAX,
  RATING_MIN,
  REPLY_TYPES,
  REVIEW_STATUSES,
  ROLES,
  VOTE_TYPES,
  type CategoryRatingKey,
} from './constants';

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

/** Base64 of a file of at most proofFileMaxBytes (4 characters per 3 bytes). */
const PROOF_BASE64_MAX = Math.ceil(REVIEW_LIMITS.proofFileMaxBytes / 3) * 4;

/** The file types a payment proof may be, recognised by their bytes. */
export const PROOF_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type ProofContentType = (typeof PROOF_CONTENT_TYPES)[number];

// The public labels live in a module without zod, so the landing's first paint can show them.
export { REVIEW_LABEL_TEXT, REVIEW_LABELS, type ReviewLabel } from './review-labels';

/**
 * Why a review is held (admins see it as a badge): the swarm guard's 'new_account' and 'burst',
 * or its author's ban ('banned', issue 23: lifting the ban publishes it again).
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

/** Why a signed-in user reports a published review (issue 24), with the labels the form shows. */
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

/**
 * Texts of docs/product/validation.md and docs/product/errors.md for reviews, word for word, shared by the form and the API. Texts the
 * spec does not give are marked "(ours)".
 */
export const REVIEW_MESSAGES = {
  // docs/product/validation.md review form (client side; joined by commas).
  selectEntity: 'Please select an entity',
  enterEntityName: 'Please enter the entity name',
  enterTitle: 'Please enter a review title',
  provideOverall: 'Please provide an overall rating',
  writeReview: 'Please write a review',
  /** 'Please rate {category}' with the underscore shown as a space. */
  rateCategory: (key: CategoryRatingKey) => `Please rate ${key.replace(/_/g, ' ')}`,
  // docs/product/errors.md review submission.
  submitted: 'Review submitted successfully!',
  submitFailed: 'Failed to submit review',
  // docs/product/validation.md reply and vote; docs/product/errors.md review reply and vote.
  replyLogin: 'Please log in to reply',
  replyEmpty: 'Please enter a reply',
  replyFailed: 'Failed to submit reply. Please try again.',
  replySubmitted: 'Reply submitted successfully!',
  voteLogin: 'Please log in to vote on reviews',
  voteFailed: 'Failed to record vote. Please try again.',
  voteRecorded: 'Vote recorded successfully!',
  // docs/product/admin.md, docs/product/states.md, docs/product/errors.md moderation.
  moderateFailed: 'Failed to moderate review. Please try again.',
  anonymousNotice:
    'This review was submitted anonymously. Reviewer details are visible to admins only.',
  noStatusReviews: (status: string) => `No ${status} reviews found.`,
  // Server answers (ours).
  pendingApproval:
    'Review submitted successfully! It will be published once our team has verified the company.', // (ours)
  heldForModeration:
    'Thanks! Your review looks like spam (for example only links, or text that was already posted), so it is held for moderation and will not be published until an admin has checked it.', // (ours)
  notFound: 'Review not found', // (ours)
  entityNotFound: 'Entity not found', // (ours, as the entities API)
  entityClosed: 'This entity cannot be reviewed.', // (ours)
  ownEntity: 'You cannot review your own entity.', // (ours)
  alreadyReviewed:
    'You have already reviewed this entity in the last 12 months. You can review it again later.', // (ours)
  entityChoice: 'Choose an entity from the list or enter the name of a new one, not both.', // (ours)
  proofList: 'Proof attachments must be a list of files.', // (ours)
  proofTooMany: `Attach at most ${3} payment proof files.`, // (ours)
  proofTooLarge: (name: string) => `${name} is larger than 2 MB.`, // (ours)
  proofNotBase64: (name: string) => `${name} could not be read; please attach it again.`, // (ours)
  proofBadType: (name: string) =>
    `${name} is not a PNG, JPEG or PDF file (we check the file itself, not its name).`, // (ours)
  proofEmpty: (name: string) => `${name} is empty.`, // (ours)
  proofActivePdf: (name: string) =>
    `${name} contains scripts, embedded files or automatic actions, which a payment proof may not have. Please attach a plain PDF (print it to PDF again) or a screenshot.`, // (ours)
  proofUncheckablePdf: (name: string) =>
    `${name} could not be checked for scripts (parts of it are encrypted or packed in a way we cannot read). Please attach an unprotected PDF or a screenshot.`, // (ours)
  proofFileName: 'Each proof file needs a name of at most 200 characters.', // (ours)
  proofNotFound: 'Proof file not found', // (ours)
  proofForbidden: 'Only admins and the author of the review can download its payment proof.', // (ours)
  proofNone: 'This review has no payment proof to verify.', // (ours)
  proofVerified: 'Payment proof marked as verified.', // (ours)
  proofUnverified: 'Payment proof verification removed.', // (ours)
  heldNewAccount:
    'Thanks! Reviews from accounts younger than 24 hours are checked by our team before they are published. Verify your identity to publish at once.', // (ours)
  heldBurst:
    'Thanks! This company is receiving an unusual number of reviews from new accounts, so our team checks each one before it is published.', // (ours)
  holdNoteNewAccount:
    'Held for moderation: the account is younger than 24 hours and not identity-verified.', // (ours)
  holdNoteBurst:
    'Held for moderation (burst): more than 5 reviews of this entity in 24 hours from accounts younger than 7 days.', // (ours)
  holdNoteScoreMove:
    'Held for moderation (burst): with the other reviews of the last 7 days from accounts younger than 7 days, it would move the TrustScore by more than 0.3.', // (ours)
  reviewsPerDay: (n: number) =>
    `You can post at most ${n} ${n === 1 ? 'review' : 'reviews'} a day. Please try again tomorrow.`, // (ours)
  votesPerDay: (n: number) => `You can vote at most ${n} times a day. Please try again tomorrow.`, // (ours)
  disputeCooldown: (until: string) =>
    `An admin decided the last dispute of this review. You can dispute it again from ${until}.`, // (ours)
  ownReviewVote: 'You cannot vote on your own review.', // (ours)
  ownEntityVote: 'You cannot vote on reviews of your own entity.', // (ours)
  notPublished: 'Only published reviews can be voted on or replied to.', // (ours)
  notEntityUser: 'Only the reviewed company can reply to its reviews.', // (ours)
  alreadyReplied:
    'Your company has already replied to this review. You can still dispute it if it is unfair.', // (ours)
  alreadyDisputed: 'This review is already disputed and waiting for an admin.', // (ours)
  disputeSubmitted:
    'Dispute submitted. An admin will look at the review; it stays online meanwhile.', // (ours)
  notEntityDashboard: 'You can only see the reviews of your own entity.', // (ours)
  /** 'Review {action}d successfully!' (docs/product/states.md) with the proper past tense of each action. */
  moderated: (action: ModerationAction) => `Review ${MODERATION_PAST[action]} successfully!`,
  // Bulk moderation (issue 27, ours).
  bulkModerated: (action: ModerationAction, n: number) =>
    `${n} ${n === 1 ? 'review' : 'reviews'} ${MODERATION_PAST[action]}.`, // (ours)
  bulkUnknown: (n: number) =>
    `${n} of the selected reviews no longer exist; nothing was changed. Reload the list and try again.`, // (ours)
  // Reports (issue 24, ours).
  reportLogin: 'Please log in to report a review', // (ours)
  reportSent: 'Thanks. Your report was sent to our moderators.', // (ours)
  reportTwice: 'You have already reported this review; our moderators have it.', // (ours)
  reportOwn: 'You cannot report your own review.', // (ours)
  reportNotPublished: 'Only published reviews can be reported.', // (ours)
  reportsPerDay: (limit: number) =>
    `You can report at most ${limit} reviews a day. Please try again tomorrow.`, // (ours)
  reportReason: `Reason must be one of ${REPORT_REASONS.join(', ')}`, // (ours)
  dashboardFailed: (message?: string) =>
    `Failed to load your reviews: ${message || 'Unknown error'}`,
} as const;

export const MODERATION_ACTIONS = ['approve', 'reject', 'flag'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
const MODERATION_PAST: Record<ModerationAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  flag: 'flagged',
};
/** The review status each moderation action leads to. */
export const MODERATION_RESULT = {
  approve: 'approved',
  reject: 'rejected',
  flag: 'flagged',
} as const satisfies Record<ModerationAction, (typeof REVIEW_STATUSES)[number]>;

export type ReplyType = (typeof REPLY_TYPES)[number];
export type VoteType = (typeof VOTE_TYPES)[number];

const rating = (label: string) =>
  z
    .number({ error: `${label} must be a number from ${RATING_MIN} to ${RATING_MAX}` })
    .int(`${label} must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .min(RATING_MIN, `${label} must be from ${RATING_MIN} to ${RATING_MAX}`)
    .max(RATING_MAX, `${label} must be from ${RATING_MIN} to ${RATING_MAX}`);

export const categoryRatingsSchema = z.strictObject(
  {
    quality: rating('Quality rating'),
    support: rating('Support rating'),
    reliability: rating('Reliability rating'),
    payment_speed: rating('Payment speed rating'),
  },
  { error: 'Category ratings must rate quality, support, reliability and payment speed' },
);
export type CategoryRatings = z.infer<typeof categoryRatingsSchema>;

const tagsSchema = z
  .array(
    z
      .string({ error: 'Tags must be text' })
      .trim()
      .max(REVIEW_LIMITS.tagMax, `A tag may have at most ${REVIEW_LIMITS.tagMax} characters`),
    { error: 'Tags must be a list' },
  )
  .transform((tags) => {
    // Empty tags dropped, duplicates (ignoring case) kept once.
    const seen = new Set<string>();
    return tags.filter((t) => {
      const key = t.toLowerCase();
      if (!t || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(z.array(z.string()).max(REVIEW_LIMITS.tagsMax, `At most ${REVIEW_LIMITS.tagsMax} tags`))
  .default([]);

export const proofFileSchema = z.object(
  {
    file_name: z
      .string({ error: REVIEW_MESSAGES.proofFileName })
      .trim()
      .min(1, REVIEW_MESSAGES.proofFileName)
      .max(REVIEW_LIMITS.proofFileNameMax, REVIEW_MESSAGES.proofFileName),
    data_base64: z
      .string({ error: REVIEW_MESSAGES.proofList })
      .max(PROOF_BASE64_MAX, 'A payment proof file may be at most 2 MB.'),
  },
  { error: REVIEW_MESSAGES.proofList },
);
export type ProofFileInput = z.infer<typeof proofFileSchema>;

/** POST /reviews (docs/product/data.md Review (submitted)). */
export const reviewCreateSchema = z
  .object({
    entity_id: z.string().trim().min(1).max(100).optional(),
    entity_name: z
      .string({ error: 'Entity name must be text' })
      .trim()
      .max(
        REVIEW_LIMITS.entityNameMax,
        `Entity name must be at most ${REVIEW_LIMITS.entityNameMax} characters`,
      )
      .optional(),
    /** The type of a new entity (ours; the spec gives none): advertiser unless chosen. */
    entity_type: z
      .enum(ENTITY_TYPES, { error: `Entity type must be one of ${ENTITY_TYPES.join(', ')}` })
      .default('advertiser'),
    title: z
      .string({ error: REVIEW_MESSAGES.enterTitle })
      .trim()
      .min(1, REVIEW_MESSAGES.enterTitle)
      .max(
        REVIEW_LIMITS.titleMax,
        `The title must be at most ${REVIEW_LIMITS.titleMax} characters`,
      ),
    overall_rating: rating('Overall rating'),
    review_text: z
      .string({ error: REVIEW_MESSAGES.writeReview })
      .trim()
      .min(1, REVIEW_MESSAGES.writeReview)
      .min(REVIEW_LIMITS.textMin, `The review must be at least ${REVIEW_LIMITS.textMin} characters`)
      .max(REVIEW_LIMITS.textMax, `The review must be at most ${REVIEW_LIMITS.textMax} characters`),
    category_ratings: categoryRatingsSchema,
    tags: tagsSchema,
    is_anonymous: z.boolean({ error: 'is_anonymous must be true or false' }).default(false),
    /**
     * Payment proof files (docs/product/data.md proof_attachments), each as its name and its bytes in base64;
     * the server recognises PNG, JPEG and PDF by their bytes (docs/decisions/012-trustscore-and-swarm-guard.md).
     */
    proof_attachments: z
      .array(proofFileSchema, { error: REVIEW_MESSAGES.proofList })
      .max(REVIEW_LIMITS.proofFilesMax, REVIEW_MESSAGES.proofTooMany)
      .default([]),
  })
  .superRefine((v, ctx) => {
    const hasId = Boolean(v.entity_id);
    const hasName = Boolean(v.entity_name);
    if (hasId && hasName) {
      ctx.addIssue({
        code: 'custom',
        path: ['entity_name'],
        message: REVIEW_MESSAGES.entityChoice,
      });
    } else if (!hasId && v.entity_name !== undefined && !hasName) {
      ctx.addIssue({
        code: 'custom',
        path: ['entity_name'],
        message: REVIEW_MESSAGES.enterEntityName,
      });
    } else if (!hasId && !hasName) {
      ctx.addIssue({ code: 'custom', path: ['entity_id'], message: REVIEW_MESSAGES.selectEntity });
    }
  });
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>;
export type ReviewCreate = z.output<typeof reviewCreateSchema>;

export const replyCreateSchema = z.object({
  reply_text: z
    .string({ error: REVIEW_MESSAGES.replyEmpty })
    .trim()
    .min(1, REVIEW_MESSAGES.replyEmpty)
    .max(REVIEW_LIMITS.replyMax, `A reply may have at most ${REVIEW_LIMITS.replyMax} characters`),
  reply_type: z.enum(REPLY_TYPES, {
    error: `Reply type must be one of ${REPLY_TYPES.join(', ')}`,
  }),
});
export type ReplyCreate = z.output<typeof replyCreateSchema>;

export const voteSchema = z.object({
  vote_type: z.enum(VOTE_TYPES, { error: `Vote type must be one of ${VOTE_TYPES.join(', ')}` }),
});

export const moderateSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, {
    error: `Action must be one of ${MODERATION_ACTIONS.join(', ')}`,
  }),
  admin_notes: z
    .string({ error: 'Admin notes must be text' })
    .trim()
    .max(
      REVIEW_LIMITS.adminNotesMax,
      `Admin notes may have at most ${REVIEW_LIMITS.adminNotesMax} characters`,
    )
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ModerateInput = z.input<typeof moderateSchema>;

const limitParam = (def: number, max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(max, `limit must be at most ${max}`)
    .default(def);
const pageParam = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(10_000, 'page is too large')
  .default(1);
const statusParam = z.enum(REVIEW_STATUSES, {
  error: `status must be one of ${REVIEW_STATUSES.join(', ')}`,
});

export const entityReviewsQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(PAGE_SIZES.entityReviews, REVIEW_LIMITS.entityPageMax),
  sort: z
    .enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` })
    .default('recent'),
  /** Only reviews of this many stars (issue 24). */
  rating: z.coerce
    .number({ error: `rating must be a number from ${RATING_MIN} to ${RATING_MAX}` })
    .int(`rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .min(RATING_MIN, `rating must be from ${RATING_MIN} to ${RATING_MAX}`)
    .max(RATING_MAX, `rating must be from ${RATING_MIN} to ${RATING_MAX}`)
    .optional(),
});
export type EntityReviewsQuery = z.input<typeof entityReviewsQuerySchema>;
export const recentReviewsQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(REVIEW_LIMITS.recentDefault, REVIEW_LIMITS.recentMax),
});
export const myReviewsQuerySchema = z.object({
  limit: limitParam(PAGE_SIZES.myReviews, REVIEW_LIMITS.myReviewsMax),
});
export const dashboardQuerySchema = z.object({
  status: statusParam.default('approved'),
  page: pageParam,
  limit: limitParam(PAGE_SIZES.reviewPanel, REVIEW_LIMITS.panelMax),
});
export const moderationQuerySchema = z.object({
  status: statusParam.default('pending'),
  page: pageParam,
  limit: limitParam(PAGE_SIZES.moderation, REVIEW_LIMITS.moderationMax),
  /** Only the reviews the swarm guard or a ban held for this reason (issue 27). */
  hold_reason: z
    .enum(HOLD_REASONS, { error: `hold_reason must be one of ${HOLD_REASONS.join(', ')}` })
    .optional(),
});

/** Bulk decisions in Review Moderation (issue 27): at most this many reviews per call. */
export const BULK_MODERATION_MAX = 100;
export const BULK_MODERATION_ACTIONS = ['approve', 'reject'] as const;

export const bulkModerateSchema = z.object({
  review_ids: z
    .array(z.uuid('review_ids must be review ids'), { error: 'review_ids must be a list of ids' })
    .min(1, 'Select at least one review.')
    .max(BULK_MODERATION_MAX, `Select at most ${BULK_MODERATION_MAX} reviews at once.`)
    .refine((ids) => new Set(ids).size === ids.length, 'review_ids must not repeat an id'),
  action: z.enum(BULK_MODERATION_ACTIONS, {
    error: `Action must be one of ${BULK_MODERATION_ACTIONS.join(', ')}`,
  }),
  admin_notes: z
    .string({ error: 'Admin notes must be text' })
    .trim()
    .max(
      REVIEW_LIMITS.adminNotesMax,
      `Admin notes may have at most ${REVIEW_LIMITS.adminNotesMax} characters`,
    )
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type BulkModerateInput = z.input<typeof bulkModerateSchema>;

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

/** `GET /reviews/:id/proofs/:proofId`: one payment-proof file of a review. */
export const proofParamsSchema = idParamsSchema.extend({ proofId: pathIdSchema });
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
  reviewer_email: z.string().optional(),
  reviewer_type: z.enum(ROLES).optional(),
  admin_notes: z.string().nullable().optional(),
  is_disputed: z.boolean().optional(),
  dispute_text: z.string().nullable().optional(),
  my_vote: z.enum(VOTE_TYPES).nullable().optional(),
  is_own_review: z.boolean().optional(),
  /** Public labels (issue 14); never reveal who wrote an anonymous review. */
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
  /** Published reviews by stars: [1★, 2★, 3★, 4★, 5★] (issue 24). */
  rating_counts: z.array(z.number().int()).length(5),
});
export type ReviewedEntity = z.infer<typeof reviewedEntitySchema>;

/** GET /reviews/{id}: one published review (its own address, issue 24). */
export const reviewResponseSchema = z.object({ review: reviewSchema });
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

/** POST /reviews/{id}/report. */
export const reportCreateSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: REVIEW_MESSAGES.reportReason }),
  details: z
    .string({ error: 'Details must be text' })
    .trim()
    .max(
      REPORT_LIMITS.detailsMax,
      `Details may have at most ${REPORT_LIMITS.detailsMax} characters`,
    )
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReportCreateInput = z.input<typeof reportCreateSchema>;
export type ReportCreate = z.output<typeof reportCreateSchema>;
export const reportResponseSchema = z.object({ message: z.string() });

/** GET /reviews/admin/reports: open reports, oldest first, each with its review (admins). */
export const reportsQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(REPORT_LIMITS.listDefault, REPORT_LIMITS.listMax),
});
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

/** PUT /reviews/{id}/proof-verification (admin). */
export const proofVerificationSchema = z.object({
  verified: z.boolean({ error: 'verified must be true or false' }),
});

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

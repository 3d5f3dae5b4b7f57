import { z } from 'zod';
import { idParamsSchema, pathIdSchema } from '../params';
import {
  ENTITY_TYPES,
  PAGE_SIZES,
  RATING_MAX,
  RATING_MIN,
  REPLY_TYPES,
  REVIEW_STATUSES,
  VOTE_TYPES,
} from '../constants';
import {
  HOLD_REASONS,
  MODERATION_ACTIONS,
  REPORT_LIMITS,
  REPORT_REASONS,
  REVIEW_LIMITS,
  REVIEW_SORTS,
} from './constants';
import { REVIEW_MESSAGES } from './messages';

// What the reviews' routes take: bodies, queries and path parameters.

/** Base64 of a file of at most proofFileMaxBytes (4 characters per 3 bytes). */
const PROOF_BASE64_MAX = Math.ceil(REVIEW_LIMITS.proofFileMaxBytes / 3) * 4;
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
    /** An invitation's token, from its link (docs/decisions/057): the review is 'Invited'. */
    invitation: z.string().trim().min(1).max(200).optional(),
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
  /** Only reviews of this many stars (docs/decisions/027). */
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
  /** Only the reviews the swarm guard or a ban held for this reason (docs/decisions/032). */
  hold_reason: z
    .enum(HOLD_REASONS, { error: `hold_reason must be one of ${HOLD_REASONS.join(', ')}` })
    .optional(),
});

/** Bulk decisions in Review Moderation (docs/decisions/032): at most this many reviews per call. */
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

/** `GET /reviews/:id/proofs/:proofId`: one payment-proof file of a review. */
export const proofParamsSchema = idParamsSchema.extend({ proofId: pathIdSchema });

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

/** GET /reviews/admin/reports: open reports, oldest first, each with its review (admins). */
export const reportsQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(REPORT_LIMITS.listDefault, REPORT_LIMITS.listMax),
});

/** PUT /reviews/{id}/proof-verification (admin). */
export const proofVerificationSchema = z.object({
  verified: z.boolean({ error: 'verified must be true or false' }),
});

import { z } from 'zod';
import { reviewSchema } from './reviews/responses';

/**
 * Reviewer pages (docs/decisions/054-reviewer-profiles-and-transparency.md): /reviewer/{slug}
 * shows a person's published reviews that are not anonymous, their verification, member since
 * and the helpful votes those reviews received. Anonymous reviews never appear and are never
 * counted. A reviewer can hide their page (404 to everyone else).
 */

export const REVIEWER_PROFILE_LIMITS = {
  /** Published, non-anonymous reviews from which the page is indexed and in the sitemap. */
  indexMinReviews: 3,
  /** The page shows this many of the newest reviews (the count says how many there are). */
  reviewsMax: 50,
  /** A slug is 12 hex digits (migration 0054); anything else answers 404 without a read. */
  slugPattern: /^[0-9a-f]{12}$/,
} as const;

/** `/reviewers/:slug` */
export const reviewerSlugParamsSchema = z.object({ slug: z.string().min(1).max(100) });

export const reviewerProfileSchema = z.object({
  slug: z.string(),
  /** The person's name; never their e-mail or any part of it. */
  name: z.string(),
  identity_verified: z.boolean(),
  /** When the account was created (ISO). */
  member_since: z.string(),
  /** Published, non-anonymous reviews. */
  review_count: z.number().int(),
  /** Helpful votes on those reviews. */
  helpful_votes_received: z.number().int(),
  /** Search engines may index the page (review_count ≥ indexMinReviews, not hidden). */
  indexed: z.boolean(),
  /** The reviewer hid the page: only they see it (their own view). */
  hidden: z.boolean(),
  /** The newest of those reviews (up to reviewsMax), as the public sees them. */
  reviews: z.array(reviewSchema),
});
export type ReviewerProfile = z.infer<typeof reviewerProfileSchema>;

/** The signed-in reviewer's own page setting (their profile page). */
export const myReviewerProfileSchema = z.object({
  slug: z.string(),
  hidden: z.boolean(),
  review_count: z.number().int(),
  indexed: z.boolean(),
});
export type MyReviewerProfile = z.infer<typeof myReviewerProfileSchema>;

export const reviewerVisibilitySchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});
export type ReviewerVisibilityInput = z.infer<typeof reviewerVisibilitySchema>;

export const myReviewerProfileWithMessageSchema = myReviewerProfileSchema.extend({
  message: z.string(),
});

export const REVIEWER_MESSAGES = {
  notFound: 'Reviewer not found',
  hidden: 'Your reviewer page is hidden: only you can see it.',
  shown: 'Your reviewer page is public again.',
} as const;

/** What the API says of a reviewer (their page's name when they gave none). */
export const REVIEWER_TEXTS = {
  unnamed: 'TrustLinks member',
} as const;

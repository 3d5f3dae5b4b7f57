import {
  REVIEWER_MESSAGES,
  REVIEWER_PROFILE_LIMITS,
  type MyReviewerProfile,
  type ReviewerProfile,
} from '@trustlinks/contract/reviewers';
import type { AuthUser } from '../../auth/sessions.service';
import { notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { toReview } from '../reviews/reviews.presenter';
import {
  findOwnReviewerPage,
  findReviewerBySlug,
  listReviewerReviews,
  reviewerFigures,
  setReviewerPageHidden,
} from './reviewers.repository';
import { reviewerName } from './reviewers.presenter';

/** A page is indexed from this many shown reviews on, and never while hidden. */
const isIndexed = (reviews: number, hidden: boolean) =>
  !hidden && reviews >= REVIEWER_PROFILE_LIMITS.indexMinReviews;

/**
 * GET /reviewers/{slug} (docs/decisions/054): the page of an active account, unless hidden —
 * then only its owner (`viewer`) sees it; anyone else, like an unknown or banned account, 404.
 * Anonymous reviews are neither listed nor counted.
 */
export async function getReviewerProfile(
  deps: Deps,
  slug: string,
  viewer: AuthUser | null,
): Promise<ReviewerProfile> {
  if (!REVIEWER_PROFILE_LIMITS.slugPattern.test(slug)) throw notFound(REVIEWER_MESSAGES.notFound);
  const reviewer = await findReviewerBySlug(deps.db, slug);
  if (!reviewer || reviewer.status !== 'active') throw notFound(REVIEWER_MESSAGES.notFound);
  if (reviewer.hidden && viewer?.id !== reviewer.id) throw notFound(REVIEWER_MESSAGES.notFound);
  const [figures, rows] = await Promise.all([
    reviewerFigures(deps.db, reviewer.id),
    listReviewerReviews(deps.db, reviewer.id, REVIEWER_PROFILE_LIMITS.reviewsMax),
  ]);
  const name = reviewerName(reviewer.firstName, reviewer.lastName);
  return {
    slug: reviewer.slug,
    name,
    identity_verified: reviewer.identityVerified,
    member_since: reviewer.createdAt.toISOString(),
    review_count: figures.reviews,
    helpful_votes_received: figures.helpful,
    indexed: isIndexed(figures.reviews, reviewer.hidden),
    hidden: reviewer.hidden,
    // Named as the page names them (a review falls back to the e-mail's name: not here).
    reviews: rows.map((row) => ({ ...toReview(row, 'public'), reviewer_name: name })),
  };
}

/** GET /reviewers/me/settings: the signed-in reviewer's page and its setting. */
export async function getMyReviewerPage(deps: Deps, user: AuthUser): Promise<MyReviewerProfile> {
  const page = await findOwnReviewerPage(deps.db, user.id);
  if (!page) throw notFound(REVIEWER_MESSAGES.notFound);
  const figures = await reviewerFigures(deps.db, user.id);
  return {
    slug: page.slug,
    hidden: page.hidden,
    review_count: figures.reviews,
    indexed: isIndexed(figures.reviews, page.hidden),
  };
}

/**
 * PUT /reviewers/me/visibility: the reviewer hides or shows their own page. Only the signed-in
 * account's own page: there is no address naming another's.
 */
export async function setMyReviewerVisibility(
  deps: Deps,
  user: AuthUser,
  hidden: boolean,
): Promise<MyReviewerProfile & { message: string }> {
  await setReviewerPageHidden(deps.db, user.id, hidden);
  const page = await getMyReviewerPage(deps, user);
  return { ...page, message: hidden ? REVIEWER_MESSAGES.hidden : REVIEWER_MESSAGES.shown };
}

import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviews, users } from '../../db/schema';
import { newestFirst, withContext, type ReviewWithContext } from '../reviews/reviews.sql';
import { shownOnReviewerPage } from './reviewers.sql';

// Reviewer pages (docs/decisions/054-reviewer-profiles-and-transparency.md).

/** The account behind a reviewer page, by its slug. */
export async function findReviewerBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({
      id: users.id,
      slug: users.profileSlug,
      firstName: users.firstName,
      lastName: users.lastName,
      identityVerified: users.identityVerified,
      createdAt: users.createdAt,
      status: users.status,
      hidden: users.profileHidden,
    })
    .from(users)
    .where(eq(users.profileSlug, slug))
    .limit(1);
  return row;
}

export type ReviewerRow = NonNullable<Awaited<ReturnType<typeof findReviewerBySlug>>>;

/** How many reviews the page shows, and the helpful votes they received. */
export async function reviewerFigures(
  db: DbOrTx,
  reviewerId: string,
): Promise<{ reviews: number; helpful: number }> {
  const [row] = await db
    .select({
      reviews: sql<number>`count(*)::int`,
      helpful: sql<number>`coalesce(sum(${reviews.helpfulVotes}), 0)::int`,
    })
    .from(reviews)
    .where(shownOnReviewerPage(reviewerId));
  return { reviews: row?.reviews ?? 0, helpful: row?.helpful ?? 0 };
}

/** The newest `limit` of those reviews, with their context (reviews_reviewer_published_idx). */
export function listReviewerReviews(
  db: DbOrTx,
  reviewerId: string,
  limit: number,
): Promise<ReviewWithContext[]> {
  return withContext(db)
    .where(shownOnReviewerPage(reviewerId))
    .orderBy(newestFirst(reviews.publishedAt), desc(reviews.id))
    .limit(limit);
}

/** The signed-in account's page: its slug and setting. */
export async function findOwnReviewerPage(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ slug: users.profileSlug, hidden: users.profileHidden })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function setReviewerPageHidden(
  db: DbOrTx,
  userId: string,
  hidden: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ profileHidden: hidden, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

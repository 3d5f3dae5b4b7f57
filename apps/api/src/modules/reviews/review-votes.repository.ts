import { and, desc, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviews, reviewVotes, users } from '../../db/schema';
import { perHandle } from '../../lib/prepared';
import { wilsonLowerBound } from './trust/reputation';

// Helpful votes: a viewer's marks, the counts and the 'Most helpful' rank, votes that wait for
// their account's first day.

/** What one viewer has to do with one review: their vote, and whether they wrote it. */
export interface ViewerMark {
  vote: string | null;
  own: boolean;
  /** Of the viewer's own review: whether its payment proof was verified. */
  proofVerified: boolean;
}

/**
 * The viewer's marks on these reviews, in one read: their votes (review_votes' primary key) and
 * which of them they wrote. Reviews they neither voted on nor wrote are absent. Every signed-in
 * read of a review page asks this, on a kept page too (read-cache/http.ts sharedValue): a named
 * prepared statement per database handle (the same primary-key lookups whatever the ids), so
 * drizzle builds it once and PostgreSQL plans it once per connection (docs/decisions/016).
 */
export async function viewerMarksOf(
  db: DbOrTx,
  userId: string,
  reviewIds: string[],
): Promise<Map<string, ViewerMark>> {
  const map = new Map<string, ViewerMark>();
  if (reviewIds.length === 0) return map;
  const rows = await viewerMarks(db).execute({ userId, reviewIds });
  for (const r of rows) {
    map.set(r.reviewId, { vote: r.vote, own: r.own, proofVerified: r.own && r.proofVerified });
  }
  return map;
}

const viewerMarks = perHandle((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      reviewId: reviews.id,
      vote: reviewVotes.voteType,
      own: sql<boolean>`${reviews.reviewerUserId} = ${userId}::uuid`,
      proofVerified: sql<boolean>`${reviews.proofVerifiedAt} is not null`,
    })
    .from(reviews)
    .leftJoin(
      reviewVotes,
      and(eq(reviewVotes.reviewId, reviews.id), sql`${reviewVotes.userId} = ${userId}::uuid`),
    )
    .where(
      and(
        sql`${reviews.id} = any(${sql.placeholder('reviewIds')}::uuid[])`,
        or(sql`${reviews.reviewerUserId} = ${userId}::uuid`, isNotNull(reviewVotes.userId)),
      ),
    )
    .prepare('reviews_viewer_marks');
});

/**
 * Recounts a review's counted votes and its 'Most helpful' rank. The caller holds the review's
 * row lock (findReview forUpdate), so each recount starts after the previous vote committed and
 * counts stay exact under concurrent votes.
 */
export async function recountVotes(
  db: DbOrTx,
  reviewId: string,
): Promise<{ helpfulVotes: number; unhelpfulVotes: number }> {
  const [counts] = await db
    .select({
      helpfulVotes: sql<number>`count(*) FILTER (WHERE ${reviewVotes.voteType} = 'helpful')::int`,
      unhelpfulVotes: sql<number>`count(*) FILTER (WHERE ${reviewVotes.voteType} = 'unhelpful')::int`,
    })
    .from(reviewVotes)
    .innerJoin(users, eq(users.id, reviewVotes.userId))
    .where(
      and(
        eq(reviewVotes.reviewId, reviewId),
        eq(reviewVotes.counted, true),
        // Votes of banned accounts and of accounts a swarm check holds do not count (docs/decisions/023).
        eq(users.status, 'active'),
        sql`NOT EXISTS (SELECT 1 FROM ${reviews} h WHERE h.reviewer_user_id = ${reviewVotes.userId}
          AND h.hold_reason IN ('burst', 'new_account') AND h.status IN ('pending', 'rejected'))`,
      ),
    );
  const helpfulVotes = counts?.helpfulVotes ?? 0;
  const unhelpfulVotes = counts?.unhelpfulVotes ?? 0;
  await db
    .update(reviews)
    .set({
      helpfulVotes,
      unhelpfulVotes,
      helpfulScore: wilsonLowerBound(helpfulVotes, unhelpfulVotes),
    })
    .where(eq(reviews.id, reviewId));
  return { helpfulVotes, unhelpfulVotes };
}

/**
 * Records (or replaces) the user's vote and recounts the review's votes. A vote that waits for
 * its account's first day (`countsFrom` in the future) is stored but not counted yet.
 */
export async function upsertVoteAndRecount(
  db: DbOrTx,
  reviewId: string,
  userId: string,
  voteType: string,
  countsFrom: Date = new Date(),
): Promise<{ helpfulVotes: number; unhelpfulVotes: number }> {
  const counted = countsFrom.getTime() <= Date.now();
  await db
    .insert(reviewVotes)
    .values({ reviewId, userId, voteType, countsFrom, counted })
    .onConflictDoUpdate({
      target: [reviewVotes.reviewId, reviewVotes.userId],
      set: { voteType, updatedAt: sql`now()` },
    });
  return recountVotes(db, reviewId);
}

/** Votes of the user recorded or changed since `since` (the daily vote limit). */
export async function countVotesSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), gt(reviewVotes.updatedAt, since)));
  return row?.n ?? 0;
}

/** Reviews with votes whose account has come of age since they were cast. */
export async function reviewsWithMaturedVotes(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ reviewId: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.counted, false), lte(reviewVotes.countsFrom, sql`now()`)))
    .limit(limit);
  return rows.map((r) => r.reviewId);
}

/** Counts the review's matured votes in (under the review's row lock) and recounts. */
export async function countMaturedVotes(db: DbOrTx, reviewId: string): Promise<void> {
  await db
    .update(reviewVotes)
    .set({ counted: true })
    .where(
      and(
        eq(reviewVotes.reviewId, reviewId),
        eq(reviewVotes.counted, false),
        lte(reviewVotes.countsFrom, sql`now()`),
      ),
    );
  await recountVotes(db, reviewId);
}

/** The reviews the account voted on, newest vote first, at most `limit` (review_votes_user_idx). */
export async function reviewIdsVotedBy(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ reviewId: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(eq(reviewVotes.userId, userId))
    .orderBy(desc(reviewVotes.updatedAt))
    .limit(limit);
  return rows.map((r) => r.reviewId);
}

/** Recounts a review's votes; the caller holds the review's row lock (findReview forUpdate). */
export const recountReviewVotes = recountVotes;

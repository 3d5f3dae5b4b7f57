import { and, asc, desc, eq, gt, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  entities,
  reviewReplies,
  reviews,
  reviewVotes,
  users,
  type EntityRow,
  type ReviewReplyRow,
  type ReviewRow,
} from '../../db/schema';
import { escapeLike } from '../../lib/sql';

/** Counting stops here (dashboard page counts). */
export const REVIEW_COUNT_CAP = 10_000;

/** A review with what every presenter needs: its entity and its reviewer. */
export interface ReviewWithContext {
  review: ReviewRow;
  entity: Pick<EntityRow, 'name' | 'entityType'>;
  reviewer: { firstName: string; lastName: string; email: string };
  disputeText?: string | null;
}

// The indexes are declared DESC NULLS LAST; the ORDER BY must say so to use them.
const newestFirst = (column: AnyColumn): SQL => sql`${column} desc nulls last`;

const withContext = (db: DbOrTx) =>
  db
    .select({
      review: reviews,
      entity: { name: entities.name, entityType: entities.entityType },
      reviewer: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(reviews)
    .innerJoin(entities, eq(entities.id, reviews.entityId))
    .innerJoin(users, eq(users.id, reviews.reviewerUserId));

export async function findReview(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReviewRow | undefined> {
  const query = db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findReviewWithContext(
  db: DbOrTx,
  id: string,
): Promise<ReviewWithContext | undefined> {
  const [row] = await withContext(db).where(eq(reviews.id, id)).limit(1);
  return row;
}

/** Locks the entity row: every change of an entity's reviews queues behind it. */
export async function lockEntity(db: DbOrTx, id: string): Promise<EntityRow | undefined> {
  const [row] = await db.select().from(entities).where(eq(entities.id, id)).limit(1).for('update');
  return row;
}

/** Serialises the creation of a review-named entity per name (no duplicates from a race). */
export async function lockEntityName(db: DbOrTx, name: string): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`review-entity:${name.toLowerCase()}`}))`,
  );
}

/**
 * An approved entity with this name (ignoring case), else a pending one first named in a review.
 * ILIKE without wildcards is a case-insensitive equality the trigram index answers.
 */
export async function findReviewableEntityByName(
  db: DbOrTx,
  name: string,
): Promise<EntityRow | undefined> {
  const [row] = await db
    .select()
    .from(entities)
    .where(
      and(
        sql`${entities.name} ILIKE ${escapeLike(name)}`,
        sql`(${entities.verificationStatus} = 'approved' OR (${entities.verificationStatus} = 'pending' AND ${entities.source} = 'review'))`,
      ),
    )
    .orderBy(sql`${entities.verificationStatus} = 'approved' desc`, asc(entities.createdAt))
    .limit(1);
  return row;
}

export async function insertReviewEntity(
  db: DbOrTx,
  values: { name: string; entityType: string; submittedByUserId: string },
): Promise<EntityRow> {
  const [row] = await db
    .insert(entities)
    .values({
      name: values.name,
      entityType: values.entityType,
      email: null,
      source: 'review',
      verificationStatus: 'pending',
      submittedByUserId: values.submittedByUserId,
    })
    .returning();
  return row!;
}

/** Whether the user reviewed the entity after `since` (any status). */
export async function hasRecentReview(
  db: DbOrTx,
  userId: string,
  entityId: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.reviewerUserId, userId),
        eq(reviews.entityId, entityId),
        gt(reviews.createdAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function textHashExists(db: DbOrTx, textHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.textHash, textHash))
    .limit(1);
  return Boolean(row);
}

export async function insertReview(
  db: DbOrTx,
  values: typeof reviews.$inferInsert,
): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

export async function updateReviewRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof reviews.$inferInsert>,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reviews.id, id))
    .returning();
  return row;
}

/**
 * The entity's reputation_score (mean of approved overall ratings, 2 decimals) and total_reviews
 * (approved count), from the reviews themselves. Call it in the transaction of every status
 * change, after locking the entity row (lockEntity), so that the recount sees every committed
 * change before it.
 */
export async function recomputeEntityReviewStats(db: DbOrTx, entityId: string): Promise<void> {
  await db.execute(sql`
    UPDATE entities SET
      reputation_score = stats.score,
      total_reviews = stats.total,
      updated_at = now()
    FROM (
      SELECT COALESCE(round(avg(overall_rating), 2), 0) AS score, count(*)::int AS total
      FROM reviews
      WHERE entity_id = ${entityId} AND status = 'approved'
    ) AS stats
    WHERE entities.id = ${entityId}`);
}

/** What the public list of an entity shows about the entity itself. */
export type EntityReviewFigures = Pick<
  EntityRow,
  'id' | 'name' | 'entityType' | 'verificationStatus' | 'reputationScore' | 'totalReviews'
>;

/**
 * A page of an entity's approved reviews, newest published first, with the entity's figures from
 * the same statement: one round trip for the busiest public review page (docs/performance.md).
 * `entity` is undefined on an empty page.
 */
export async function listApprovedForEntityWithFigures(
  db: DbOrTx,
  entityId: string,
  limit: number,
  offset: number,
): Promise<{ rows: ReviewWithContext[]; entity: EntityReviewFigures | undefined }> {
  const found = await db
    .select({
      review: reviews,
      entity: { name: entities.name, entityType: entities.entityType },
      reviewer: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      figures: {
        id: entities.id,
        name: entities.name,
        entityType: entities.entityType,
        verificationStatus: entities.verificationStatus,
        reputationScore: entities.reputationScore,
        totalReviews: entities.totalReviews,
      },
    })
    .from(reviews)
    .innerJoin(entities, eq(entities.id, reviews.entityId))
    .innerJoin(users, eq(users.id, reviews.reviewerUserId))
    .where(and(eq(reviews.entityId, entityId), eq(reviews.status, 'approved')))
    .orderBy(newestFirst(reviews.publishedAt), newestFirst(reviews.id))
    .limit(limit)
    .offset(offset);
  return {
    rows: found.map(({ figures: _figures, ...row }) => row),
    entity: found[0]?.figures,
  };
}

/** Approved reviews of approved entities, newest published first. */
export async function listRecentApproved(
  db: DbOrTx,
  limit: number,
  offset: number,
): Promise<ReviewWithContext[]> {
  return withContext(db)
    .where(and(eq(reviews.status, 'approved'), eq(entities.verificationStatus, 'approved')))
    .orderBy(newestFirst(reviews.publishedAt), newestFirst(reviews.id))
    .limit(limit)
    .offset(offset);
}

export async function listByReviewer(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<ReviewWithContext[]> {
  return withContext(db)
    .where(eq(reviews.reviewerUserId, userId))
    .orderBy(newestFirst(reviews.createdAt))
    .limit(limit);
}

export async function listForEntityByStatus(
  db: DbOrTx,
  entityId: string,
  status: string,
  limit: number,
  offset: number,
): Promise<ReviewWithContext[]> {
  return withContext(db)
    .where(and(eq(reviews.entityId, entityId), eq(reviews.status, status)))
    .orderBy(newestFirst(reviews.createdAt))
    .limit(limit)
    .offset(offset);
}

/** Reviews of one entity in one status, counted on the (entity_id, status) index, capped. */
export async function countForEntityByStatus(
  db: DbOrTx,
  entityId: string,
  status: string,
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(reviews)
    .where(and(eq(reviews.entityId, entityId), eq(reviews.status, status)))
    .limit(REVIEW_COUNT_CAP)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/**
 * The moderation queue of one status. Pending and flagged reviews come oldest first (a queue);
 * approved and rejected newest first (a history), open disputes ahead of the rest.
 */
export async function listForModeration(
  db: DbOrTx,
  status: string,
  limit: number,
  offset: number,
): Promise<ReviewWithContext[]> {
  const queue = status === 'pending' || status === 'flagged';
  if (status !== 'approved') {
    return (
      withContext(db)
        .where(eq(reviews.status, status))
        // (status, created_at) read forwards for the queue and backwards for the history.
        .orderBy(queue ? asc(reviews.createdAt) : desc(reviews.createdAt))
        .limit(limit)
        .offset(offset)
    );
  }
  // Disputed reviews first: few, read through their partial index; then the rest by date.
  const disputed = await withContext(db)
    .where(and(eq(reviews.status, 'approved'), eq(reviews.disputeOpen, true)))
    .orderBy(asc(reviews.createdAt))
    .limit(offset + limit);
  const fromDisputed = disputed.slice(offset, offset + limit);
  const need = limit - fromDisputed.length;
  if (need <= 0) return fromDisputed;
  const restOffset = Math.max(0, offset - disputed.length);
  const rest = await withContext(db)
    .where(and(eq(reviews.status, 'approved'), eq(reviews.disputeOpen, false)))
    .orderBy(desc(reviews.createdAt))
    .limit(need)
    .offset(restOffset);
  return [...fromDisputed, ...rest];
}

/** The latest dispute text of each review (for admins and the entity's users). */
export async function latestDisputeTexts(
  db: DbOrTx,
  reviewIds: string[],
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (reviewIds.length === 0) return map;
  const rows = await db
    .selectDistinctOn([reviewReplies.reviewId], {
      reviewId: reviewReplies.reviewId,
      text: reviewReplies.replyText,
    })
    .from(reviewReplies)
    .where(and(inArray(reviewReplies.reviewId, reviewIds), eq(reviewReplies.replyType, 'dispute')))
    .orderBy(reviewReplies.reviewId, sql`${reviewReplies.createdAt} desc`);
  for (const r of rows) map.set(r.reviewId, r.text);
  return map;
}

/** The viewer's votes on these reviews. */
export async function votesOf(
  db: DbOrTx,
  userId: string,
  reviewIds: string[],
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (reviewIds.length === 0) return map;
  const rows = await db
    .select({ reviewId: reviewVotes.reviewId, voteType: reviewVotes.voteType })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), inArray(reviewVotes.reviewId, reviewIds)));
  for (const r of rows) map.set(r.reviewId, r.voteType);
  return map;
}

/**
 * Records (or replaces) the user's vote and recounts the review's votes. The caller holds the
 * review's row lock (findReview forUpdate), so each recount starts after the previous vote
 * committed and counts stay exact under concurrent votes.
 */
export async function upsertVoteAndRecount(
  db: DbOrTx,
  reviewId: string,
  userId: string,
  voteType: string,
): Promise<{ helpfulVotes: number; unhelpfulVotes: number }> {
  await db
    .insert(reviewVotes)
    .values({ reviewId, userId, voteType })
    .onConflictDoUpdate({
      target: [reviewVotes.reviewId, reviewVotes.userId],
      set: { voteType, updatedAt: sql`now()` },
    });
  const [row] = await db
    .update(reviews)
    .set({
      helpfulVotes: sql`(SELECT count(*)::int FROM review_votes WHERE review_id = ${reviewId} AND vote_type = 'helpful')`,
      unhelpfulVotes: sql`(SELECT count(*)::int FROM review_votes WHERE review_id = ${reviewId} AND vote_type = 'unhelpful')`,
    })
    .where(eq(reviews.id, reviewId))
    .returning({ helpfulVotes: reviews.helpfulVotes, unhelpfulVotes: reviews.unhelpfulVotes });
  return row!;
}

/** Inserts a reply; an owner reply that is not the first gives undefined (unique index). */
export async function insertReply(
  db: DbOrTx,
  values: typeof reviewReplies.$inferInsert,
): Promise<ReviewReplyRow | undefined> {
  const [row] = await db.insert(reviewReplies).values(values).onConflictDoNothing().returning();
  return row;
}

/** A review's replies, oldest first; disputes only when asked for. */
export async function listReplies(
  db: DbOrTx,
  reviewId: string,
  options: { includeDisputes: boolean; limit: number },
): Promise<(ReviewReplyRow & { authorName: string })[]> {
  const rows = await db
    .select({ reply: reviewReplies, authorName: entities.name })
    .from(reviewReplies)
    .innerJoin(entities, eq(entities.id, reviewReplies.entityId))
    .where(
      and(
        eq(reviewReplies.reviewId, reviewId),
        options.includeDisputes ? undefined : sql`${reviewReplies.replyType} <> 'dispute'`,
      ),
    )
    .orderBy(asc(reviewReplies.createdAt))
    .limit(options.limit);
  return rows.map((r) => ({ ...r.reply, authorName: r.authorName }));
}

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviews, type ReviewRow } from '../../db/schema';
import { newestFirst, withContext, type ReviewWithContext } from './reviews.sql';

// Reviews by status: the moderators' queue, an entity's dashboard, bulk moderation's locks.

/** Counting stops here (dashboard page counts). */
export const REVIEW_COUNT_CAP = 10_000;

/** Locks the reviews in id order (bulk moderation); the ones that exist. */
export async function lockReviews(db: DbOrTx, ids: string[]): Promise<ReviewRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(reviews)
    .where(inArray(reviews.id, ids))
    .orderBy(asc(reviews.id))
    .for('update');
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
  /** Only reviews held for this reason (reviews_hold_status_created_idx; docs/decisions/032). */
  holdReason?: string,
): Promise<ReviewWithContext[]> {
  const queue = status === 'pending' || status === 'flagged';
  if (status !== 'approved' || holdReason) {
    return (
      withContext(db)
        .where(
          and(
            eq(reviews.status, status),
            holdReason ? eq(reviews.holdReason, holdReason) : undefined,
          ),
        )
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

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { entities, reviewReplies, type ReviewReplyRow } from '../../db/schema';

// The entity's replies to reviews: responses, clarifications and disputes.

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

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviews, users } from '../../db/schema';

// Reviews held back from the public as a whole: by an account's ban (account-holds.ts) and by the
// swarm guard (swarm-guard.ts).

// ---- accounts held as a whole (docs/decisions/023): a ban holds the account's published reviews

/** Holds the account's published reviews ('banned'); returns the entities they were about. */
export async function holdPublishedReviewsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .update(reviews)
    .set({ status: 'pending', holdReason: 'banned', updatedAt: sql`now()` })
    .where(and(eq(reviews.reviewerUserId, userId), eq(reviews.status, 'approved')))
    .returning({ entityId: reviews.entityId });
  return [...new Set(rows.map((r) => r.entityId))];
}

/**
 * Publishes again the account's reviews that its ban held (and no moderator decided since);
 * returns the entities they are about.
 */
export async function releaseBanHoldsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .update(reviews)
    .set({ status: 'approved', holdReason: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(reviews.reviewerUserId, userId),
        eq(reviews.status, 'pending'),
        eq(reviews.holdReason, 'banned'),
      ),
    )
    .returning({ entityId: reviews.entityId });
  return [...new Set(rows.map((r) => r.entityId))];
}

// ---- swarm guard (docs/decisions/012)

/** What the swarm guard and the weights need to know about an account. */
export async function findAccountFacts(
  db: DbOrTx,
  userId: string,
): Promise<{ createdAt: Date; identityVerified: boolean } | undefined> {
  const [row] = await db
    .select({ createdAt: users.createdAt, identityVerified: users.identityVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * The burst waits for a moderator as a whole (docs/decisions/023): the entity's reviews written since
 * `since` that are held for a new account, or were published although their account was younger
 * than `accountDays` (a verified identity lifts the new-account hold, not the burst), are held
 * as the burst now; a review a moderator approved stays published. Returns the authors of the reviews taken back from the public list.
 */
export async function markHeldAsBurst(
  db: DbOrTx,
  entityId: string,
  since: Date,
  accountDays: number,
  note: string,
): Promise<string[]> {
  await db
    .update(reviews)
    .set({ holdReason: 'burst', adminNotes: note, updatedAt: sql`now()` })
    .where(
      and(
        eq(reviews.entityId, entityId),
        eq(reviews.status, 'pending'),
        eq(reviews.holdReason, 'new_account'),
        gt(reviews.createdAt, since),
      ),
    );
  const taken = await db
    .update(reviews)
    .set({ status: 'pending', holdReason: 'burst', adminNotes: note, updatedAt: sql`now()` })
    .where(
      and(
        eq(reviews.entityId, entityId),
        eq(reviews.status, 'approved'),
        // What a moderator approved stays approved.
        isNull(reviews.moderatedAt),
        gt(reviews.createdAt, since),
        sql`${reviews.createdAt} - (SELECT ${users.createdAt} FROM ${users} WHERE ${users.id} = ${reviews.reviewerUserId}) < make_interval(days => ${accountDays})`,
      ),
    )
    .returning({ reviewerUserId: reviews.reviewerUserId });
  return [...new Set(taken.map((r) => r.reviewerUserId))];
}

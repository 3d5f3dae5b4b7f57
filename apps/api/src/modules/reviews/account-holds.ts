import type { Tx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { findReview, lockEntity } from './reviews.repository';
import { holdPublishedReviewsOf, releaseBanHoldsOf } from './review-holds.repository';
import { recountReviewVotes, reviewIdsVotedBy } from './review-votes.repository';
import { recomputeEntityReviewStats } from './trust/trust.repository';

// What holding an account does to its reviews and votes (docs/decisions/023): a ban
// takes the account's reviews out of the public lists and the score at once (held, not deleted;
// lifting the ban publishes them again), and the votes of banned accounts and of accounts a
// swarm check holds do not rank 'Most helpful'.

/** The most recent votes of an account recounted when it is held or released. */
export const VOTES_RECOUNTED_PER_ACCOUNT = 1_000;

/**
 * Recounts every review the account voted on (its newest VOTES_RECOUNTED_PER_ACCOUNT votes), in
 * review id order so that two such recounts never wait on each other in a cycle.
 */
export async function recountVotesOfAccount(tx: Tx, userId: string): Promise<void> {
  const ids = (await reviewIdsVotedBy(tx, userId, VOTES_RECOUNTED_PER_ACCOUNT)).sort();
  for (const id of ids) {
    const review = await findReview(tx, id, { forUpdate: true });
    if (review) await recountReviewVotes(tx, review.id);
  }
}

async function rescore(deps: Deps, tx: Tx, entityIds: string[]): Promise<void> {
  for (const entityId of [...entityIds].sort()) {
    if (await lockEntity(tx, entityId)) {
      await recomputeEntityReviewStats(tx, entityId, deps.config.TRUSTSCORE_PRIOR_REVIEWS);
    }
  }
}

/**
 * In the ban's transaction: the account's published reviews wait in Review Moderation
 * (hold 'banned'), the scores of their entities are recomputed, its votes stop counting.
 */
export async function holdReviewsOfBannedAccount(deps: Deps, tx: Tx, userId: string) {
  await rescore(deps, tx, await holdPublishedReviewsOf(tx, userId));
  await recountVotesOfAccount(tx, userId);
}

/** In the unban's transaction: what the ban held (and no moderator decided) is published again. */
export async function restoreReviewsOfUnbannedAccount(deps: Deps, tx: Tx, userId: string) {
  await rescore(deps, tx, await releaseBanHoldsOf(tx, userId));
  await recountVotesOfAccount(tx, userId);
}

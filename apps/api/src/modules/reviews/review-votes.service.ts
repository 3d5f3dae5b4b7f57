import { REVIEW_MESSAGES, type VoteResponse, type VoteType } from '@trustlinks/contract/reviews';
import { isLinkedToEntity } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { findReview } from './reviews.repository';
import { upsertVoteAndRecount } from './review-votes.repository';
import { lockAccountActivity, requireVoteQuota, voteCountsFrom } from './swarm-guard';

/**
 * POST /reviews/{id}/vote: one vote per user per review (a new vote replaces the old), only on
 * published reviews, never on one's own review or on reviews of one's own entity.
 */
export async function voteOnReview(
  deps: Deps,
  user: AuthUser,
  reviewId: string,
  voteType: VoteType,
): Promise<VoteResponse> {
  if (!isUuid(reviewId)) throw notFound(REVIEW_MESSAGES.notFound);
  const counts = await deps.db.transaction(async (tx) => {
    // The account's lock first (as createReview), then the review's row.
    await lockAccountActivity(tx, user.id);
    const review = await findReview(tx, reviewId, { forUpdate: true });
    if (!review || review.status !== 'approved') throw notFound(REVIEW_MESSAGES.notFound);
    if (review.reviewerUserId === user.id) throw forbidden(REVIEW_MESSAGES.ownReviewVote);
    if (isLinkedToEntity(user, review.entityId)) {
      throw forbidden(REVIEW_MESSAGES.ownEntityVote);
    }
    await requireVoteQuota(deps, tx, user.id);
    const countsFrom = await voteCountsFrom(tx, user.id);
    return upsertVoteAndRecount(tx, review.id, user.id, voteType, countsFrom);
  });
  return {
    message: REVIEW_MESSAGES.voteRecorded,
    helpful_votes: counts.helpfulVotes,
    unhelpful_votes: counts.unhelpfulVotes,
    my_vote: voteType,
  };
}

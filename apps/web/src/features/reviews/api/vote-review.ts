import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoteResponse, VoteType } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { patchReviewInCaches } from './patch-review-caches';

export interface VoteInput {
  reviewId: string;
  voteType: VoteType;
}

/** Votes a review helpful or unhelpful (docs/product/api.md#reviews POST /reviews/{id}/vote). */
export function voteReview({ reviewId, voteType }: VoteInput): Promise<VoteResponse> {
  return call(reviews.vote, { params: { id: reviewId }, body: { vote_type: voteType } });
}

export function useVoteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteReview,
    // The answer has the exact counts: patch the lists instead of reloading them.
    onSuccess: (data, { reviewId }) =>
      patchReviewInCaches(queryClient, reviewId, {
        helpful_votes: data.helpful_votes,
        unhelpful_votes: data.unhelpful_votes,
        my_vote: data.my_vote,
      }),
  });
}

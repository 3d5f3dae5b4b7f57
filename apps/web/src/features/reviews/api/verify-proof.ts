import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewWithMessage } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** Marks a review's payment proof verified or not (PUT /reviews/{id}/proof-verification; admins). */
export function setProofVerified(input: {
  reviewId: string;
  verified: boolean;
}): Promise<ReviewWithMessage> {
  return call(reviews.setProofVerified, {
    params: { id: input.reviewId },
    body: { verified: input.verified },
  });
}

export function useSetProofVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProofVerified,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

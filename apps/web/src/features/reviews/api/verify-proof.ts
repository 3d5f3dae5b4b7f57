import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewWithMessage } from '@trustlinks/contract/reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** Marks a review's payment proof verified or not (PUT /reviews/{id}/proof-verification; admins). */
export function setProofVerified(input: {
  reviewId: string;
  verified: boolean;
}): Promise<ReviewWithMessage> {
  return api.put<ReviewWithMessage>(
    `/reviews/${encodeURIComponent(input.reviewId)}/proof-verification`,
    { verified: input.verified },
  );
}

export function useSetProofVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProofVerified,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

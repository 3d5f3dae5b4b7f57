import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerateInput, ReviewWithMessage } from '@trustlinks/contract/reviews';
import { api } from '../../../lib/api-client';
import { ENTITY_QUERY_PREFIX, reviewKeys } from './review-keys';

export interface ModerateReviewInput extends ModerateInput {
  reviewId: string;
}

/** Approves, rejects or flags a review (docs/product/api.md#reviews PUT /reviews/{id}/moderate; admins). */
export function moderateReview({
  reviewId,
  ...body
}: ModerateReviewInput): Promise<ReviewWithMessage> {
  return api.put<ReviewWithMessage>(`/reviews/${encodeURIComponent(reviewId)}/moderate`, body);
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    // docs/product/states.md: after moderation the list reloads; the entity's rating may have changed too.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: ENTITY_QUERY_PREFIX });
    },
  });
}

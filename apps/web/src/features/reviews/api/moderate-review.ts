import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BulkModerateInput,
  BulkModerateResponse,
  ModerateInput,
  ReviewWithMessage,
} from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { ENTITY_QUERY_PREFIX, reviewKeys } from './review-keys';

export interface ModerateReviewInput extends ModerateInput {
  reviewId: string;
}

/** Approves, rejects or flags a review (docs/product/api.md#reviews PUT /reviews/{id}/moderate; admins). */
export function moderateReview({
  reviewId,
  ...body
}: ModerateReviewInput): Promise<ReviewWithMessage> {
  return call(reviews.moderate, { params: { id: reviewId }, body });
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

/** Approves or rejects up to 100 selected reviews at once (POST /reviews/admin/moderate-bulk; docs/decisions/032). */
export function moderateReviewsInBulk(input: BulkModerateInput): Promise<BulkModerateResponse> {
  return call(reviews.moderateBulk, { body: input });
}

export function useBulkModerateReviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReviewsInBulk,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: ENTITY_QUERY_PREFIX });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewCreateInput, ReviewWithMessage } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { ENTITY_QUERY_PREFIX, reviewKeys } from './review-keys';

/** Submits a review (docs/product/api.md#reviews POST /reviews); the answer's message is shown. */
export function createReview(body: ReviewCreateInput): Promise<ReviewWithMessage> {
  return call(reviews.create, { body });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      // The entity's rating and review count may have changed.
      void queryClient.invalidateQueries({ queryKey: ENTITY_QUERY_PREFIX });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewResponse } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** One published review: a review's own address (GET /reviews/{id}, docs/decisions/027); 404 when held. */
export function getReview(reviewId: string, signal?: AbortSignal): Promise<ReviewResponse> {
  return call(reviews.get, { params: { id: reviewId } }, { signal });
}

/** `viewer` is in the key: the answer carries that viewer's vote. */
export function getReviewQueryOptions(reviewId: string, viewer: string | null) {
  return queryOptions({
    queryKey: reviewKeys.one(reviewId, viewer),
    queryFn: ({ signal }) => getReview(reviewId, signal),
    retry: false,
  });
}

export function useReview(reviewId: string | null, viewer: string | null) {
  return useQuery({ ...getReviewQueryOptions(reviewId ?? '', viewer), enabled: Boolean(reviewId) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepliesResponse } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** A review's replies (docs/product/api.md#reviews GET /reviews/{id}/replies); disputes only for its entity and admins. */
export function getReviewReplies(reviewId: string, signal?: AbortSignal): Promise<RepliesResponse> {
  return call(reviews.listReplies, { params: { id: reviewId } }, { signal });
}

export function getReviewRepliesQueryOptions(reviewId: string, viewer: string | null) {
  return queryOptions({
    queryKey: reviewKeys.replies(reviewId, viewer),
    queryFn: ({ signal }) => getReviewReplies(reviewId, signal),
  });
}

export function useReviewReplies(reviewId: string, viewer: string | null, enabled: boolean) {
  return useQuery({ ...getReviewRepliesQueryOptions(reviewId, viewer), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@trustlinks/contract/constants';
import type { ReviewsResponse } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** The logged-in user's reviews, every status (docs/product/api.md#reviews GET /reviews/my-reviews, limit 50). */
export function getMyReviews(signal?: AbortSignal): Promise<ReviewsResponse> {
  return call(reviews.listMine, { query: { limit: PAGE_SIZES.myReviews } }, { signal });
}

export function getMyReviewsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: reviewKeys.mine(userId),
    queryFn: ({ signal }) => getMyReviews(signal),
  });
}

export function useMyReviews(userId: string) {
  return useQuery(getMyReviewsQueryOptions(userId));
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RecentReviewsResponse } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

const RECENT_PAGE_SIZE = 10;

/** Recently published reviews across entities (GET /reviews/recent; the /review hub). */
export function getRecentReviews(
  page: number,
  signal?: AbortSignal,
): Promise<RecentReviewsResponse> {
  return call(reviews.listRecent, { query: { page, limit: RECENT_PAGE_SIZE } }, { signal });
}

export function getRecentReviewsQueryOptions(viewer: string | null) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.recent(viewer),
    queryFn: ({ pageParam, signal }) => getRecentReviews(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.has_more ? lastPage + 1 : undefined),
  });
}

export function useRecentReviews(viewer: string | null) {
  return useInfiniteQuery(getRecentReviewsQueryOptions(viewer));
}

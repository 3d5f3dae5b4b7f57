import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStatus } from '@trustlinks/contract/constants';
import { PAGE_SIZES } from '@trustlinks/contract/constants';
import type { ModerationResponse } from '@trustlinks/contract/reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** Reviews of one status for the admins (docs/product/api.md#reviews GET /reviews/admin/moderation, limit 50). */
export function getModerationReviews(
  status: ReviewStatus,
  signal?: AbortSignal,
): Promise<ModerationResponse> {
  return api.get<ModerationResponse>('/reviews/admin/moderation', {
    query: { status, limit: PAGE_SIZES.moderation },
    signal,
  });
}

export function getModerationReviewsQueryOptions(status: ReviewStatus) {
  return queryOptions({
    queryKey: reviewKeys.moderation(status),
    queryFn: ({ signal }) => getModerationReviews(status, signal),
  });
}

export function useModerationReviews(status: ReviewStatus) {
  return useQuery(getModerationReviewsQueryOptions(status));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStatus } from '@trustlinks/contract/constants';
import { PAGE_SIZES } from '@trustlinks/contract/constants';
import type { HoldReason, ModerationResponse } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** Which reviews the queue shows: a status, optionally one hold reason (docs/decisions/032), a page. */
export interface ModerationQuery {
  status: ReviewStatus;
  holdReason?: HoldReason | null;
  page?: number;
}

/** Reviews of one status for the admins (docs/product/api.md#reviews GET /reviews/admin/moderation, limit 50). */
export function getModerationReviews(
  { status, holdReason = null, page = 1 }: ModerationQuery,
  signal?: AbortSignal,
): Promise<ModerationResponse> {
  return call(
    reviews.moderationQueue,
    {
      query: {
        status,
        limit: PAGE_SIZES.moderation,
        ...(page > 1 ? { page } : {}),
        ...(holdReason ? { hold_reason: holdReason } : {}),
      },
    },
    { signal },
  );
}

export function getModerationReviewsQueryOptions(query: ModerationQuery) {
  return queryOptions({
    queryKey: reviewKeys.moderation(query.status, query.holdReason ?? null, query.page ?? 1),
    queryFn: ({ signal }) => getModerationReviews(query, signal),
  });
}

export function useModerationReviews(query: ModerationQuery) {
  return useQuery({
    ...getModerationReviewsQueryOptions(query),
    placeholderData: keepPreviousData,
  });
}

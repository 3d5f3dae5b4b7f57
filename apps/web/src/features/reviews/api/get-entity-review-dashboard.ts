import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStatus } from '@trustlinks/contract/constants';
import { PAGE_SIZES } from '@trustlinks/contract/constants';
import type { DashboardResponse } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/**
 * The review management panel's data (docs/product/api.md#reviews GET /reviews/entity/{id}/dashboard, status and
 * limit 20): one status a page, with the entity's statistics.
 */
export function getEntityReviewDashboard(
  entityId: string,
  status: ReviewStatus,
  page: number,
  signal?: AbortSignal,
): Promise<DashboardResponse> {
  return call(
    reviews.entityDashboard,
    { params: { id: entityId }, query: { status, page, limit: PAGE_SIZES.reviewPanel } },
    { signal },
  );
}

export function getEntityReviewDashboardQueryOptions(
  entityId: string,
  status: ReviewStatus,
  page: number,
) {
  return queryOptions({
    queryKey: reviewKeys.dashboard(entityId, status, page),
    queryFn: ({ signal }) => getEntityReviewDashboard(entityId, status, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEntityReviewDashboard(entityId: string, status: ReviewStatus, page: number) {
  return useQuery(getEntityReviewDashboardQueryOptions(entityId, status, page));
}

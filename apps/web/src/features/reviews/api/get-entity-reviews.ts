import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@trustlinks/contract/constants';
import type { EntityReviewsResponse } from '@trustlinks/contract/reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** An entity's published reviews, 10 a page (SPEC §7.3 GET /reviews/entity/{id}). */
export function getEntityReviews(
  entityId: string,
  page: number,
  signal?: AbortSignal,
): Promise<EntityReviewsResponse> {
  return api.get<EntityReviewsResponse>(`/reviews/entity/${encodeURIComponent(entityId)}`, {
    query: { page, limit: PAGE_SIZES.entityReviews },
    signal,
  });
}

/** `viewer` (the user id) is in the key: the answer carries that viewer's votes. */
export function getEntityReviewsQueryOptions(
  entityId: string,
  page: number,
  viewer: string | null,
) {
  return queryOptions({
    queryKey: reviewKeys.entity(entityId, page, viewer),
    queryFn: ({ signal }) => getEntityReviews(entityId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEntityReviews(entityId: string, page: number, viewer: string | null) {
  return useQuery(getEntityReviewsQueryOptions(entityId, page, viewer));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@trustlinks/contract/constants';
import type { EntityReviewsResponse, ReviewSort } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** An entity's published reviews, 10 a page (docs/product/api.md#reviews GET /reviews/entity/{id}). */
export function getEntityReviews(
  entityId: string,
  page: number,
  signal?: AbortSignal,
  sort: ReviewSort = 'recent',
  rating: number | null = null,
): Promise<EntityReviewsResponse> {
  return call(
    reviews.listForEntity,
    {
      params: { id: entityId },
      // The default order is left out of the address (the same cached answer as before).
      query: {
        page,
        limit: PAGE_SIZES.entityReviews,
        sort: sort === 'recent' ? undefined : sort,
        rating: rating ?? undefined,
      },
    },
    { signal },
  );
}

/** `viewer` (the user id) is in the key: the answer carries that viewer's votes. */
export function getEntityReviewsQueryOptions(
  entityId: string,
  page: number,
  viewer: string | null,
  sort: ReviewSort = 'recent',
  rating: number | null = null,
) {
  return queryOptions({
    queryKey: reviewKeys.entity(entityId, page, viewer, sort, rating),
    queryFn: ({ signal }) => getEntityReviews(entityId, page, signal, sort, rating),
    placeholderData: keepPreviousData,
  });
}

export function useEntityReviews(
  entityId: string,
  page: number,
  viewer: string | null,
  sort: ReviewSort = 'recent',
  rating: number | null = null,
) {
  return useQuery(getEntityReviewsQueryOptions(entityId, page, viewer, sort, rating));
}

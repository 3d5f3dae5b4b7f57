import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrustSummary } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** An entity's TrustScore, sub-scores and reply rate (GET /reviews/entity/{id}/trust; docs/decisions/012). */
export function getEntityTrust(entityId: string, signal?: AbortSignal): Promise<TrustSummary> {
  return call(reviews.entityTrust, { params: { id: entityId } }, { signal });
}

export function getEntityTrustQueryOptions(entityId: string) {
  return queryOptions({
    queryKey: reviewKeys.trust(entityId),
    queryFn: ({ signal }) => getEntityTrust(entityId, signal),
  });
}

export function useEntityTrust(entityId: string) {
  return useQuery(getEntityTrustQueryOptions(entityId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrustSummary } from '@trustlinks/contract/reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** An entity's TrustScore, sub-scores and reply rate (GET /reviews/entity/{id}/trust; docs/decisions/012). */
export function getEntityTrust(entityId: string, signal?: AbortSignal): Promise<TrustSummary> {
  return api.get<TrustSummary>(`/reviews/entity/${encodeURIComponent(entityId)}/trust`, {
    signal,
  });
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

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { api } from '../../../lib/api-client';

export interface OpenRequestsResponse {
  success: boolean;
  requests: OfferRequest[];
}

/** Requests per page (the API allows up to 100). (ours) */
export const OPEN_REQUESTS_PAGE_SIZE = 50;

/**
 * Open offer requests of other entities (docs/product/api.md#offers GET /offers/offer-requests with
 * exclude_entity_id = the caller's entity), for counter offers.
 */
export async function getOpenRequests(
  excludeEntityId: string,
  offset: number,
  signal?: AbortSignal,
): Promise<OpenRequestsResponse> {
  const body = await api.get<OpenRequestsResponse>('/offers/offer-requests', {
    query: { exclude_entity_id: excludeEntityId, limit: OPEN_REQUESTS_PAGE_SIZE, offset },
    signal,
  });
  if (!body.success) throw new Error('Failed to fetch offer requests');
  return body;
}

/** Under 'offer-requests': creating a request or a bid invalidates every request list. */
export function openRequestsQueryKey(excludeEntityId: string) {
  return ['offer-requests', 'open', { excludeEntityId }] as const;
}

export function getOpenRequestsQueryOptions(excludeEntityId: string) {
  return infiniteQueryOptions({
    queryKey: openRequestsQueryKey(excludeEntityId),
    queryFn: ({ pageParam, signal }) => getOpenRequests(excludeEntityId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.requests.length < OPEN_REQUESTS_PAGE_SIZE
        ? undefined
        : pages.length * OPEN_REQUESTS_PAGE_SIZE,
  });
}

export function useOpenRequests(excludeEntityId: string | null) {
  return useInfiniteQuery({
    ...getOpenRequestsQueryOptions(excludeEntityId ?? ''),
    enabled: Boolean(excludeEntityId),
  });
}

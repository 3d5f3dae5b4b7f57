import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OfferRequestsResponse } from '@trustlinks/contract/offer-requests';
import { fetchOfferRequests, OFFER_REQUESTS_QUERY_KEY } from '../../../lib/api/offer-requests';

/** Requests per page (the API allows up to 100). (ours) */
export const OPEN_REQUESTS_PAGE_SIZE = 50;

/**
 * Open offer requests of other entities (docs/product/api.md#offers GET /offers/offer-requests with
 * exclude_entity_id = the caller's entity), for counter offers.
 */
export function getOpenRequests(
  excludeEntityId: string,
  offset: number,
  signal?: AbortSignal,
): Promise<OfferRequestsResponse> {
  return fetchOfferRequests(
    { exclude_entity_id: excludeEntityId, limit: OPEN_REQUESTS_PAGE_SIZE, offset },
    signal,
  );
}

/** Under 'offer-requests': creating a request or a bid invalidates every request list. */
export function openRequestsQueryKey(excludeEntityId: string) {
  return [...OFFER_REQUESTS_QUERY_KEY, 'open', { excludeEntityId }] as const;
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

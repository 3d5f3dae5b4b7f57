import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { OfferRequestsResponse, Priority } from '@trustlinks/contract/offer-requests';
import { fetchOfferRequests, OFFER_REQUESTS_QUERY_KEY } from '../../../lib/api/offer-requests';

export interface WishlistFilters {
  vertical: string;
  geo: string;
  priority: Priority | 'all';
}

/** Requests per page (the API allows up to 100). (ours) */
export const WISHLIST_PAGE_SIZE = 50;

/**
 * Open offer requests (docs/product/api.md#offers GET /offers/offer-requests), filtered on the server:
 * vertical and GEO as case-insensitive substrings, priority exactly ('all' is no filter).
 */
export function getOfferRequests(
  filters: WishlistFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<OfferRequestsResponse> {
  return fetchOfferRequests(
    {
      vertical: filters.vertical.trim(),
      geo: filters.geo.trim(),
      priority: filters.priority === 'all' ? undefined : filters.priority,
      limit: WISHLIST_PAGE_SIZE,
      offset,
    },
    signal,
  );
}

/** Every cached offer-request list starts with 'offer-requests': creating one invalidates them. */
export function wishlistQueryKey(filters: WishlistFilters) {
  return [
    ...OFFER_REQUESTS_QUERY_KEY,
    'wishlist',
    { vertical: filters.vertical.trim(), geo: filters.geo.trim(), priority: filters.priority },
  ] as const;
}

export function getOfferRequestsQueryOptions(filters: WishlistFilters) {
  return infiniteQueryOptions({
    queryKey: wishlistQueryKey(filters),
    queryFn: ({ pageParam, signal }) => getOfferRequests(filters, pageParam, signal),
    initialPageParam: 0,
    // A full page may have a next one; a short page is the last.
    getNextPageParam: (last, pages) =>
      last.requests.length < WISHLIST_PAGE_SIZE ? undefined : pages.length * WISHLIST_PAGE_SIZE,
  });
}

/** While new filters load, the previous results stay on screen (no flash of the loading state). */
export function useOfferRequests(filters: WishlistFilters) {
  return useInfiniteQuery({
    ...getOfferRequestsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

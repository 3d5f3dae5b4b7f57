import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { OfferRequest, Priority } from '@trustlinks/contract/offer-requests';
import { api } from '../../../lib/api-client';

export interface OfferRequestsResponse {
  success: boolean;
  requests: OfferRequest[];
}

export interface WishlistFilters {
  vertical: string;
  geo: string;
  priority: Priority | 'all';
}

/** Requests per page (the API allows up to 100). (ours) */
export const WISHLIST_PAGE_SIZE = 50;

/** The wishlist's unsuccessful-load message (docs/product/errors.md), thrown when the body says success: false. */
export class UnsuccessfulLoadError extends Error {
  override readonly name = 'UnsuccessfulLoadError';
}

/**
 * Open offer requests (docs/product/api.md#offers GET /offers/offer-requests), filtered on the server:
 * vertical and GEO as case-insensitive substrings, priority exactly ('all' is no filter).
 */
export async function getOfferRequests(
  filters: WishlistFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<OfferRequestsResponse> {
  const body = await api.get<OfferRequestsResponse>('/offers/offer-requests', {
    query: {
      vertical: filters.vertical.trim(),
      geo: filters.geo.trim(),
      priority: filters.priority === 'all' ? undefined : filters.priority,
      limit: WISHLIST_PAGE_SIZE,
      offset,
    },
    signal,
  });
  if (!body.success) throw new UnsuccessfulLoadError('Failed to fetch offer requests');
  return body;
}

/** Every cached offer-request list starts with 'offer-requests': creating one invalidates them. */
export function wishlistQueryKey(filters: WishlistFilters) {
  return [
    'offer-requests',
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

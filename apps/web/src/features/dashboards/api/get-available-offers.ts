import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OffersResponse } from '@trustlinks/contract/offers';
import { fetchOffers, OFFERS_QUERY_KEY } from '../../../lib/api/offers';

/** Offers per page (the API allows up to 100). (ours) */
export const AVAILABLE_OFFERS_PAGE_SIZE = 24;

/** Active offers of approved entities (docs/product/api.md#offers GET /offers/fetch_all), newest first. */
export function getAvailableOffers(page: number, signal?: AbortSignal): Promise<OffersResponse> {
  return fetchOffers({ page, limit: AVAILABLE_OFFERS_PAGE_SIZE }, signal);
}

export const availableOffersQueryKey = [...OFFERS_QUERY_KEY, 'available'] as const;

export function getAvailableOffersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: availableOffersQueryKey,
    queryFn: ({ pageParam, signal }) => getAvailableOffers(pageParam, signal),
    initialPageParam: 1,
    // A short page is the last; so is a full one the (uncapped) total says is the end.
    getNextPageParam: (last, _pages, lastPage) => {
      if (last.offers.length < AVAILABLE_OFFERS_PAGE_SIZE) return undefined;
      const p = last.pagination;
      if (p && !p.hasNextPage && !p.totalIsCapped) return undefined;
      return lastPage + 1;
    },
  });
}

export function useAvailableOffers() {
  return useInfiniteQuery(getAvailableOffersQueryOptions());
}

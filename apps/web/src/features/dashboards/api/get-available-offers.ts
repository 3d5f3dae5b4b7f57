import { useMemo } from 'react';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { OffersResponse } from '@trustlinks/contract/offers';
import { getOffers, offersQueryKey, OFFERS_QUERY_KEY } from '../../../lib/api/offers';
import { EMPTY_FILTERS, filtersFromSearchParams } from '../../../lib/offers/offer-filters';
import type { OfferFilters } from '../../../lib/offers/offer-filters';

/** Offers per page (the API allows up to 100). (ours) */
export const AVAILABLE_OFFERS_PAGE_SIZE = 24;

/**
 * Active offers of approved entities (docs/product/api.md#offers GET /offers/fetch_all) with the
 * explorer's filters and sort (docs/decisions/030), newest first by default.
 */
export function getAvailableOffers(
  page: number,
  signal?: AbortSignal,
  filters: OfferFilters = EMPTY_FILTERS,
): Promise<OffersResponse> {
  return getOffers(filters, page, AVAILABLE_OFFERS_PAGE_SIZE, signal);
}

export const availableOffersQueryKey = [...OFFERS_QUERY_KEY, 'available'] as const;

export function getAvailableOffersQueryOptions(filters: OfferFilters = EMPTY_FILTERS) {
  return infiniteQueryOptions({
    queryKey: [
      ...availableOffersQueryKey,
      offersQueryKey(filters, AVAILABLE_OFFERS_PAGE_SIZE)[2],
    ] as const,
    queryFn: ({ pageParam, signal }) => getAvailableOffers(pageParam, signal, filters),
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

/**
 * The dashboards' 'Available Offers', filtered as the explorer is: by the same filters in the
 * URL (`?tab=available&title=keto&geo=US`), which the tab's filter panel sets.
 */
export function useAvailableOffers() {
  const [params] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  return useInfiniteQuery({
    ...getAvailableOffersQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

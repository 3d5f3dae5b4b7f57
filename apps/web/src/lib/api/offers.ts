import { useCallback } from 'react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { OfferResponse, OfferSort, OffersResponse } from '@trustlinks/contract/offers';
import * as offers from '@trustlinks/contract/routes/offers';
import { ApiClientError, call } from '../api-client';
import { fieldErrorsFrom } from '../field-errors';
import { useSession } from '../session';
import { effectiveSort, type OfferFilters, type PayoutRangeErrors } from '../offers/offer-filters';

/** What GET /offers/fetch_all filters on; empty values and lists are left out by the API client. */
export interface OffersListQuery {
  title?: string | undefined;
  geo?: string[] | undefined;
  category?: string[] | undefined;
  payout_type?: string[] | undefined;
  entity?: string | undefined;
  payout_min?: string | undefined;
  payout_max?: string | undefined;
  sort?: OfferSort | undefined;
  page: number;
  limit: number;
}

/** Every cached offer list starts with 'offers': publishing or changing an offer invalidates them. */
export const OFFERS_QUERY_KEY = ['offers'] as const;

/**
 * GET /offers/fetch_all (docs/product/api.md#offers): active offers of approved entities, newest
 * first. Lists are sent as repeated parameters. `pagination.total` stops counting at
 * OFFER_LIMITS.countCap (1,000); `totalIsCapped` says so. The explorer, the advertisers' wishlist
 * and the dashboards' available offers all read through here.
 */
export function fetchOffers(query: OffersListQuery, signal?: AbortSignal): Promise<OffersResponse> {
  return call(offers.list, { query }, { signal });
}

/**
 * The API's messages for the payout boxes when it refused the list with a 400 naming them (an
 * inverted range: "payout_min must not be above payout_max"), else undefined: shown by the
 * fields, not as "Failed to fetch offers".
 */
export function payoutRangeErrors(error: unknown): PayoutRangeErrors | undefined {
  if (!(error instanceof ApiClientError) || error.status !== 400) return undefined;
  const errors = fieldErrorsFrom<'payoutMin' | 'payoutMax'>(error.details, {
    payout_min: 'payoutMin',
    payout_max: 'payoutMax',
  });
  return errors.payoutMin || errors.payoutMax
    ? { payoutMin: errors.payoutMin, payoutMax: errors.payoutMax }
    : undefined;
}

/** docs/product/api.md#offers default page size of the explorer (the API's default too). */
export const OFFERS_PAGE_SIZE = 20;

/**
 * A page of the explorer's filtered list (the explorer and the advertisers' wishlist). The signal
 * lets TanStack Query abort a request that a newer search replaced.
 */
export function getOffers(
  filters: OfferFilters,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<OffersResponse> {
  return fetchOffers(
    {
      title: filters.title,
      geo: filters.geo,
      category: filters.category,
      payout_type: filters.payoutType,
      entity: filters.entity,
      payout_min: filters.payoutMin,
      payout_max: filters.payoutMax,
      // Newest is the API's default: left out, as before a search chose Best match.
      sort: effectiveSort(filters) === 'newest' ? undefined : effectiveSort(filters),
      page,
      limit,
    },
    signal,
  );
}

/** Order does not change the result: sorted lists share one cache entry. */
export function offersQueryKey(filters: OfferFilters, limit: number) {
  return [
    ...OFFERS_QUERY_KEY,
    'list',
    {
      title: filters.title,
      geo: [...filters.geo].sort(),
      category: [...filters.category].sort(),
      payoutType: [...(filters.payoutType ?? [])].sort(),
      entity: filters.entity ?? '',
      payoutMin: filters.payoutMin ?? '',
      payoutMax: filters.payoutMax ?? '',
      sort: effectiveSort(filters),
      limit,
    },
  ] as const;
}

export function getOffersQueryOptions(filters: OfferFilters, limit = OFFERS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: offersQueryKey(filters, limit),
    queryFn: ({ pageParam, signal }) => getOffers(filters, pageParam, limit, signal),
    initialPageParam: 1,
    getNextPageParam: (last: OffersResponse) =>
      last.pagination?.hasNextPage ? last.pagination.page + 1 : undefined,
  });
}

/**
 * The filtered list, page after page ('Load more'). While a new filter loads, the previous
 * results stay on screen (dimmed by the page). When the filters change, the query of the old
 * filters loses its last observer and TanStack Query aborts its request if it is still running:
 * that is how "a new search aborts a request still in flight" (docs/product/offers.md#explorer).
 */
export function useOffers(filters: OfferFilters, limit = OFFERS_PAGE_SIZE) {
  return useInfiniteQuery({
    ...getOffersQueryOptions(filters, limit),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /offers/{id} (docs/product/api.md#offers). The API client sends the stored token, so the owners of an offer
 * (and admins) also see it while it is paused or closed; anyone else gets 404 then.
 */
export function getOffer(id: string, signal?: AbortSignal): Promise<OfferResponse> {
  return call(offers.get, { params: { id } }, { signal });
}

/** Per viewer: what the API answers depends on who asks. */
export function offerQueryKey(id: string, userId: string | null) {
  return ['offers', 'detail', id, userId ?? 'public'] as const;
}

export function getOfferQueryOptions(id: string, userId: string | null) {
  return queryOptions({
    queryKey: offerQueryKey(id, userId),
    queryFn: ({ signal }) => getOffer(id, signal),
  });
}

/**
 * One offer, whole. The offer page passes `enabled` false when the whole offer came along in
 * navigation state (docs/product/offers.md#offer-page); a card that came along is not whole.
 */
export function useOffer(id: string, userId: string | null, enabled = true) {
  return useQuery({ ...getOfferQueryOptions(id, userId), enabled });
}

/**
 * Loads an offer (by its page's address: its slug) before its page is opened: the explorer's
 * cards hold only what they show (docs/decisions/043-explorer-cards.md), so a card asks for the
 * rest when a pointer enters it or it takes focus, and the page a click opens most often has it
 * already. Asked once per offer while it is fresh (the queries' staleTime).
 */
export function usePrefetchOffer(): (address: string) => void {
  const client = useQueryClient();
  const userId = useSession()?.user.user_id ?? null;
  return useCallback(
    (address) => void client.prefetchQuery(getOfferQueryOptions(address, userId)),
    [client, userId],
  );
}

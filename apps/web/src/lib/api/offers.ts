import type { OffersResponse } from '@trustlinks/contract/offers';
import { api } from '../api-client';

/** What GET /offers/fetch_all filters on; empty values and lists are left out by the API client. */
export interface OffersListQuery {
  title?: string | undefined;
  geo?: string[] | undefined;
  category?: string[] | undefined;
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
  return api.get<OffersResponse>('/offers/fetch_all', { query: { ...query }, signal });
}

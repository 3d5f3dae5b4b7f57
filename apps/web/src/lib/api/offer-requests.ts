import type { OfferRequestsResponse, Priority } from '@trustlinks/contract/offer-requests';
import * as offerRequests from '@trustlinks/contract/routes/offer-requests';
import { call } from '../api-client';

/** What GET /offers/offer-requests filters on (docs/product/api.md#offers). */
export interface OfferRequestsQuery {
  vertical?: string | undefined;
  geo?: string | undefined;
  priority?: Priority | 'all' | undefined;
  exclude_entity_id?: string | undefined;
  limit: number;
  offset: number;
}

/** Every cached offer-request list starts with 'offer-requests': creating a request or a bid invalidates them. */
export const OFFER_REQUESTS_QUERY_KEY = ['offer-requests'] as const;

/** The lists' unsuccessful-load message (docs/product/errors.md), thrown when the body says success: false. */
export class UnsuccessfulLoadError extends Error {
  override readonly name = 'UnsuccessfulLoadError';
}

/**
 * GET /offers/offer-requests (docs/product/api.md#offers): open offer requests, filtered on the
 * server (vertical and GEO as case-insensitive substrings, priority exactly, minus one entity's
 * own). The wishlist and the dashboards' counter-offer tab read through here.
 */
export async function fetchOfferRequests(
  query: OfferRequestsQuery,
  signal?: AbortSignal,
): Promise<OfferRequestsResponse> {
  const body = await call(offerRequests.list, { query }, { signal });
  if (!body.success) throw new UnsuccessfulLoadError('Failed to fetch offer requests');
  return body;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferResponse } from '@trustlinks/contract/offers';
import { api } from '../../../lib/api-client';

/**
 * GET /offers/{id} (docs/product/api.md#offers). The API client sends the stored token, so the owners of an offer
 * (and admins) also see it while it is paused or closed; anyone else gets 404 then.
 */
export function getOffer(id: string, signal?: AbortSignal): Promise<OfferResponse> {
  return api.get<OfferResponse>(`/offers/${encodeURIComponent(id)}`, { signal });
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

/** Not asked when the offer came along in navigation state (docs/product/offers.md#offer-page). */
export function useOffer(id: string, userId: string | null, enabled = true) {
  return useQuery({ ...getOfferQueryOptions(id, userId), enabled });
}

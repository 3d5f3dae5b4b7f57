import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferListResponse } from '@trustlinks/contract/offers';
import * as offers from '@trustlinks/contract/routes/offers';
import { call } from '../../../lib/api-client';

export type OwnOffersResponse = OfferListResponse;

/**
 * Every offer of the caller's entity, whatever its status, with click and conversion counts
 * (docs/product/api.md#offers GET /offers/entity/{entityId}; the entity's users and admins only).
 */
export function getOwnOffers(entityId: string, signal?: AbortSignal): Promise<OwnOffersResponse> {
  return call(offers.listOfEntity, { params: { entityId } }, { signal });
}

/** Under 'offers': creating, changing or deleting an offer invalidates every offer list. */
export function ownOffersQueryKey(entityId: string) {
  return ['offers', 'entity', 'own', entityId] as const;
}

export function getOwnOffersQueryOptions(entityId: string) {
  return queryOptions({
    queryKey: ownOffersQueryKey(entityId),
    queryFn: ({ signal }) => getOwnOffers(entityId, signal),
  });
}

export function useOwnOffers(entityId: string | null) {
  return useQuery({ ...getOwnOffersQueryOptions(entityId ?? ''), enabled: Boolean(entityId) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@trustlinks/contract/offers';
import { OFFER_LIMITS } from '@trustlinks/contract/offers';
import type { OfferListResponse } from '@trustlinks/contract/offers';
import * as offers from '@trustlinks/contract/routes/offers';
import { call } from '../../../lib/api-client';

/** An offer as the API presents it (contract offerSchema). */
export type EntityOffer = Offer;

export type EntityOffersResponse = OfferListResponse;

/**
 * The public offers of an entity, newest first (docs/product/api.md#offers GET
 * /offers/entity/public/{entityId}): the entity page asks for its first page only
 * (`OFFER_LIMITS.entityPageOffers`) and links to the explorer for the rest.
 */
export function getEntityOffers(
  entityId: string,
  signal?: AbortSignal,
): Promise<EntityOffersResponse> {
  return call(
    offers.listPublicOfEntity,
    { params: { entityId }, query: { limit: OFFER_LIMITS.entityPageOffers } },
    { signal },
  );
}

export function entityOffersQueryKey(entityId: string) {
  return ['offers', 'entity', 'public', entityId, OFFER_LIMITS.entityPageOffers] as const;
}

export function getEntityOffersQueryOptions(entityId: string) {
  return queryOptions({
    queryKey: entityOffersQueryKey(entityId),
    queryFn: ({ signal }) => getEntityOffers(entityId, signal),
  });
}

/** Asked only when the entity has offers (its offer_count): nothing to fetch otherwise. */
export function useEntityOffers(entityId: string, enabled: boolean) {
  return useQuery({ ...getEntityOffersQueryOptions(entityId), enabled });
}

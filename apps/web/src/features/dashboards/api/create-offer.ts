import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferCreateInput } from '@trustlinks/contract/offers';
import type { OfferWithMessageResponse } from '@trustlinks/contract/offers';
import * as offers from '@trustlinks/contract/routes/offers';
import { call } from '../../../lib/api-client';
import { OFFERS_QUERY_KEY } from '../../../lib/api/offers';

export type CreateOfferResponse = OfferWithMessageResponse;

/** Publish an offer for the caller's entity (docs/product/api.md#offers POST /offers/create; entity from the session). */
export function createOffer(body: OfferCreateInput): Promise<CreateOfferResponse> {
  return call(offers.create, { body });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_KEY }),
  });
}

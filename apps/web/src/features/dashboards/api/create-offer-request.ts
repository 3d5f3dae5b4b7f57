import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferRequestCreateInput } from '@trustlinks/contract/offer-requests';
import type { OfferRequestCreatedResponse } from '@trustlinks/contract/offer-requests';
import * as offerRequests from '@trustlinks/contract/routes/offer-requests';
import { call } from '../../../lib/api-client';
import { OFFER_REQUESTS_QUERY_KEY } from '../../../lib/api/offer-requests';

export type CreateOfferRequestResponse = OfferRequestCreatedResponse;

/**
 * Post an offer request for the caller's entity (docs/product/api.md#offers POST /offers/offer-request; the
 * entity comes from the session). Every cached request list (dashboards, wishlist) is refreshed.
 */
export function createOfferRequest(
  body: OfferRequestCreateInput,
): Promise<CreateOfferRequestResponse> {
  return call(offerRequests.create, { body });
}

export function useCreateOfferRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOfferRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFER_REQUESTS_QUERY_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferRequest, OfferRequestCreateInput } from '@trustlinks/contract/offer-requests';
import { api } from '../../../lib/api-client';

export interface CreateOfferRequestResponse {
  success: boolean;
  message: string;
  request: OfferRequest;
}

/**
 * Post an offer request for the caller's entity (docs/product/api.md#offers POST /offers/offer-request; the
 * entity comes from the session). Every cached request list (dashboards, wishlist) is refreshed.
 */
export function createOfferRequest(
  body: OfferRequestCreateInput,
): Promise<CreateOfferRequestResponse> {
  return api.post<CreateOfferRequestResponse>('/offers/offer-request', body);
}

export function useCreateOfferRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOfferRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['offer-requests'] }),
  });
}

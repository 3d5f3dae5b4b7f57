import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferCreateInput } from '@trustlinks/contract/offers';
import { api } from '../../../lib/api-client';

export interface CreateOfferResponse {
  message: string;
  offer: Offer;
}

/** Publish an offer for the caller's entity (docs/product/api.md#offers POST /offers/create; entity from the session). */
export function createOffer(body: OfferCreateInput): Promise<CreateOfferResponse> {
  return api.post<CreateOfferResponse>('/offers/create', body);
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['offers'] }),
  });
}

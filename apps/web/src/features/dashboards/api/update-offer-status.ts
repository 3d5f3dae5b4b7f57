import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferStatus } from '@trustlinks/contract/offers';
import type { OfferWithMessageResponse } from '@trustlinks/contract/offers';
import * as offers from '@trustlinks/contract/routes/offers';
import { call } from '../../../lib/api-client';
import { OFFERS_QUERY_KEY } from '../../../lib/api/offers';

export interface UpdateOfferStatusInput {
  offerId: string;
  status: OfferStatus;
}

export type UpdateOfferStatusResponse = OfferWithMessageResponse;

/** Activate, pause or close an own offer (docs/product/api.md#offers PUT /offers/{id}/status). */
export function updateOfferStatus({
  offerId,
  status,
}: UpdateOfferStatusInput): Promise<UpdateOfferStatusResponse> {
  return call(offers.setStatus, { params: { id: offerId }, body: { status } });
}

export function useUpdateOfferStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfferStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_KEY }),
  });
}

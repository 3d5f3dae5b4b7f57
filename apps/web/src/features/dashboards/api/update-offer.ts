import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferCreateInput } from '@trustlinks/contract/offers';
import * as offers from '@trustlinks/contract/routes/offers';
import { call } from '../../../lib/api-client';
import { OFFERS_QUERY_KEY } from '../../../lib/api/offers';

/**
 * Edit an own offer (PUT /offers/{id}; decision 030): the create form's body, every field sent;
 * its stats and applications are kept.
 */
export function updateOffer(offerId: string, body: OfferCreateInput) {
  return call(offers.update, { params: { id: offerId }, body });
}

export function useUpdateOffer(offerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferCreateInput) => updateOffer(offerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as offers from '@trustlinks/contract/routes/offers';
import { call } from '../../../lib/api-client';
import { OFFERS_QUERY_KEY } from '../../../lib/api/offers';

/** Delete an own offer (docs/product/api.md#offers DELETE /offers/{id}). */
export function deleteOffer(offerId: string): Promise<{ message: string }> {
  return call(offers.remove, { params: { id: offerId } });
}

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_KEY }),
  });
}

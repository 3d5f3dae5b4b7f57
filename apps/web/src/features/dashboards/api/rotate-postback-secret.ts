import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostbackSecretResponse } from '@trustlinks/contract/offers';
import * as offers from '@trustlinks/contract/routes/offers';
import { call } from '../../../lib/api-client';
import { OFFERS_QUERY_KEY } from '../../../lib/api/offers';

/**
 * POST /offers/{id}/postback-secret: a new postback secret for an own offer; the old one is
 * refused from this moment (docs/decisions/025).
 */
export function rotatePostbackSecret(offerId: string): Promise<PostbackSecretResponse> {
  return call(offers.rotatePostbackSecret, { params: { id: offerId } });
}

export function useRotatePostbackSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotatePostbackSecret,
    // The own-offer lists carry the secret: they must show the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFERS_QUERY_KEY }),
  });
}

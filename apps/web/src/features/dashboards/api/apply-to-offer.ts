import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyResponse } from '@trustlinks/contract/applications';
import { api } from '../../../lib/api-client';

export interface ApplyToOfferInput {
  offerId: string;
  /** An optional word to the offer's owner. */
  message?: string | undefined;
}

/**
 * Apply to run an offer (POST /offers/{id}/click, docs/product/api.md#offers; the applying entity comes from the
 * session). The answer is the pending application, which the owner approves or rejects.
 */
export function applyToOffer({ offerId, message }: ApplyToOfferInput): Promise<ApplyResponse> {
  return api.post<ApplyResponse>(`/offers/${encodeURIComponent(offerId)}/click`, {
    message: message?.trim() ? message.trim() : null,
  });
}

export function useApplyToOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}

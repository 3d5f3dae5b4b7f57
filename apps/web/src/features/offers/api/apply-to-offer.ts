import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyResponse } from '@trustlinks/contract/applications';
import { api } from '../../../lib/api-client';

/**
 * POST /offers/{id}/click (docs/product/api.md#offers): apply to run an offer. The applying entity comes from the
 * session on the server; the answer is the pending application (issue 15). A second open
 * application (409), the own offer and an offer that stopped (400), and roles that cannot apply
 * (403) come back as the error's message.
 */
export function applyToOffer(offerId: string): Promise<ApplyResponse> {
  return api.post<ApplyResponse>(`/offers/${encodeURIComponent(offerId)}/click`, {});
}

export function useApplyToOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToOffer,
    // The dashboards' application lists (another feature) read under this key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}

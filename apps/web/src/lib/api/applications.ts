import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyResponse } from '@trustlinks/contract/applications';
import * as applications from '@trustlinks/contract/routes/applications';
import { call } from '../api-client';

export interface ApplyToOfferInput {
  offerId: string;
  /** An optional word to the offer's owner. */
  message?: string | undefined;
  /** Where the applicant will send traffic (docs/decisions/025). */
  trafficSources?: string | undefined;
}

/** Every application list (the dashboards') reads under this key. */
export const APPLICATIONS_QUERY_KEY = ['applications'] as const;

/**
 * POST /offers/{id}/click (docs/product/api.md#offers): apply to run an offer. The applying entity
 * comes from the session on the server; the answer is the pending application, which the owner
 * approves or rejects. A second open application (409), the own offer and an offer that stopped
 * (400), and roles that cannot apply (403) come back as the error's message.
 */
export function applyToOffer({
  offerId,
  message,
  trafficSources,
}: ApplyToOfferInput): Promise<ApplyResponse> {
  return call(applications.apply, {
    params: { id: offerId },
    body: {
      message: message?.trim() ? message.trim() : null,
      traffic_sources: trafficSources?.trim() ? trafficSources.trim() : null,
    },
  });
}

export function useApplyToOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToOffer,
    // Also after a refusal: a 409 means an application is open, which the lists then show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  });
}

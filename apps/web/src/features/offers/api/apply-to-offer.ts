import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ApplyToOfferResponse {
  success: boolean;
  /** False when this entity (or user) already applied today: recorded once per day. */
  counted: boolean;
  message: string;
}

/**
 * POST /offers/{id}/click (SPEC §7.4): apply to an offer. The applying entity comes from the
 * session on the server, so no body is needed. 400 'You cannot apply to your own offer.' and
 * 'This offer is not available any more.' come back as the error message.
 *
 * Nothing to invalidate: the only thing it changes is click_count, which only the offer's owners
 * see, and they cannot apply to their own offer.
 */
export function applyToOffer(offerId: string): Promise<ApplyToOfferResponse> {
  return api.post<ApplyToOfferResponse>(`/offers/${encodeURIComponent(offerId)}/click`);
}

export function useApplyToOffer() {
  return useMutation({ mutationFn: applyToOffer });
}

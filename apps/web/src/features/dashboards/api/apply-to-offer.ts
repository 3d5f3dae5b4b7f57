import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ApplyToOfferResponse {
  success: boolean;
  /** False when this entity already applied today (the click is counted once a day). */
  counted: boolean;
  message: string;
}

/**
 * Apply to an offer, counted as its click (SPEC §7.4 POST /offers/{id}/click; the applying
 * entity comes from the session). Nothing cached changes for the applicant: the counts are the
 * owner's, and owners cannot apply to their own offers.
 */
export function applyToOffer(offerId: string): Promise<ApplyToOfferResponse> {
  return api.post<ApplyToOfferResponse>(`/offers/${encodeURIComponent(offerId)}/click`);
}

export function useApplyToOffer() {
  return useMutation({ mutationFn: applyToOffer });
}

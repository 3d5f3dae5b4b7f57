import { useMutation } from '@tanstack/react-query';
import type { SuccessMessageResponse } from '@trustlinks/contract/offer-requests';
import * as offerRequests from '@trustlinks/contract/routes/offer-requests';
import { call } from '../../../lib/api-client';

export interface ContactRequesterInput {
  requestId: string;
  message: string;
}

export type ContactRequesterResponse = SuccessMessageResponse;

/**
 * Email the affiliate behind a request (docs/product/api.md#offers POST /offers/offer-requests/{id}/contact).
 * Advertisers and networks only (403 otherwise); the API limits messages per hour (429).
 */
export function contactRequester({
  requestId,
  message,
}: ContactRequesterInput): Promise<ContactRequesterResponse> {
  return call(offerRequests.contact, { params: { id: requestId }, body: { message } });
}

export function useContactRequester() {
  return useMutation({ mutationFn: contactRequester });
}

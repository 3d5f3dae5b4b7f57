import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidCreatedResponse } from '@trustlinks/contract/offer-requests';
import { api } from '../../../lib/api-client';
import { OFFER_REQUESTS_QUERY_KEY } from '../../../lib/api/offer-requests';

export interface SubmitBidInput {
  requestId: string;
  bid_amount: number;
  bid_notes: string;
}

export type SubmitBidResponse = BidCreatedResponse;

/**
 * A counter offer on another entity's request (docs/product/api.md#offers POST /offers/offer-requests/{id}/bid;
 * offer_details is sent empty, docs/product/data.md). A new bid replaces the bidder's open one.
 */
export function submitBid({
  requestId,
  bid_amount,
  bid_notes,
}: SubmitBidInput): Promise<SubmitBidResponse> {
  return api.post<SubmitBidResponse>(
    `/offers/offer-requests/${encodeURIComponent(requestId)}/bid`,
    { bid_amount, bid_notes, offer_details: {} },
  );
}

export function useSubmitBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitBid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFER_REQUESTS_QUERY_KEY }),
  });
}

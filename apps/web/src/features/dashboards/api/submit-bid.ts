import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bid } from '@trustlinks/contract/offer-requests';
import { api } from '../../../lib/api-client';

export interface SubmitBidInput {
  requestId: string;
  bid_amount: number;
  bid_notes: string;
}

export interface SubmitBidResponse {
  success: boolean;
  message: string;
  bid: Bid;
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['offer-requests'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidCreatedResponse } from '@trustlinks/contract/offer-requests';
import type { PayoutType } from '@trustlinks/contract/constants';
import * as offerRequests from '@trustlinks/contract/routes/offer-requests';
import { call } from '../../../lib/api-client';
import { OFFER_REQUESTS_QUERY_KEY } from '../../../lib/api/offer-requests';

export interface SubmitBidInput {
  requestId: string;
  bid_amount: number;
  bid_notes: string;
  /** The amount's payout model and optionally one of the bidder's offers (docs/decisions/030). */
  payout_type: PayoutType;
  offer_id: string | null;
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
  payout_type,
  offer_id,
}: SubmitBidInput): Promise<SubmitBidResponse> {
  return call(offerRequests.bid, {
    params: { id: requestId },
    body: { bid_amount, bid_notes, offer_details: {}, payout_type, offer_id },
  });
}

export function useSubmitBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitBid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFER_REQUESTS_QUERY_KEY }),
  });
}

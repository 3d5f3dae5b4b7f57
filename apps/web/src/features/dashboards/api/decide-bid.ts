import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidDecision } from '@trustlinks/contract/offer-requests';
import * as offerRequests from '@trustlinks/contract/routes/offer-requests';
import { call } from '../../../lib/api-client';
import { OFFER_REQUESTS_QUERY_KEY } from '../../../lib/api/offer-requests';
import { APPLICATIONS_QUERY_KEY } from '../../../lib/api/applications';

export interface DecideBidInput {
  bidId: string;
  status: BidDecision;
  note: string;
}

/** Accept or decline a bid on an own request (PUT /offers/bids/{id}; decision 030). */
export function decideBid({ bidId, status, note }: DecideBidInput) {
  return call(offerRequests.decideBid, {
    params: { id: bidId },
    body: { status, note: note.trim() || null },
  });
}

export function useDecideBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideBid,
    onSuccess: async () => {
      // The bids and counts of the requests, and an application an acceptance made.
      await queryClient.invalidateQueries({ queryKey: OFFER_REQUESTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY });
    },
  });
}

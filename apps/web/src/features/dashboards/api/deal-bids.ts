import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BidOfferInput } from '@trustlinks/contract/offer-requests';
import * as offerRequests from '@trustlinks/contract/routes/offer-requests';
import { call } from '../../../lib/api-client';
import { APPLICATIONS_QUERY_KEY } from '../../../lib/api/applications';
import { OFFER_REQUESTS_QUERY_KEY } from '../../../lib/api/offer-requests';

// Accepted counter offers and their terms (docs/decisions/048-agreed-terms.md).

const AWAITING_KEY = [...OFFER_REQUESTS_QUERY_KEY, 'bids', 'awaiting-offer'] as const;

/** GET /offers/bids/awaiting-offer: the bidder's accepted counter offers that still need an offer. */
export function useBidsAwaitingOffer(enabled: boolean) {
  return useQuery({
    queryKey: AWAITING_KEY,
    queryFn: ({ signal }) => call(offerRequests.awaitingOffer, {}, { signal }),
    enabled,
  });
}

/** POST /offers/bids/{id}/offer: link one of the bidder's offers, or create a private one. */
export function useGiveBidOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bidId, ...body }: BidOfferInput & { bidId: string }) =>
      call(offerRequests.giveBidOffer, { params: { id: bidId }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: OFFER_REQUESTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['offers'] });
      await queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY });
    },
  });
}

/** PUT /offers/offer-requests/{id}/reopen: the owner reopens a request an acceptance closed. */
export function useReopenRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => call(offerRequests.reopen, { params: { id: requestId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFER_REQUESTS_QUERY_KEY }),
  });
}

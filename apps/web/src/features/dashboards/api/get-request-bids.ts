import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BidsResponse } from '@trustlinks/contract/offer-requests';
import * as offerRequests from '@trustlinks/contract/routes/offer-requests';
import { call } from '../../../lib/api-client';

export type RequestBidsResponse = BidsResponse;

/** The counter offers on one of the caller's requests (docs/product/api.md#offers GET /offers/offer-requests/{id}/bids). */
export function getRequestBids(
  requestId: string,
  signal?: AbortSignal,
): Promise<RequestBidsResponse> {
  return call(offerRequests.bids, { params: { id: requestId } }, { signal });
}

export function requestBidsQueryKey(requestId: string) {
  return ['offer-requests', 'bids', requestId] as const;
}

export function getRequestBidsQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: requestBidsQueryKey(requestId),
    queryFn: ({ signal }) => getRequestBids(requestId, signal),
  });
}

export function useRequestBids(requestId: string) {
  return useQuery(getRequestBidsQueryOptions(requestId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferRequestsResponse } from '@trustlinks/contract/offer-requests';
import * as offerRequests from '@trustlinks/contract/routes/offer-requests';
import { call } from '../../../lib/api-client';

export type MyRequestsResponse = OfferRequestsResponse;

/** The caller's own offer requests with bid counts (docs/product/api.md#offers GET /offers/offer-requests/user/{userId}). */
export async function getMyRequests(
  userId: string,
  signal?: AbortSignal,
): Promise<MyRequestsResponse> {
  const body = await call(offerRequests.listOfUser, { params: { userId } }, { signal });
  if (!body.success) throw new Error('Failed to fetch your requests');
  return body;
}

export function myRequestsQueryKey(userId: string) {
  return ['offer-requests', 'user', userId] as const;
}

export function getMyRequestsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: myRequestsQueryKey(userId),
    queryFn: ({ signal }) => getMyRequests(userId, signal),
  });
}

export function useMyRequests(userId: string) {
  return useQuery(getMyRequestsQueryOptions(userId));
}

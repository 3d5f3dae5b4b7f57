import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerificationStatusResponse } from '@trustlinks/contract/identity';
import * as identity from '@trustlinks/contract/routes/identity';
import { call } from '../api-client';

/** Whether the caller has verified access (docs/product/api.md#users GET /users/verification-status). */
export function getVerificationStatus(signal?: AbortSignal): Promise<VerificationStatusResponse> {
  return call(identity.verificationStatus, {}, { signal });
}

export function verificationStatusQueryKey(viewerId: string) {
  return ['identity', 'verification-status', viewerId] as const;
}

export function getVerificationStatusQueryOptions(viewerId: string) {
  return queryOptions({
    queryKey: verificationStatusQueryKey(viewerId),
    queryFn: ({ signal }) => getVerificationStatus(signal),
  });
}

/** Only for a logged-in viewer (visitors have no status to ask for). */
export function useVerificationStatus(viewerId: string | null) {
  return useQuery({
    ...getVerificationStatusQueryOptions(viewerId ?? ''),
    enabled: Boolean(viewerId),
  });
}

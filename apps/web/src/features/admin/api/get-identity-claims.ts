import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentityClaimsResponse, IdentityClaimStatus } from '@trustlinks/contract/identity';
import * as identity from '@trustlinks/contract/routes/identity';
import { call } from '../../../lib/api-client';

export interface IdentityClaimsParams {
  status: IdentityClaimStatus;
  page: number;
  limit: number;
}

/** Rows per page of the claims table (ours; the API allows up to 100). */
export const IDENTITY_CLAIMS_PAGE_SIZE = 20;

/** LinkedIn identity claims of one status, paged (GET /admin/identity-claims). */
export function getIdentityClaims(
  { status, page, limit }: IdentityClaimsParams,
  signal?: AbortSignal,
): Promise<IdentityClaimsResponse> {
  return call(identity.listClaims, { query: { status, page, limit } }, { signal });
}

export const identityClaimsRootKey = ['admin', 'identity-claims'] as const;

export function getIdentityClaimsQueryOptions(params: IdentityClaimsParams) {
  return queryOptions({
    queryKey: [...identityClaimsRootKey, params.status, params.page, params.limit] as const,
    queryFn: ({ signal }) => getIdentityClaims(params, signal),
  });
}

/** The previous page stays on screen while the next page or filter loads. */
export function useIdentityClaims(params: IdentityClaimsParams) {
  return useQuery({ ...getIdentityClaimsQueryOptions(params), placeholderData: keepPreviousData });
}

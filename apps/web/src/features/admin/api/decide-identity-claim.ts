import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DecideIdentityClaimBody,
  DecideIdentityClaimResponse,
} from '@trustlinks/contract/identity';
import * as identity from '@trustlinks/contract/routes/identity';
import { call } from '../../../lib/api-client';
import { adminUsersRootKey } from './get-admin-users';
import { identityClaimsRootKey } from './get-identity-claims';

export interface DecideIdentityClaimInput extends DecideIdentityClaimBody {
  id: string;
}

/** Approve or reject a LinkedIn claim (PUT /admin/identity-claims/{id}); a rejection needs a note. */
export function decideIdentityClaim({
  id,
  ...body
}: DecideIdentityClaimInput): Promise<DecideIdentityClaimResponse> {
  return call(identity.decideClaim, { params: { id }, body });
}

export const identityClaimDecisionKey = ['admin', 'identity-claim-decision'] as const;

/** The claim leaves the queue: the claim lists (and the users, whose verification changed) reload. */
export function useDecideIdentityClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: identityClaimDecisionKey,
    mutationFn: decideIdentityClaim,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: identityClaimsRootKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersRootKey }),
      ]),
  });
}

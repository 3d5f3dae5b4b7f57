import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyIdentityBody, VerifyIdentityResponse } from '@trustlinks/contract/identity';
import * as identity from '@trustlinks/contract/routes/identity';
import { call } from '../../../lib/api-client';
import { companyContactsRootKey } from './get-company-contacts';
import { verificationStatusQueryKey } from '../../../lib/api/verification-status';

/** Verifies the caller by LinkedIn profile or business email (docs/product/api.md#users POST /users/verify-identity). */
export function verifyIdentity(body: VerifyIdentityBody): Promise<VerifyIdentityResponse> {
  return call(identity.verify, { body });
}

/**
 * On success the status is reloaded (docs/product/states.md) and cached contacts are dropped: they were fetched
 * with limited access.
 */
export function useVerifyIdentity(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyIdentity,
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(verificationStatusQueryKey(viewerId), { data });
      queryClient.removeQueries({ queryKey: companyContactsRootKey });
      await queryClient.invalidateQueries({ queryKey: verificationStatusQueryKey(viewerId) });
    },
  });
}

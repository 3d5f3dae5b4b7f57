import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmIdentityBody, VerifyIdentityResponse } from '@trustlinks/contract/identity';
import * as identity from '@trustlinks/contract/routes/identity';
import { call } from '../../../lib/api-client';
import { companyContactsRootKey } from './get-company-contacts';
import { verificationStatusQueryKey } from '../../../lib/api/verification-status';

/** Confirms a business email with the code mailed to it (POST /users/verify-identity/confirm). */
export function confirmIdentity(body: ConfirmIdentityBody): Promise<VerifyIdentityResponse> {
  return call(identity.confirm, { body });
}

/**
 * On success the status is reloaded (docs/product/states.md) and cached contacts are dropped: they were fetched
 * with limited access. A refused code may have used up the code: the status is read again then too.
 */
export function useConfirmIdentity(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmIdentity,
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(verificationStatusQueryKey(viewerId), { data });
      queryClient.removeQueries({ queryKey: companyContactsRootKey });
      await queryClient.invalidateQueries({ queryKey: verificationStatusQueryKey(viewerId) });
    },
    onError: () =>
      queryClient.invalidateQueries({ queryKey: verificationStatusQueryKey(viewerId) }),
  });
}

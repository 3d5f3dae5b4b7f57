import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as mfa from '@trustlinks/contract/routes/mfa';
import { call } from '../../../lib/api-client';
import { adminUsersRootKey } from './get-admin-users';

/** Require (or stop requiring) a second factor of one account: PUT /admin/users/{id}/mfa-required. */
export function useRequireMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, required }: { id: string; required: boolean }) =>
      call(mfa.adminSetRequired, { params: { id }, body: { required } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersRootKey }),
  });
}

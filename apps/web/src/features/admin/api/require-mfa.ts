import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@trustlinks/contract/users';
import { api } from '../../../lib/api-client';
import { adminUsersRootKey } from './get-admin-users';

/** Require (or stop requiring) a second factor of one account: PUT /admin/users/{id}/mfa-required. */
export function useRequireMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, required }: { id: string; required: boolean }) =>
      api.put<MessageResponse>(`/admin/users/${encodeURIComponent(id)}/mfa-required`, {
        required,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersRootKey }),
  });
}

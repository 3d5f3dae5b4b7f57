import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserStatusResponse } from '@trustlinks/contract/admin';
import * as admin from '@trustlinks/contract/routes/admin';
import { call } from '../../../lib/api-client';
import { adminAuditRootKey } from './get-admin-audit';
import { adminUsersRootKey } from './get-admin-users';
import type { AdminUsersResponse } from '@trustlinks/contract/admin';

export interface UpdateUserStatusInput {
  id: string;
  status: 'active' | 'banned';
  /** Required (docs/decisions/032): stored, audited and mailed to the user. */
  reason: string;
}

export type UpdateUserStatusResponse = UserStatusResponse;

/** Ban or unban with a reason (PUT /admin/users/{id}/status); a ban ends the user's sessions; 400 for oneself. */
export function updateUserStatus({
  id,
  status,
  reason,
}: UpdateUserStatusInput): Promise<UpdateUserStatusResponse> {
  return call(admin.setUserStatus, { params: { id }, body: { status, reason } });
}

export const userStatusKey = ['admin', 'user-status'] as const;

/** The row shows the server's answer at once; the lists are then refetched. */
export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userStatusKey,
    mutationFn: updateUserStatus,
    onSuccess: ({ user }) => {
      queryClient.setQueriesData<AdminUsersResponse>({ queryKey: adminUsersRootKey }, (data) =>
        data ? { ...data, users: data.users.map((u) => (u.id === user.id ? user : u)) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminAuditRootKey });
      return queryClient.invalidateQueries({ queryKey: adminUsersRootKey });
    },
  });
}

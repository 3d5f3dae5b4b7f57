import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@trustlinks/contract/users';
import type { UserWithMessageResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

export type ChangePasswordResponse = UserWithMessageResponse;

/**
 * Changes the password of the logged-in account (docs/product/api.md#users, with the
 * current password, docs/decisions/010). This session stays; the others end. Never shared.
 */
export function changePassword(
  body: Required<Pick<ResetPasswordBody, 'current_password' | 'new_password'>>,
): Promise<ChangePasswordResponse> {
  return call(users.resetPassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

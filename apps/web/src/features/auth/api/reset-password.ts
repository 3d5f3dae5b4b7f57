import { useMutation } from '@tanstack/react-query';
import type { UserWithMessageResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

export type ResetPasswordResponse = UserWithMessageResponse;

/**
 * The forced password reset after login (docs/product/accounts.md#login): works with the session that still carries
 * password_reset_required, which stays valid afterwards. Never shared (docs/product/api.md).
 */
export function resetPassword(newPassword: string): Promise<ResetPasswordResponse> {
  return call(users.resetPassword, { body: { new_password: newPassword } });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordConfirmBody } from '@trustlinks/contract/users';
import type { MessageResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

export type ConfirmPasswordResetResponse = MessageResponse;

/**
 * Sets a new password with the token of a mailed reset link (no session needed; every session of
 * the account ends). Never shared, like every reset-password call (docs/product/api.md#users).
 */
export function confirmPasswordReset(
  body: ResetPasswordConfirmBody,
): Promise<ConfirmPasswordResetResponse> {
  return call(users.confirmPasswordReset, { body });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}

import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@trustlinks/contract/users';
import type { MessageResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

export type ForgotPasswordResponse = MessageResponse;

/**
 * 'Forgot password?' (ours, docs/decisions/010): mails a single-use reset link when the address
 * has an account; the answer is the same for every address. Never shared.
 */
export function forgotPassword(body: ForgotPasswordBody): Promise<ForgotPasswordResponse> {
  return call(users.forgotPassword, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

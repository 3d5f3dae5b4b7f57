import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

export type ResendVerificationResponse = MessageResponse;

/** A new verification link (docs/product/api.md#users); the answer is the same for every email (no enumeration). */
export function resendVerification(email: string): Promise<ResendVerificationResponse> {
  return call(users.resendVerification, { body: { email } });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

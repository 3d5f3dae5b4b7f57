import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@trustlinks/contract/users';
import { api } from '../../../lib/api-client';

export type ResendVerificationResponse = MessageResponse;

/** A new verification link (docs/product/api.md#users); the answer is the same for every email (no enumeration). */
export function resendVerification(email: string): Promise<ResendVerificationResponse> {
  return api.post<ResendVerificationResponse>('/users/resend-verification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

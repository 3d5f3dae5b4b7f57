import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ResendVerificationResponse {
  message: string;
}

/** A new verification link (docs/product/api.md#users); the answer is the same for every email (no enumeration). */
export function resendVerification(email: string): Promise<ResendVerificationResponse> {
  return api.post<ResendVerificationResponse>('/users/resend-verification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

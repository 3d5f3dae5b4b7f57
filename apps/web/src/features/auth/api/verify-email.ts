import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface VerifyEmailResponse {
  message: string;
}

/**
 * Email verification (SPEC §7.1). The token is single-use: a second call answers 400, so the
 * page must call this once per token (see verify-email-page.tsx). Never shared (SPEC §7).
 */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return api.get<VerifyEmailResponse>(`/users/verify-email/${encodeURIComponent(token)}`);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

export type VerifyEmailResponse = MessageResponse;

/**
 * Email verification (docs/product/api.md#users). The token is single-use: a second call answers 400, so the
 * page must call this once per token (see verify-email-page.tsx). Never shared (docs/product/api.md).
 */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return call(users.verifyEmail, { params: { token } });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

import { useMutation } from '@tanstack/react-query';
import type { LoginMfaBody } from '@trustlinks/contract/mfa';
import type { LoginResponse } from '@trustlinks/contract/users';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';
import { passkeyAssertion } from './login-passkey';

/**
 * The login's second step (docs/decisions/033): the mfa_token of the password step and a TOTP or
 * recovery code (or a passkey, below); answers like a login. Its 401 is a wrong code, not an ended session.
 */
export function loginMfa(body: LoginMfaBody): Promise<LoginResponse> {
  return call(users.loginMfa, { body }, { keepSessionOnUnauthorized: true });
}

export function useLoginMfa() {
  return useMutation({ mutationFn: loginMfa });
}

/** The second step with a passkey instead of a code (docs/decisions/034). */
export async function loginMfaWithPasskey(mfaToken: string): Promise<LoginResponse> {
  return loginMfa({ mfa_token: mfaToken, passkey: await passkeyAssertion() });
}

export function useLoginMfaWithPasskey() {
  return useMutation({ mutationFn: loginMfaWithPasskey });
}

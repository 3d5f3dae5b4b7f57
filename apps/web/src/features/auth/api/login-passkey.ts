import { useMutation } from '@tanstack/react-query';
import type { PasskeyLoginBody } from '@trustlinks/contract/passkeys';
import * as passkeys from '@trustlinks/contract/routes/passkeys';
import type { LoginResponse } from '@trustlinks/contract/users';
import { call } from '../../../lib/api-client';

/**
 * Signs in with a passkey (docs/decisions/034): a single-use challenge from the server, the
 * browser's discoverable credential, the same answer as the password login. Its 401 is a refused
 * passkey, not an expired session.
 */
export async function loginWithPasskey(): Promise<LoginResponse> {
  return call(
    passkeys.login,
    { body: await passkeyAssertion() },
    { keepSessionOnUnauthorized: true },
  );
}

/**
 * The browser's passkey answer to a fresh single-use login challenge: what signs in without a
 * password, and what completes a password sign-in as its second factor (login-mfa.ts).
 */
export async function passkeyAssertion(): Promise<PasskeyLoginBody> {
  const { challenge_id, options } = await call(
    passkeys.loginOptions,
    {},
    { keepSessionOnUnauthorized: true },
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  // The library's interfaces carry no index signature; the server checks the content.
  return { challenge_id, response: response as unknown as PasskeyLoginBody['response'] };
}

export function useLoginWithPasskey() {
  return useMutation({ mutationFn: loginWithPasskey });
}

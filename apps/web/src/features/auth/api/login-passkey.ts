import { useMutation } from '@tanstack/react-query';
import type { PasskeyOptionsResponse } from '@trustlinks/contract/passkeys';
import type { LoginResponse } from '@trustlinks/contract/users';
import { api } from '../../../lib/api-client';

/**
 * Signs in with a passkey (docs/decisions/034): a single-use challenge from the server, the
 * browser's discoverable credential, the same answer as the password login. Its 401 is a refused
 * passkey, not an expired session.
 */
export async function loginWithPasskey(): Promise<LoginResponse> {
  const { challenge_id, options } = await api.post<PasskeyOptionsResponse>(
    '/users/login/passkey/options',
    undefined,
    { keepSessionOnUnauthorized: true },
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return api.post<LoginResponse>(
    '/users/login/passkey',
    { challenge_id, response },
    { keepSessionOnUnauthorized: true },
  );
}

export function useLoginWithPasskey() {
  return useMutation({ mutationFn: loginWithPasskey });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasskeyRegisterBody } from '@trustlinks/contract/passkeys';
import * as passkeys from '@trustlinks/contract/routes/passkeys';
import { call } from '../../../lib/api-client';
import { twoFactorQueryKey } from './two-factor';

// The account's passkeys (docs/decisions/034). Never shared between users.

export function passkeysQueryKey(userId: string) {
  return ['users', 'passkeys', userId] as const;
}

/** A passkey is a second factor: the two-factor status counts them (docs/decisions/033). */
function refreshAfterChange(client: ReturnType<typeof useQueryClient>, userId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: passkeysQueryKey(userId) }),
    client.invalidateQueries({ queryKey: twoFactorQueryKey(userId) }),
  ]);
}

export function usePasskeys(userId: string) {
  return useQuery({
    queryKey: passkeysQueryKey(userId),
    queryFn: ({ signal }) => call(passkeys.list, {}, { signal }),
  });
}

/**
 * Registers a passkey: the server checks the password and hands out options, the browser
 * creates the credential (@simplewebauthn/browser, loaded when needed), the server stores it.
 */
async function registerPasskey(input: {
  currentPassword: string;
  name: string;
  emailCode?: string;
}) {
  // The mailed code, when the session may only set up a second factor (docs/decisions/033).
  const emailCode = input.emailCode ? { email_code: input.emailCode } : {};
  const { challenge_id, options } = await call(passkeys.registrationOptions, {
    body: { current_password: input.currentPassword, ...emailCode },
  });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  // The library's interfaces carry no index signature; the server checks the content.
  const answer = response as unknown as PasskeyRegisterBody['response'];
  return call(passkeys.register, {
    body: { challenge_id, name: input.name, response: answer, ...emailCode },
  });
}

export function useRegisterPasskey(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSettled: () => refreshAfterChange(client, userId),
  });
}

/** Removes a passkey: the server asks for the current password again (docs/decisions/033). */
export function useRemovePasskey(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, currentPassword }: { id: string; currentPassword: string }) =>
      call(passkeys.remove, { params: { id }, body: { current_password: currentPassword } }),
    onSettled: () => refreshAfterChange(client, userId),
  });
}

import {
  verifyAuthenticationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { passkeyAuthenticationResponseSchema } from '@trustlinks/contract/passkeys';
import type { Config } from '../../config';
import { unauthorized } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import {
  consumeChallenge,
  findPasskeyByCredentialId,
  recordPasskeyUse,
} from './passkeys.repository';
import { USERS_MESSAGES } from './users.messages';

// The passkey assertion check on its own (docs/decisions/034): used by the sign-in without a
// password (passkeys.service.ts) and by the second step of a password sign-in
// (mfa/mfa.service.ts), which must not depend on the users service.

type AssertionJSON = z.output<typeof passkeyAuthenticationResponseSchema>;

/** The RP ID and origin: the settings, else APP_URL's host name and origin. */
export function relyingParty(config: Pick<Config, 'APP_URL' | 'PASSKEY_RP_ID' | 'PASSKEY_ORIGIN'>) {
  const app = new URL(config.APP_URL);
  return { id: config.PASSKEY_RP_ID ?? app.hostname, origin: config.PASSKEY_ORIGIN ?? app.origin };
}

/**
 * THE passkey assertion check (sign-in without a password, and a passkey as the second factor
 * of a password sign-in): spends the login challenge, finds the passkey, verifies the signature
 * with user verification, and refuses a signature counter that did not move forward (a cloned
 * authenticator, as @simplewebauthn/server advises). Answers the account's id or a 401.
 */
export async function verifyPasskeyAssertion(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  input: { response: AssertionJSON; challengeId: string },
): Promise<string> {
  const challenge = isUuid(input.challengeId)
    ? await consumeChallenge(deps.db, input.challengeId, 'login', null)
    : undefined;
  if (!challenge) throw unauthorized(USERS_MESSAGES.passkeyChallengeExpired);
  const passkey = await findPasskeyByCredentialId(deps.db, input.response.id);
  if (!passkey) throw unauthorized(USERS_MESSAGES.passkeyUnknown);
  const handle = input.response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) {
    throw unauthorized(USERS_MESSAGES.passkeyNotVerified);
  }
  const rp = relyingParty(deps.config);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: true,
    });
  } catch (error) {
    deps.log.info({ err: error, passkeyId: passkey.id }, 'passkey assertion refused');
    throw unauthorized(USERS_MESSAGES.passkeyNotVerified);
  }
  if (!verification.verified) throw unauthorized(USERS_MESSAGES.passkeyNotVerified);
  const { newCounter } = verification.authenticationInfo;
  if (!(await recordPasskeyUse(deps.db, passkey.id, passkey.counter, newCounter))) {
    throw unauthorized(USERS_MESSAGES.passkeyNotVerified);
  }
  return passkey.userId;
}

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import {
  PASSKEY_LIMITS,
  type PasskeyCreated,
  type PasskeyList,
  type PasskeyOptionsResponse,
  type PasskeySummary,
  type passkeyLoginBodySchema,
  type passkeyRegisterBodySchema,
} from '@trustlinks/contract/passkeys';
import type { LoginResponse } from '@trustlinks/contract/users';
import type { SignInClient } from '../../auth/devices';
import { requireFoundById } from '../../auth/policies';
import type { AuthContext } from '../../auth/sessions.service';
import type { PasskeyRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors';
import type { Deps } from '../../lib/deps';
import { MINUTE_MS } from '../../lib/time';
import {
  consumeChallenge,
  countPasskeys,
  deleteOwnPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
} from './passkeys.repository';
import { USERS_MESSAGES } from './users.messages';
import { completeMfaSignIn, findUserById } from './users.service';
import { relyingParty, verifyPasskeyAssertion } from './passkey-assertion';
import { requireRecentAuth } from './recent-auth';
import { hasTotp, mailSecondFactorChange, mustHaveSecondFactor } from './mfa/mfa.service';
import { requireMailedCode, spendMailedCode } from './mfa/enrolment-code.service';

export { relyingParty, verifyPasskeyAssertion };

// Passkeys (WebAuthn) with @simplewebauthn/server (docs/decisions/034): registered
// from the profile after a fresh password check, used to sign in without a password.

/** A WebAuthn challenge is good for this long, once. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * MINUTE_MS;
const RP_NAME = 'TrustLinks';

type RegisterInput = z.output<typeof passkeyRegisterBodySchema>;
type LoginInput = z.output<typeof passkeyLoginBodySchema>;

function toSummary(row: PasskeyRow): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
  };
}

/** Options as the contract's JSON object (the library's interfaces carry no index signature). */
const asJson = (options: { challenge: string }): PasskeyOptionsResponse['options'] => ({
  ...options,
});

/** The WebAuthn user handle of an account: its id's bytes (no personal data). */
const userHandle = (userId: string) => new TextEncoder().encode(userId);

export async function registrationOptions(
  deps: Deps,
  auth: AuthContext,
  currentPassword: string,
  clientIp: string,
  emailCode?: string,
): Promise<PasskeyOptionsResponse> {
  const user = await findUserById(deps.db, auth.user.id);
  if (!user) throw notFound(USERS_MESSAGES.userNotFound);
  await requireRecentAuth(deps, user, currentPassword, clientIp);
  // From an enrolment-only session the mailbox is proven too (docs/decisions/033).
  await requireMailedCode(deps, auth, emailCode);
  const existing = await listPasskeys(deps.db, user.id, PASSKEY_LIMITS.perAccount);
  if (existing.length >= PASSKEY_LIMITS.perAccount) {
    throw badRequest(USERS_MESSAGES.tooManyPasskeys);
  }
  const rp = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userID: userHandle(user.id),
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    attestationType: 'none',
    // Discoverable (sign-in without typing the email) and always with the person's PIN or
    // biometrics, so a passkey alone is two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransportFuture[],
    })),
  });
  const challengeId = await insertChallenge(deps.db, {
    purpose: 'register',
    userId: user.id,
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
  });
  return { challenge_id: challengeId, options: asJson(options) };
}

export async function registerPasskey(
  deps: Deps,
  auth: AuthContext,
  input: RegisterInput,
): Promise<PasskeyCreated> {
  await requireMailedCode(deps, auth, input.email_code);
  const challenge = await consumeChallenge(deps.db, input.challenge_id, 'register', auth.user.id);
  if (!challenge) throw badRequest(USERS_MESSAGES.passkeyChallengeExpired);
  const rp = relyingParty(deps.config);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      // The contract checked the shape; the library checks the content (transports included).
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    deps.log.info({ err: error }, 'passkey registration refused');
    throw badRequest(USERS_MESSAGES.passkeyNotVerified);
  }
  const info = verification.registrationInfo;
  if (!verification.verified || !info) throw badRequest(USERS_MESSAGES.passkeyNotVerified);
  if ((await countPasskeys(deps.db, auth.user.id)) >= PASSKEY_LIMITS.perAccount) {
    throw badRequest(USERS_MESSAGES.tooManyPasskeys);
  }
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertPasskey(tx, {
      userId: auth.user.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? input.response.response.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: input.name,
    });
    if (!inserted) throw conflict(USERS_MESSAGES.passkeyAlreadyRegistered);
    await spendMailedCode(tx, auth, input.email_code);
    return inserted;
  });
  // A passkey is a second factor: sessions that had to set one up are free at their next
  // request, as after the app (auth/sessions.service resolveSession).
  const owner = await findUserById(deps.db, auth.user.id);
  if (owner) await mailSecondFactorChange(deps, deps.db, owner, 'passkey_added', row.name);
  deps.wakeMailer();
  return { message: USERS_MESSAGES.passkeyAdded, passkey: toSummary(row) };
}

export async function listOwnPasskeys(deps: Deps, auth: AuthContext): Promise<PasskeyList> {
  const rows = await listPasskeys(deps.db, auth.user.id, PASSKEY_LIMITS.perAccount);
  return { passkeys: rows.map(toSummary) };
}

/**
 * Removes one of the account's passkeys after a fresh password check (recent authentication,
 * docs/decisions/033, as turning the app off): a stolen session alone cannot strip a factor.
 */
export async function removePasskey(
  deps: Deps,
  auth: AuthContext,
  id: string,
  currentPassword: string,
  clientIp: string,
): Promise<{ message: string }> {
  const user = await findUserById(deps.db, auth.user.id);
  if (!user) throw notFound(USERS_MESSAGES.userNotFound);
  await requireRecentAuth(deps, user, currentPassword, clientIp);
  // An account that must have a second factor keeps its last one (mfa/mfa.service.ts).
  if (
    mustHaveSecondFactor(deps.config, user) &&
    (await countPasskeys(deps.db, user.id)) <= 1 &&
    !(await hasTotp(deps.db, user.id))
  ) {
    throw forbidden(USERS_MESSAGES.passkeyLastRequiredFactor);
  }
  const removed = await requireFoundById(
    id,
    (key) => deleteOwnPasskey(deps.db, auth.user.id, key),
    USERS_MESSAGES.passkeyNotFound,
  );
  await mailSecondFactorChange(deps, deps.db, user, 'passkey_removed', removed.name);
  deps.wakeMailer();
  return { message: USERS_MESSAGES.passkeyRemoved };
}

/** Options for signing in with a passkey: a discoverable credential, user verification required. */
export async function loginOptions(deps: Deps): Promise<PasskeyOptionsResponse> {
  const rp = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: [],
  });
  const challengeId = await insertChallenge(deps.db, {
    purpose: 'login',
    userId: null,
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
  });
  return { challenge_id: challengeId, options: asJson(options) };
}

/** Signs in with a passkey: the session exactly as a password login opens it. */
export async function loginWithPasskey(
  deps: Deps,
  input: LoginInput,
  client: SignInClient,
): Promise<LoginResponse> {
  const userId = await verifyPasskeyAssertion(deps, {
    response: input.response,
    challengeId: input.challenge_id,
  });
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized(USERS_MESSAGES.passkeyUnknown);
  // A passkey with user verification proves two factors: the sign-in completes as after a
  // password and a second factor (one place opens sessions: users.service startSignIn).
  return completeMfaSignIn(deps, user, client);
}

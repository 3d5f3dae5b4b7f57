import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { MFA_MESSAGES, type MfaStatusResponse } from '@trustlinks/contract/mfa';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import type { AuthContext } from '../../../auth/sessions.service';
import { generateToken, hashToken, looksLikeToken } from '../../../auth/tokens';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../../errors';
import type { Deps } from '../../../lib/deps';
import { MINUTE_MS } from '../../../lib/time';
import { enqueueMail } from '../../../mail/outbox.repository';
import { secondFactorChangedMail, type SecondFactorChange } from '../../../mail/templates';
import { requireRecentAuth } from '../recent-auth';
import { requireMailedCode, spendMailedCode } from './enrolment-code.service';
import { findUserById } from '../users.repository';
import { verifyPasskeyAssertion } from '../passkey-assertion';
import { countPasskeys, usersWithPasskeys } from '../passkeys.repository';
import { beginMfaAttempt, recordMfaFailure, releaseMfaAttempt } from '../users.throttle';
import {
  acceptTotpStep,
  consumeMfaSignIn,
  countUnusedRecoveryCodes,
  deleteMfaSignIns,
  deleteRecoveryCodes,
  deleteTotp,
  enableTotp,
  findLiveMfaSignIn,
  findTotp,
  insertMfaEvent,
  insertMfaSignIn,
  replaceRecoveryCodes,
  savePendingTotp,
  spendRecoveryCode,
  takeMfaSignInAttempt,
  usersWithEnabledTotp,
} from './mfa.repository';
import { openTotpSecret, sealTotpSecret } from './totp-secrets';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
export const TOTP_ISSUER = 'TrustLinks';
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** A code of the previous or next 30 s step is still accepted (clock drift). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step of a sign-in waits for its code (the mfa_token). */
export const MFA_TOKEN_TTL_MS = 5 * MINUTE_MS;
/** Wrong codes that burn an mfa_token: the sign-in starts again with the password. */
export const MFA_TOKEN_MAX_FAILURES = 3;
export const MFA_EVENTS_LIMIT = 50;

// ---- who has and who must have a second factor ---------------------------------------------

/**
 * The users among `userIds` that have a second factor: an enabled authenticator app or a passkey.
 * The one rule (with hasSecondFactor) for whether a sign-in asks for one.
 */
export async function secondFactorUserIds(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  const [totp, passkey] = await Promise.all([
    usersWithEnabledTotp(db, userIds),
    usersWithPasskeys(db, userIds),
  ]);
  return new Set([...totp, ...passkey]);
}

/** The account's authenticator app is on (its recovery codes belong to it). */
export async function hasTotp(db: DbOrTx, userId: string): Promise<boolean> {
  return Boolean((await findTotp(db, userId))?.enabledAt);
}

export async function hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return (await secondFactorUserIds(db, [userId])).has(userId);
}

/**
 * Which second factors the account has (none: both false). The login tells these only to whoever
 * gave the right password, so its second step offers what the account has (docs/decisions/033).
 */
export async function secondFactorsOf(
  db: DbOrTx,
  userId: string,
): Promise<{ totp: boolean; passkey: boolean }> {
  const [totp, passkey] = await Promise.all([
    usersWithEnabledTotp(db, [userId]),
    usersWithPasskeys(db, [userId]),
  ]);
  return { totp: totp.length > 0, passkey: passkey.length > 0 };
}

/** The account must have a second factor: its group is in MFA_REQUIRED_FOR, or an admin asked. */
export function mustHaveSecondFactor(
  config: Pick<Config, 'MFA_REQUIRED_FOR'>,
  user: Pick<UserRow, 'role' | 'entityId' | 'mfaRequired'>,
): boolean {
  return (
    user.mfaRequired ||
    (config.MFA_REQUIRED_FOR.includes('admin') && user.role === 'admin') ||
    (config.MFA_REQUIRED_FOR.includes('owner') && user.entityId !== null)
  );
}

/** A session opened now for this user may only set up a second factor. */
export async function needsEnrolment(
  db: DbOrTx,
  config: Pick<Config, 'MFA_REQUIRED_FOR'>,
  user: Pick<UserRow, 'id' | 'role' | 'entityId' | 'mfaRequired'>,
): Promise<boolean> {
  return mustHaveSecondFactor(config, user) && !(await hasSecondFactor(db, user.id));
}

// ---- codes ---------------------------------------------------------------------------------

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  });
}

/** The time step a code belongs to, or null when it matches none in the window. */
function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_S, timestamp: now }) + delta;
}

const TOTP_CODE = /^\d{6}$/;
const compact = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Recovery codes: 80 random bits in 16 base32 letters, shown as xxxx-xxxx-xxxx-xxxx. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const letters = Array.from(bytes, (b) => RECOVERY_ALPHABET[b & 31]).join('');
  return letters.match(/.{4}/g)!.join('-');
}
const hashRecoveryCode = (code: string) => hashToken(`mfa-recovery:${compact(code)}`);

async function issueRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/**
 * Checks a TOTP or recovery code of the user's enabled factor and spends it: a TOTP code's time
 * step once, a recovery code for ever. Returns how it was proven, or null.
 */
export async function spendSecondFactorCode(
  db: DbOrTx,
  config: Pick<Config, 'MFA_SECRET_KEY' | 'dataDir'>,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const candidate = compact(code);
  if (TOTP_CODE.test(candidate)) {
    const totp = await findTotp(db, userId);
    if (!totp?.enabledAt) return null;
    const step = matchingStep(openTotpSecret(config, userId, totp.secret), candidate);
    if (step === null) return null;
    return (await acceptTotpStep(db, userId, step)) ? 'totp' : null;
  }
  if (!(await spendRecoveryCode(db, userId, hashRecoveryCode(candidate)))) return null;
  await insertMfaEvent(db, { userId, actorId: userId, action: 'recovery_code_used' });
  return 'recovery';
}

// ---- the sign-in step between password and session -----------------------------------------

/** The password was right and the account has a second factor: a pending sign-in for its code. */
export async function beginMfaSignIn(db: DbOrTx, userId: string): Promise<string> {
  const token = generateToken();
  await insertMfaSignIn(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + MFA_TOKEN_TTL_MS),
  });
  return token;
}

export type SecondFactorProof = { code?: string | undefined; passkey?: PasskeyProof | undefined };
type PasskeyProof = {
  challenge_id: string;
  response: Parameters<typeof verifyPasskeyAssertion>[1]['response'];
};

/** A passkey of this very account, verified (and its challenge spent); false for anyone else's. */
export async function provenByPasskey(deps: Deps, userId: string, proof: PasskeyProof) {
  try {
    const owner = await verifyPasskeyAssertion(deps, {
      response: proof.response,
      challengeId: proof.challenge_id,
    });
    return owner === userId;
  } catch {
    return false;
  }
}

/**
 * `POST /users/login/mfa`: the user whose pending sign-in this code (or passkey) completes. A
 * wrong code or passkey counts against the account (users.throttle.ts) and the token; a few burn
 * it. The token is spent here.
 */
export async function verifyMfaSignIn(
  deps: Deps,
  input: { mfa_token: string } & SecondFactorProof,
  clientIp: string,
): Promise<UserRow> {
  if (!looksLikeToken(input.mfa_token)) throw unauthorized(MFA_MESSAGES.signInExpired);
  const pending = await findLiveMfaSignIn(deps.db, hashToken(input.mfa_token));
  if (!pending) throw unauthorized(MFA_MESSAGES.signInExpired);
  const user = await findUserById(deps.db, pending.userId);
  if (!user) throw unauthorized(MFA_MESSAGES.signInExpired);
  // Both counts take their place before the code is checked (users.throttle.ts): the account's
  // MFA_FAILURES_PER_ACCOUNT_PER_HOUR, then the token's MFA_TOKEN_MAX_FAILURES.
  const attempt = await beginMfaAttempt(deps.db, deps.config, user, clientIp);
  if (!(await takeMfaSignInAttempt(deps.db, pending.id, MFA_TOKEN_MAX_FAILURES))) {
    await releaseMfaAttempt(deps.db, attempt);
    throw unauthorized(MFA_MESSAGES.signInExpired);
  }
  const byPasskey = input.passkey ? await provenByPasskey(deps, user.id, input.passkey) : false;
  let proven: boolean;
  try {
    proven = await deps.db.transaction(async (tx) => {
      if (
        input.passkey
          ? !byPasskey
          : !(await spendSecondFactorCode(tx, deps.config, user.id, input.code ?? ''))
      ) {
        return false;
      }
      // Two requests with one token: only one spends it (the other's code stays unspent).
      if (!(await consumeMfaSignIn(tx, pending.id))) {
        throw unauthorized(MFA_MESSAGES.signInExpired);
      }
      return true;
    });
  } catch (err) {
    await releaseMfaAttempt(deps.db, attempt);
    throw err;
  }
  if (!proven) {
    await recordMfaFailure(deps.db, attempt);
    throw unauthorized(MFA_MESSAGES.invalidCode);
  }
  await releaseMfaAttempt(deps.db, attempt);
  return user;
}

/**
 * Tells the owner that the account's factors changed (from its own profile): queued with the
 * change, sent after it commits (call deps.wakeMailer() then).
 */
export async function mailSecondFactorChange(
  deps: Pick<Deps, 'config'>,
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  change: SecondFactorChange,
  passkeyName?: string,
): Promise<void> {
  await enqueueMail(
    db,
    { to: user.email, recipientUserId: user.id },
    secondFactorChangedMail({
      firstName: user.firstName,
      change,
      ...(passkeyName === undefined ? {} : { passkeyName }),
      at: new Date(),
      profileUrl: `${deps.config.APP_URL}/profile`,
      forgotPasswordUrl: `${deps.config.APP_URL}/login?forgot=true`,
    }),
  );
}

// ---- the account's own factor (profile) ----------------------------------------------------

export async function currentUser(deps: Deps, auth: AuthContext): Promise<UserRow> {
  const user = await findUserById(deps.db, auth.user.id);
  if (!user) throw notFound(MFA_MESSAGES.userNotFound);
  return user;
}

/** The current password given again, and the address it came from (requireRecentAuth). */
type PasswordProof = [currentPassword: string, clientIp: string];

/** The signed-in user, once the current password is given again (docs/decisions/033). */
async function recentlyAuthenticated(
  deps: Deps,
  auth: AuthContext,
  ...[currentPassword, clientIp]: PasswordProof
): Promise<UserRow> {
  const user = await currentUser(deps, auth);
  await requireRecentAuth(deps, user, currentPassword, clientIp);
  return user;
}

export async function getMfaStatus(deps: Deps, auth: AuthContext): Promise<MfaStatusResponse> {
  const user = await currentUser(deps, auth);
  const [enabled, left, passkeys] = await Promise.all([
    hasTotp(deps.db, user.id),
    countUnusedRecoveryCodes(deps.db, user.id),
    countPasskeys(deps.db, user.id),
  ]);
  return {
    totp_enabled: enabled,
    passkeys,
    recovery_codes_left: enabled ? left : 0,
    required: mustHaveSecondFactor(deps.config, user),
    enrolment_code_required: Boolean(auth.mfaEnrolmentRequired),
  };
}

/**
 * Starts (or restarts) an enrolment: a new secret, its otpauth URI and QR code. From an
 * enrolment-only session the mailed code must be right (it is spent by the confirmation).
 */
export async function startTotpEnrolment(deps: Deps, auth: AuthContext, emailCode?: string) {
  const user = await currentUser(deps, auth);
  await requireMailedCode(deps, auth, emailCode);
  const secret = new Secret({ size: 20 }).base32;
  const saved = await savePendingTotp(
    deps.db,
    user.id,
    sealTotpSecret(deps.config, user.id, secret),
  );
  if (!saved) throw conflict(MFA_MESSAGES.alreadyEnabled);
  const uri = totpFor(secret, user.email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauth_uri: uri,
    qr_data_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Confirms the enrolment with a first code: the app is on, ten recovery codes are issued (shown
 * this once) and the account's sessions that had to enrol are free (at their next request). From
 * an enrolment-only session the mailed code is needed too, and spent.
 */
export async function confirmTotpEnrolment(
  deps: Deps,
  auth: AuthContext,
  code: string,
  clientIp: string,
  emailCode?: string,
) {
  const user = await currentUser(deps, auth);
  const pending = await findTotp(deps.db, user.id);
  if (pending?.enabledAt) throw conflict(MFA_MESSAGES.alreadyEnabled);
  if (!pending) throw badRequest(MFA_MESSAGES.noPendingEnrolment);
  await requireMailedCode(deps, auth, emailCode);
  const attempt = await beginMfaAttempt(deps.db, deps.config, user, clientIp);
  const candidate = compact(code);
  const step = TOTP_CODE.test(candidate)
    ? matchingStep(openTotpSecret(deps.config, user.id, pending.secret), candidate)
    : null;
  if (step === null) {
    await recordMfaFailure(deps.db, attempt);
    throw badRequest(MFA_MESSAGES.invalidCode);
  }
  await releaseMfaAttempt(deps.db, attempt);
  const codes = await deps.db.transaction(async (tx) => {
    if (!(await enableTotp(tx, user.id, step))) throw badRequest(MFA_MESSAGES.invalidCode);
    await spendMailedCode(tx, auth, emailCode);
    const issued = await issueRecoveryCodes(tx, user.id);
    await insertMfaEvent(tx, { userId: user.id, actorId: user.id, action: 'enabled' });
    await mailSecondFactorChange(deps, tx, user, 'totp_enabled');
    return issued;
  });
  deps.wakeMailer();
  return { message: MFA_MESSAGES.enabled, recovery_codes: codes };
}

/** Turns the app off (fresh password check); an account that must have a factor keeps its last. */
export async function disableTotp(deps: Deps, auth: AuthContext, ...proof: PasswordProof) {
  const user = await recentlyAuthenticated(deps, auth, ...proof);
  if (!(await findTotp(deps.db, user.id))) throw badRequest(MFA_MESSAGES.notEnabled);
  if (
    mustHaveSecondFactor(deps.config, user) &&
    (await usersWithPasskeys(deps.db, [user.id])).length === 0
  ) {
    throw forbidden(MFA_MESSAGES.cannotDisableRequired);
  }
  await deps.db.transaction(async (tx) => {
    await deleteTotp(tx, user.id);
    await deleteRecoveryCodes(tx, user.id);
    await deleteMfaSignIns(tx, user.id);
    await insertMfaEvent(tx, { userId: user.id, actorId: user.id, action: 'disabled' });
    await mailSecondFactorChange(deps, tx, user, 'totp_disabled');
  });
  deps.wakeMailer();
  return { message: MFA_MESSAGES.disabled };
}

/** New recovery codes (fresh password check); the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: Deps,
  auth: AuthContext,
  ...proof: PasswordProof
) {
  const user = await recentlyAuthenticated(deps, auth, ...proof);
  // Recovery codes belong to the authenticator app.
  if (!(await hasTotp(deps.db, user.id))) throw badRequest(MFA_MESSAGES.notEnabled);
  const codes = await deps.db.transaction(async (tx) => {
    const issued = await issueRecoveryCodes(tx, user.id);
    await insertMfaEvent(tx, {
      userId: user.id,
      actorId: user.id,
      action: 'recovery_codes_regenerated',
    });
    await mailSecondFactorChange(deps, tx, user, 'recovery_codes_regenerated');
    return issued;
  });
  deps.wakeMailer();
  return { message: MFA_MESSAGES.recoveryCodesRegenerated, recovery_codes: codes };
}

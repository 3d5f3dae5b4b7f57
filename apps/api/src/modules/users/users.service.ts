import type { LoginResult } from '@trustlinks/contract/mfa';
import type { LoginResponse } from '@trustlinks/contract/users';
import type { z } from 'zod';
import type {
  loginBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  resetPasswordConfirmBodySchema,
} from '@trustlinks/contract/users';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { requireWithinRate } from '../../auth/policies';
import { clientKey } from '../../lib/client-key';
import { revokeSession, revokeUserSessions } from '../../auth/sessions.repository';
import type { SignInClient } from '../../auth/devices';
import type { AuthContext } from '../../auth/sessions.service';
import { openSession } from './account-sessions.service';
import { generateToken, hashToken, looksLikeToken } from '../../auth/tokens';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors';
import type { Deps } from '../../lib/deps';
import { hitCounter } from '../../lib/counters.repository';
import { enqueueMail, hasRecentMail } from '../../mail/outbox.repository';
import {
  passwordResetMail,
  signupAttemptMail,
  verifyEmailMail,
  welcomeMail,
} from '../../mail/templates';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { USERS_MESSAGES } from './users.messages';
import { toCurrentUser } from './users.presenter';
import {
  consumeEmailToken,
  countEmailTokensSince,
  deleteUnverifiedUser,
  findUserByEmail,
  findUserById,
  insertEmailToken,
  insertUser,
  invalidateEmailTokens,
  spendTemporaryPassword,
  updateUser,
} from './users.repository';
import { clearLoginFailures, recordLoginFailure, requireLoginAllowed } from './users.throttle';
import { requireRecentAuth } from './recent-auth';
import {
  beginMfaSignIn,
  secondFactorsOf,
  needsEnrolment,
  verifyMfaSignIn,
} from './mfa/mfa.service';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/time';

/**
 * The user rows other modules may read and write (entity accounts, admin status changes, mail
 * recipients): through this service, never the repository (eslint rule, apps/api/README.md).
 */
export { findUserByEmail, findUserById, insertUser, invalidateEmailTokens, updateUser };
/** Whether accounts have a second factor (docs/decisions/033), for the admin list. */
export { hasSecondFactor, secondFactorUserIds } from './mfa/mfa.service';

export const VERIFY_EMAIL_PURPOSE = 'verify_email';
export const VERIFY_TOKEN_TTL_MS = DAY_MS;
export const RESET_PASSWORD_PURPOSE = 'reset_password';
export const RESET_TOKEN_TTL_MS = HOUR_MS;
/** Forgot password: at most this many links per account in any hour (the answer never changes). */
export const RESET_MAX_PER_HOUR = 5;
/** An account that has not proven its email after this long is gone: the address is free again. */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * DAY_MS;
/** The owner of an address someone tries to sign up with hears of it at most this often. */
export const SIGNUP_ATTEMPT_NOTICE_EVERY_MS = DAY_MS;
/** Resend: at most this many verification mails per address per hour (the answer never changes). */
export const RESEND_WINDOW_MS = HOUR_MS;
export const RESEND_MAX_PER_EMAIL = 5;

type RegisterInput = z.output<typeof registerBodySchema>;
type LoginInput = z.output<typeof loginBodySchema>;
type ProfileInput = z.output<typeof profileUpdateBodySchema>;
type ResetPasswordInput = z.output<typeof resetPasswordBodySchema>;
type ResetPasswordConfirmInput = z.output<typeof resetPasswordConfirmBodySchema>;

/**
 * A sign-up that never proved its email within 7 days: it cannot log in, gets no mail, and a new
 * sign-up with that address replaces it. (An account given to an entity is never one.)
 */
function isExpiredSignup(
  user: Pick<UserRow, 'emailVerifiedAt' | 'entityId' | 'createdAt'>,
  now = Date.now(),
): boolean {
  return (
    !user.emailVerifiedAt &&
    !user.entityId &&
    now - user.createdAt.getTime() > UNVERIFIED_ACCOUNT_TTL_MS
  );
}

async function queueVerificationMail(deps: Deps, db: DbOrTx, user: UserRow): Promise<void> {
  const token = generateToken();
  await insertEmailToken(db, {
    userId: user.id,
    purpose: VERIFY_EMAIL_PURPOSE,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
  });
  const link = `${deps.config.APP_URL}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(
    db,
    { to: user.email, recipientUserId: user.id, secret: true },
    verifyEmailMail({ link }),
  );
}

/**
 * Someone signed up with an address that has an account: no change to it, the same answer as a
 * new sign-up, and a notice to the owner (at most one a day). Returns whether a mail was queued.
 */
async function noticeSignupAttempt(deps: Deps, db: DbOrTx, owner: UserRow): Promise<boolean> {
  if (owner.status !== 'active') return false;
  if (await hasRecentMail(db, owner.id, 'signup_attempt', SIGNUP_ATTEMPT_NOTICE_EVERY_MS)) {
    return false;
  }
  await enqueueMail(
    db,
    { to: owner.email, recipientUserId: owner.id },
    signupAttemptMail({
      loginUrl: `${deps.config.APP_URL}/login`,
      forgotPasswordUrl: `${deps.config.APP_URL}/login?forgot=true`,
    }),
  );
  return true;
}

/**
 * Sign-up: always role `user`, unverified, with a verification mail in the same transaction.
 * The answer never tells whether the address was taken (docs/decisions/010): the password is
 * hashed either way, so both paths cost the same.
 */
export async function register(
  deps: Deps,
  input: RegisterInput,
  clientIp: string,
): Promise<{ message: string }> {
  await requireWithinRate(
    deps.db,
    `signup:ip:${clientKey(clientIp)}`,
    { max: deps.config.SIGNUP_LIMIT_PER_HOUR, windowMs: HOUR_MS },
    USERS_MESSAGES.tooManySignups,
  );
  const passwordHash = await hashPassword(input.password);
  const mailed = await deps.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    if (existing && !isExpiredSignup(existing)) return noticeSignupAttempt(deps, tx, existing);
    if (existing) await deleteUnverifiedUser(tx, existing.id);
    const user = await insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      role: 'user',
    });
    // A sign-up with the same address committed in between: it is the existing account now.
    if (!user) return false;
    await queueVerificationMail(deps, tx, user);
    return true;
  });
  if (mailed) deps.wakeMailer();
  return { message: USERS_MESSAGES.registered };
}

export async function verifyEmail(deps: Deps, token: string): Promise<{ message: string }> {
  const firstTime = await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, hashToken(token), VERIFY_EMAIL_PURPOSE);
    if (!userId) throw badRequest(USERS_MESSAGES.badVerificationToken);
    const user = await findUserById(tx, userId);
    if (!user) throw badRequest(USERS_MESSAGES.badVerificationToken);
    if (user.emailVerifiedAt) return false;
    await updateUser(tx, user.id, { emailVerifiedAt: new Date() });
    await enqueueMail(
      tx,
      { to: user.email, recipientUserId: user.id },
      welcomeMail({ firstName: user.firstName, loginUrl: `${deps.config.APP_URL}/login` }),
    );
    return true;
  });
  if (firstTime) deps.wakeMailer();
  return { message: firstTime ? USERS_MESSAGES.verified : USERS_MESSAGES.alreadyVerified };
}

/** Same answer whatever the email (no enumeration); a new link replaces older ones. */
export async function resendVerification(deps: Deps, email: string): Promise<{ message: string }> {
  const sent = await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.emailVerifiedAt || user.status !== 'active' || isExpiredSignup(user)) {
      return false;
    }
    const count = await hitCounter(tx, `resend:${email}`, RESEND_WINDOW_MS);
    if (count > RESEND_MAX_PER_EMAIL) return false;
    await invalidateEmailTokens(tx, user.id, VERIFY_EMAIL_PURPOSE);
    await queueVerificationMail(deps, tx, user);
    return true;
  });
  if (sent) deps.wakeMailer();
  return { message: USERS_MESSAGES.resendAnswer };
}

export async function login(
  deps: Deps,
  input: LoginInput,
  client: SignInClient,
): Promise<LoginResult> {
  const clientIp = client.ip;
  await requireLoginAllowed(deps.db, deps.config, input.email, clientIp);

  const found = await findUserByEmail(deps.db, input.email);
  const user = found && !isExpiredSignup(found) ? found : undefined;
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await recordLoginFailure(deps.db, input.email, clientIp);
    throw unauthorized(USERS_MESSAGES.invalidCredentials);
  }
  requireSignInAllowed(user);
  // With a second factor the password opens no session: its code completes the sign-in
  // (POST /users/login/mfa, completeMfaSignIn).
  const factors = await secondFactorsOf(deps.db, user.id);
  if (factors.totp || factors.passkey) {
    return { mfa_required: true, mfa_token: await beginMfaSignIn(deps.db, user.id), factors };
  }
  return startSignIn(deps, user, client);
}

/** Whether this account may sign in now (its password or second factor already proven). */
function requireSignInAllowed(user: UserRow): void {
  // A temporary password was mailed to the address: using it proves the mailbox.
  const temporary = user.passwordResetRequired;
  if (!temporary && !user.emailVerifiedAt) throw forbidden(USERS_MESSAGES.unverified);
  if (user.status !== 'active') throw forbidden(USERS_MESSAGES.banned);
  if (
    temporary &&
    user.temporaryPasswordExpiresAt &&
    user.temporaryPasswordExpiresAt.getTime() < Date.now()
  ) {
    throw unauthorized(USERS_MESSAGES.temporaryPasswordExpired);
  }
}

/**
 * Opens the session of a sign-in whose proofs are complete: the one place a login starts a
 * session (password, password + second factor, passkey). An account that must have a second
 * factor and has none gets a session that may only set one up (docs/decisions/033: decided again
 * at each request, this answer only tells the web where to go).
 */
async function startSignIn(
  deps: Deps,
  user: UserRow,
  client: SignInClient,
): Promise<LoginResponse> {
  const temporary = user.passwordResetRequired;
  const { token, row, mfaEnrolmentRequired, mailed } = await deps.db.transaction(async (tx) => {
    // The temporary password works once: this login spends it (the session it opens may only
    // choose a new password).
    const current = temporary ? await spendTemporaryPassword(tx, user.id, user.passwordHash) : user;
    if (!current) throw unauthorized(USERS_MESSAGES.invalidCredentials);
    const enrol = await needsEnrolment(tx, deps.config, current);
    const session = await openSession(deps, tx, current, client);
    return {
      token: session.token,
      row: current,
      mfaEnrolmentRequired: enrol,
      mailed: session.mailed,
    };
  });
  if (mailed) deps.wakeMailer();
  await clearLoginFailures(deps.db, user.email, client.ip);
  return {
    token,
    user: toCurrentUser(row),
    password_reset_required: row.passwordResetRequired,
    mfa_enrolment_required: mfaEnrolmentRequired,
  };
}

/**
 * Completes a sign-in whose password step was passed and whose second factor `user` has just
 * proven (mfa/mfa.service.ts verifyMfaSignIn): the account is checked again (a ban or expiry
 * between the steps counts) and the session opens as after a password alone.
 */
export async function completeMfaSignIn(
  deps: Deps,
  user: UserRow,
  client: SignInClient,
): Promise<LoginResponse> {
  requireSignInAllowed(user);
  return startSignIn(deps, user, client);
}

/** `POST /users/login/mfa`: a TOTP or recovery code, or a passkey, completes the pending sign-in. */
export async function loginMfa(
  deps: Deps,
  input: Parameters<typeof verifyMfaSignIn>[1],
  client: SignInClient,
): Promise<LoginResponse> {
  const user = await verifyMfaSignIn(deps, input, client.ip);
  return completeMfaSignIn(deps, user, client);
}

export async function logout(deps: Deps, auth: AuthContext): Promise<{ message: string }> {
  await revokeSession(deps.db, auth.sessionId);
  return { message: USERS_MESSAGES.loggedOut };
}

/**
 * Sets a new password, clears the reset flag and ends every other session of the user. Needs the
 * current password, except in the forced-reset session of a temporary password (the temporary
 * password was spent by that login). A wrong current password counts as a failed login.
 */
export async function resetPassword(
  deps: Deps,
  auth: AuthContext,
  input: ResetPasswordInput,
  clientIp: string,
): Promise<{ message: string; user: ReturnType<typeof toCurrentUser> }> {
  const current = await findUserById(deps.db, auth.user.id);
  if (!current) throw notFound(USERS_MESSAGES.userNotFound);
  const forced = current.passwordResetRequired;
  if (!forced) await requireRecentAuth(deps, current, input.current_password, clientIp);
  if (await verifyPassword(current.passwordHash, input.new_password)) {
    throw badRequest(USERS_MESSAGES.samePassword);
  }
  const passwordHash = await hashPassword(input.new_password);
  const user = await deps.db.transaction(async (tx) => {
    const updated = await updateUser(tx, auth.user.id, {
      passwordHash,
      passwordResetRequired: false,
      temporaryPasswordExpiresAt: null,
    });
    await revokeUserSessions(tx, auth.user.id, auth.sessionId);
    await invalidateEmailTokens(tx, auth.user.id, RESET_PASSWORD_PURPOSE);
    return updated;
  });
  if (!user) throw notFound(USERS_MESSAGES.userNotFound);
  return {
    message: forced ? USERS_MESSAGES.passwordReset : USERS_MESSAGES.passwordChanged,
    user: toCurrentUser(user),
  };
}

/**
 * Forgot password: mails a single-use link (256 bits, stored hashed, 1 hour) when the address
 * has a usable account; the answer is the same whatever the address.
 */
export async function forgotPassword(deps: Deps, email: string): Promise<{ message: string }> {
  const sent = await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.status !== 'active' || isExpiredSignup(user)) return false;
    const recent = await countEmailTokensSince(
      tx,
      user.id,
      RESET_PASSWORD_PURPOSE,
      new Date(Date.now() - HOUR_MS),
    );
    if (recent >= RESET_MAX_PER_HOUR) return false;
    await invalidateEmailTokens(tx, user.id, RESET_PASSWORD_PURPOSE);
    const token = generateToken();
    await insertEmailToken(tx, {
      userId: user.id,
      purpose: RESET_PASSWORD_PURPOSE,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await enqueueMail(
      tx,
      { to: user.email, recipientUserId: user.id, secret: true },
      passwordResetMail({
        link: `${deps.config.APP_URL}/reset-password?token=${encodeURIComponent(token)}`,
        expiresInMinutes: RESET_TOKEN_TTL_MS / MINUTE_MS,
      }),
    );
    return true;
  });
  if (sent) deps.wakeMailer();
  return { message: USERS_MESSAGES.forgotPasswordAnswer };
}

/**
 * Sets a new password with a mailed reset link: spends the link, ends every session and counts
 * the email as verified (the link proved the mailbox), all in one transaction.
 */
export async function confirmPasswordReset(
  deps: Deps,
  input: ResetPasswordConfirmInput,
): Promise<{ message: string }> {
  if (!looksLikeToken(input.token)) throw badRequest(USERS_MESSAGES.badResetToken);
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, hashToken(input.token), RESET_PASSWORD_PURPOSE);
    const user = userId ? await findUserById(tx, userId) : undefined;
    if (!user) throw badRequest(USERS_MESSAGES.badResetToken);
    await updateUser(tx, user.id, {
      passwordHash,
      passwordResetRequired: false,
      temporaryPasswordExpiresAt: null,
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
    });
    await revokeUserSessions(tx, user.id);
    await invalidateEmailTokens(tx, user.id);
  });
  return { message: USERS_MESSAGES.passwordReset };
}

export async function getProfile(deps: Deps, auth: AuthContext) {
  const user = await findUserById(deps.db, auth.user.id);
  if (!user) throw notFound(USERS_MESSAGES.userNotFound);
  return { user: toCurrentUser(user) };
}

export async function updateProfile(
  deps: Deps,
  auth: AuthContext,
  targetId: string,
  input: ProfileInput,
) {
  if (targetId !== auth.user.id) throw forbidden(USERS_MESSAGES.notYourProfile);
  const current = await findUserById(deps.db, auth.user.id);
  if (!current) throw notFound(USERS_MESSAGES.userNotFound);
  if (input.email !== undefined && input.email.toLowerCase() !== current.email) {
    throw badRequest(USERS_MESSAGES.emailNotChangeable);
  }
  const changes: Partial<UserRow> = {};
  if (input.first_name !== undefined) changes.firstName = input.first_name;
  if (input.last_name !== undefined) changes.lastName = input.last_name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.bio !== undefined) changes.bio = input.bio;
  const user = Object.keys(changes).length
    ? await updateUser(deps.db, current.id, changes)
    : current;
  return { message: USERS_MESSAGES.profileUpdated, user: toCurrentUser(user ?? current) };
}

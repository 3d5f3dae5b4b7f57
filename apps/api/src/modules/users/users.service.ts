import type { LoginResponse } from '@trustlinks/contract/users';
import type { z } from 'zod';
import type {
  loginBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
} from '@trustlinks/contract/users';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { revokeSession, revokeUserSessions } from '../../auth/sessions.repository';
import { startSession, type AuthContext } from '../../auth/sessions.service';
import { generateToken, hashToken } from '../../auth/tokens';
import { badRequest, forbidden, HttpError, notFound, unauthorized, conflict } from '../../errors';
import type { Deps } from '../../lib/deps';
import { hitCounter, readCounter, resetCounter } from '../../lib/counters.repository';
import { enqueueMail } from '../../mail/outbox.repository';
import { verifyEmailMail, welcomeMail } from '../../mail/templates';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { USERS_MESSAGES } from './users.messages';
import { toCurrentUser } from './users.presenter';
import {
  consumeEmailToken,
  findUserByEmail,
  findUserById,
  insertEmailToken,
  insertUser,
  invalidateEmailTokens,
  updateUser,
} from './users.repository';

export const VERIFY_EMAIL_PURPOSE = 'verify_email';
export const VERIFY_TOKEN_TTL_MS = 24 * 3600_000;

/** Login throttling: failures per account and per client address in a 15-minute window. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 50;
/** Resend: at most this many verification mails per address per hour (the answer never changes). */
export const RESEND_WINDOW_MS = 3600_000;
export const RESEND_MAX_PER_EMAIL = 5;

type RegisterInput = z.output<typeof registerBodySchema>;
type LoginInput = z.output<typeof loginBodySchema>;
type ProfileInput = z.output<typeof profileUpdateBodySchema>;

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
    { to: user.email, recipientUserId: user.id },
    verifyEmailMail({ firstName: user.firstName, link }),
  );
}

/** Sign-up: always role `user`, unverified, with a verification mail in the same transaction. */
export async function register(deps: Deps, input: RegisterInput): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      role: 'user',
    });
    if (!user) throw conflict(USERS_MESSAGES.emailTaken);
    await queueVerificationMail(deps, tx, user);
  });
  deps.wakeMailer();
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
    if (!user || user.emailVerifiedAt || user.status !== 'active') return false;
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
  clientIp: string,
): Promise<LoginResponse> {
  const accountKey = `login-fail:account:${input.email}`;
  const addressKey = `login-fail:ip:${clientIp}`;
  const [accountFailures, addressFailures] = await Promise.all([
    readCounter(deps.db, accountKey, LOGIN_WINDOW_MS),
    readCounter(deps.db, addressKey, LOGIN_WINDOW_MS),
  ]);
  if (
    accountFailures >= LOGIN_MAX_FAILURES_PER_ACCOUNT ||
    addressFailures >= LOGIN_MAX_FAILURES_PER_ADDRESS
  ) {
    throw new HttpError(429, USERS_MESSAGES.tooManyLoginAttempts);
  }

  const user = await findUserByEmail(deps.db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await hitCounter(deps.db, accountKey, LOGIN_WINDOW_MS);
    await hitCounter(deps.db, addressKey, LOGIN_WINDOW_MS);
    throw unauthorized(USERS_MESSAGES.invalidCredentials);
  }
  if (!user.emailVerifiedAt) throw forbidden(USERS_MESSAGES.unverified);
  if (user.status !== 'active') throw forbidden(USERS_MESSAGES.banned);
  if (
    user.passwordResetRequired &&
    user.temporaryPasswordExpiresAt &&
    user.temporaryPasswordExpiresAt.getTime() < Date.now()
  ) {
    throw unauthorized(USERS_MESSAGES.temporaryPasswordExpired);
  }

  await resetCounter(deps.db, accountKey, LOGIN_WINDOW_MS);
  const { token } = await startSession(deps.db, user.id);
  return {
    token,
    user: toCurrentUser(user),
    password_reset_required: user.passwordResetRequired,
  };
}

export async function logout(deps: Deps, auth: AuthContext): Promise<{ message: string }> {
  await revokeSession(deps.db, auth.sessionId);
  return { message: USERS_MESSAGES.loggedOut };
}

/** Sets a new password, clears the reset flag and ends every other session of the user. */
export async function resetPassword(
  deps: Deps,
  auth: AuthContext,
  newPassword: string,
): Promise<{ message: string; user: ReturnType<typeof toCurrentUser> }> {
  const current = await findUserById(deps.db, auth.user.id);
  if (!current) throw notFound(USERS_MESSAGES.userNotFound);
  if (await verifyPassword(current.passwordHash, newPassword)) {
    throw badRequest(USERS_MESSAGES.samePassword);
  }
  const passwordHash = await hashPassword(newPassword);
  const user = await deps.db.transaction(async (tx) => {
    const updated = await updateUser(tx, auth.user.id, {
      passwordHash,
      passwordResetRequired: false,
      temporaryPasswordExpiresAt: null,
    });
    await revokeUserSessions(tx, auth.user.id, auth.sessionId);
    return updated;
  });
  if (!user) throw notFound(USERS_MESSAGES.userNotFound);
  return { message: USERS_MESSAGES.passwordReset, user: toCurrentUser(user) };
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

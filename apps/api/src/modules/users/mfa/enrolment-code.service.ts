import { randomInt, timingSafeEqual } from 'node:crypto';
import { MFA_ENROLMENT_CODE, MFA_MESSAGES } from '@trustlinks/contract/mfa';
import type { AuthContext } from '../../../auth/sessions.service';
import { requireWithinRate } from '../../../auth/policies';
import { hashToken } from '../../../auth/tokens';
import type { DbOrTx } from '../../../db/client';
import { badRequest, notFound } from '../../../errors';
import type { Deps } from '../../../lib/deps';
import { HOUR_MS, MINUTE_MS } from '../../../lib/time';
import { enqueueMail } from '../../../mail/outbox.repository';
import { mfaEnrolmentCodeMail } from '../../../mail/templates';
import { findUserById } from '../users.repository';
import {
  releaseEnrolmentCodeAttempt,
  saveEnrolmentCode,
  spendEnrolmentCode,
  takeEnrolmentCodeAttempt,
} from './enrolment-code.repository';

/**
 * The mailbox proof of an enrolment from an enrolment-only session (docs/decisions/033): whoever
 * holds only the password of an admin or owner who has not set up a second factor yet cannot
 * enrol their own authenticator or passkey, because that also needs a code mailed to the
 * account's address (MFA_ENROLMENT_CODE: minutes long, single use, a few tries, a few mails an
 * hour). A session that is not limited to enrolment needs no code: it already passed the
 * account's sign-in rules.
 */

const hashCode = (userId: string, code: string) => hashToken(`mfa-enrolment:${userId}:${code}`);

/** `POST /users/mfa/enrolment-code`: mails a new code (the earlier one stops working). */
export async function sendEnrolmentCode(deps: Deps, auth: AuthContext) {
  if (!auth.mfaEnrolmentRequired) throw badRequest(MFA_MESSAGES.enrolmentCodeNotNeeded);
  const user = await findUserById(deps.db, auth.user.id);
  if (!user) throw notFound(MFA_MESSAGES.userNotFound);
  await requireWithinRate(
    deps.db,
    `mfa-enrolment-code:${user.id}`,
    { max: MFA_ENROLMENT_CODE.mailsPerHour, windowMs: HOUR_MS },
    MFA_MESSAGES.tooManyEnrolmentCodes,
  );
  const code = String(randomInt(0, 10 ** MFA_ENROLMENT_CODE.length)).padStart(
    MFA_ENROLMENT_CODE.length,
    '0',
  );
  await deps.db.transaction(async (tx) => {
    await saveEnrolmentCode(tx, {
      userId: user.id,
      codeHash: hashCode(user.id, code),
      expiresAt: new Date(Date.now() + MFA_ENROLMENT_CODE.ttlMinutes * MINUTE_MS),
    });
    await enqueueMail(
      tx,
      { to: user.email, recipientUserId: user.id, secret: true },
      mfaEnrolmentCodeMail({
        firstName: user.firstName,
        code,
        expiresInMinutes: MFA_ENROLMENT_CODE.ttlMinutes,
        forgotPasswordUrl: `${deps.config.APP_URL}/login?forgot=true`,
      }),
    );
  });
  deps.wakeMailer();
  return { message: MFA_MESSAGES.enrolmentCodeSent(user.email) };
}

/**
 * Checks the mailed code when this session may only enrol (nothing to check otherwise). Each try
 * takes its place in the code's count before the check (one statement, so parallel tries are
 * counted exactly); a wrong one keeps it, and MFA_ENROLMENT_CODE.maxAttempts burn the code; the
 * right one gives it back. The code stays unspent: `spendMailedCode` spends it with the
 * enrolment it allows.
 */
export async function requireMailedCode(
  deps: Deps,
  auth: AuthContext,
  emailCode: string | undefined,
): Promise<void> {
  if (!auth.mfaEnrolmentRequired) return;
  if (!emailCode) throw badRequest(MFA_MESSAGES.enrolmentCodeRequired);
  const userId = auth.user.id;
  const row = await takeEnrolmentCodeAttempt(deps.db, userId, MFA_ENROLMENT_CODE.maxAttempts);
  if (!row) throw badRequest(MFA_MESSAGES.enrolmentCodeExpired);
  const given = Buffer.from(hashCode(userId, emailCode));
  const stored = Buffer.from(row.codeHash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    throw badRequest(MFA_MESSAGES.enrolmentCodeInvalid);
  }
  await releaseEnrolmentCodeAttempt(deps.db, userId, row.codeHash);
}

/**
 * Spends the mailed code inside the enrolment's transaction (after requireMailedCode): of two
 * enrolments with one code only one passes.
 */
export async function spendMailedCode(
  db: DbOrTx,
  auth: AuthContext,
  emailCode: string | undefined,
): Promise<void> {
  if (!auth.mfaEnrolmentRequired) return;
  const spent = await spendEnrolmentCode(
    db,
    auth.user.id,
    hashCode(auth.user.id, emailCode ?? ''),
    MFA_ENROLMENT_CODE.maxAttempts,
  );
  if (!spent) throw badRequest(MFA_MESSAGES.enrolmentCodeExpired);
}

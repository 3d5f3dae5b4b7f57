import type { z } from 'zod';
import {
  checkIdentityInput,
  IDENTITY_MESSAGES,
  type AdminIdentity,
  type VerificationMethod,
  type VerificationStatusResponse,
  type VerifyIdentityResponse,
  type verifyIdentityBodySchema,
} from '@trustlinks/contract/identity';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest, conflict, notFound, tooManyRequests } from '../../errors';
import { hitCounter } from '../../lib/counters.repository';
import type { Deps } from '../../lib/deps';
import { enqueueMail } from '../../mail/outbox.repository';
import { identityVerifiedMail } from '../../mail/templates';
import { IDENTITY_SERVER_MESSAGES } from './identity.messages';
import { hasVerifiedAccess, grantingEntityId, toVerificationStatus } from './identity.policy';
import {
  clearIdentityVerification,
  findIdentity,
  markIdentityVerified,
  type IdentityRow,
} from './identity.repository';

/** Verification attempts per user and hour (each one is checked and may send a mail). */
export const VERIFY_ATTEMPTS_PER_HOUR = 10;
const HOUR_MS = 3600_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type VerifyIdentityInput = z.output<typeof verifyIdentityBodySchema>;

async function requireIdentity(deps: Deps, userId: string): Promise<IdentityRow> {
  const row = UUID.test(userId) ? await findIdentity(deps.db, userId) : undefined;
  if (!row) throw notFound(IDENTITY_SERVER_MESSAGES.userNotFound);
  return row;
}

export async function getVerificationStatus(
  deps: Deps,
  user: AuthUser,
): Promise<VerificationStatusResponse> {
  const row = await requireIdentity(deps, user.id);
  return { data: toVerificationStatus(row) };
}

/**
 * Verifies the caller's identity by a LinkedIn profile URL or a business email (SPEC §2.11, §7.1):
 * stores the method and value, and mails a confirmation in the same transaction.
 */
export async function verifyIdentity(
  deps: Deps,
  user: AuthUser,
  input: VerifyIdentityInput,
): Promise<VerifyIdentityResponse> {
  const attempts = await hitCounter(deps.db, `verify-identity:${user.id}`, HOUR_MS);
  if (attempts > VERIFY_ATTEMPTS_PER_HOUR) {
    throw tooManyRequests(IDENTITY_SERVER_MESSAGES.tooManyAttempts);
  }
  const check = checkIdentityInput(input);
  if (!check.ok) throw badRequest(check.message);

  const method: VerificationMethod = input.verification_method;
  const verified = await deps.db.transaction(async (tx) => {
    const row = await markIdentityVerified(tx, user.id, method, check.value);
    if (!row) return undefined;
    await enqueueMail(
      tx,
      { to: row.email, recipientUserId: row.id },
      identityVerifiedMail({
        firstName: row.firstName,
        method,
        databaseUrl: `${deps.config.APP_URL}/affliate-industry`,
      }),
    );
    return row;
  });
  if (!verified) {
    const current = await requireIdentity(deps, user.id);
    return { message: IDENTITY_MESSAGES.alreadyVerified, data: toVerificationStatus(current) };
  }
  deps.wakeMailer();
  return { message: IDENTITY_MESSAGES.verified, data: toVerificationStatus(verified) };
}

function toAdminIdentity(row: IdentityRow): AdminIdentity {
  return {
    user_id: row.id,
    identity_verified: row.identityVerified,
    identity_method: (row.identityMethod as VerificationMethod | null) ?? null,
    identity_value: row.identityValue,
    identity_verified_at: row.identityVerifiedAt?.toISOString() ?? null,
    entity_id: grantingEntityId(row),
    has_verified_access: hasVerifiedAccess(row),
  };
}

export async function getIdentityForAdmin(deps: Deps, userId: string) {
  return { data: toAdminIdentity(await requireIdentity(deps, userId)) };
}

/** Takes a user's identity verification back; access through an approved entity is not touched. */
export async function revokeIdentity(deps: Deps, admin: AuthUser, userId: string) {
  const current = await requireIdentity(deps, userId);
  if (!current.identityVerified) throw conflict(IDENTITY_SERVER_MESSAGES.notVerified);
  const row = await clearIdentityVerification(deps.db, userId);
  if (!row) throw notFound(IDENTITY_SERVER_MESSAGES.userNotFound);
  deps.log.info({ userId, adminId: admin.id }, 'identity verification revoked');
  return { message: IDENTITY_SERVER_MESSAGES.revoked, data: toAdminIdentity(row) };
}

/** Whether the caller may see contact email and phone, read fresh (a revoke applies at once). */
export async function viewerHasVerifiedAccess(deps: Deps, user: AuthUser): Promise<boolean> {
  const row = await findIdentity(deps.db, user.id);
  return row ? hasVerifiedAccess(row) : false;
}

// The admin's part of the second factor (docs/decisions/033): requiring one of an account,
// resetting a lost one with the acting admin's own recent authentication, and the audit list.
import { MFA_MESSAGES } from '@trustlinks/contract/mfa';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import type { AuthContext, AuthUser } from '../../../auth/sessions.service';
import { revokeUserSessions } from '../../../auth/sessions.repository';
import { badRequest, notFound } from '../../../errors';
import type { Deps } from '../../../lib/deps';
import { isUuid } from '../../../lib/ids';
import { enqueueMail } from '../../../mail/outbox.repository';
import { mfaResetAdminNoticeMail, mfaResetByAdminMail } from '../../../mail/templates';
import { adminRecipients } from '../../contact/contact.repository';
import { requireRecentAuth } from '../recent-auth';
import { findUserById, updateUser } from '../users.repository';
import { deleteAllPasskeys } from '../passkeys.repository';
import { beginMfaAttempt, recordMfaFailure, releaseMfaAttempt } from '../users.throttle';
import {
  deleteMfaSignIns,
  deleteRecoveryCodes,
  deleteTotp,
  findTotp,
  insertMfaEvent,
  listMfaEvents,
} from './mfa.repository';
import {
  currentUser,
  hasSecondFactor,
  MFA_EVENTS_LIMIT,
  provenByPasskey,
  spendSecondFactorCode,
  type SecondFactorProof,
} from './mfa.service';

async function adminTarget(db: DbOrTx, admin: AuthUser, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound(MFA_MESSAGES.userNotFound);
  if (id === admin.id) throw badRequest(MFA_MESSAGES.adminNotSelf);
  const target = await findUserById(db, id);
  if (!target) throw notFound(MFA_MESSAGES.userNotFound);
  return target;
}

/**
 * The admin's own recent authentication for the reset: their password and, when they have a
 * second factor, a current code of it (TOTP or recovery code, spent) or a passkey's answer. A
 * wrong one counts against the admin's account like a wrong sign-in code (users.throttle.ts).
 * So one taken-over session or password cannot strip every other account's factor.
 */
async function requireAdminRecentAuth(
  deps: Deps,
  admin: UserRow,
  proof: { current_password: string } & SecondFactorProof,
  clientIp: string,
): Promise<void> {
  await requireRecentAuth(deps, admin, proof.current_password, clientIp);
  if (!(await hasSecondFactor(deps.db, admin.id))) return;
  if (proof.code === undefined && proof.passkey === undefined) {
    throw badRequest(MFA_MESSAGES.adminFactorRequired);
  }
  const attempt = await beginMfaAttempt(deps.db, deps.config, admin, clientIp);
  const proven = proof.passkey
    ? await provenByPasskey(deps, admin.id, proof.passkey)
    : Boolean(await spendSecondFactorCode(deps.db, deps.config, admin.id, proof.code ?? ''));
  if (!proven) {
    await recordMfaFailure(deps.db, attempt);
    throw badRequest(MFA_MESSAGES.adminFactorInvalid);
  }
  await releaseMfaAttempt(deps.db, attempt);
}

/**
 * An owner who lost the factor and the recovery codes, after the admin's checks: the admin
 * confirms with their own password and second factor (requireAdminRecentAuth); the app, its
 * codes, the passkeys and the account's sessions go, the event is in the audit list, the owner is
 * mailed and so is every other admin (a taken-over admin account is seen at once).
 */
export async function adminResetSecondFactor(
  deps: Deps,
  admin: AuthContext,
  id: string,
  proof: { current_password: string } & SecondFactorProof,
  clientIp: string,
) {
  const adminRow = await currentUser(deps, admin);
  const target = await adminTarget(deps.db, admin.user, id);
  await requireAdminRecentAuth(deps, adminRow, proof, clientIp);
  if (!(await findTotp(deps.db, target.id)) && !(await hasSecondFactor(deps.db, target.id))) {
    throw badRequest(MFA_MESSAGES.adminNoFactor);
  }
  await deps.db.transaction(async (tx) => {
    await deleteTotp(tx, target.id);
    await deleteAllPasskeys(tx, target.id);
    await deleteRecoveryCodes(tx, target.id);
    await deleteMfaSignIns(tx, target.id);
    await revokeUserSessions(tx, target.id);
    await insertMfaEvent(tx, { userId: target.id, actorId: admin.user.id, action: 'admin_reset' });
    await enqueueMail(
      tx,
      { to: target.email, recipientUserId: target.id },
      mfaResetByAdminMail({
        firstName: target.firstName,
        loginUrl: `${deps.config.APP_URL}/login`,
      }),
    );
    const at = new Date();
    for (const other of await adminRecipients(tx)) {
      if (other.id === adminRow.id || other.id === target.id) continue;
      await enqueueMail(
        tx,
        { to: other.email, recipientUserId: other.id },
        mfaResetAdminNoticeMail({
          firstName: null,
          actor: `${adminRow.firstName} ${adminRow.lastName} (${adminRow.email})`.trim(),
          target: `${target.firstName} ${target.lastName} (${target.email})`.trim(),
          at,
          usersUrl: `${deps.config.APP_URL}/admin`,
        }),
      );
    }
  });
  deps.wakeMailer();
  return { message: MFA_MESSAGES.adminReset };
}

/** Requires (or no longer requires) a second factor of one account; its live sessions follow. */
export async function adminSetMfaRequired(
  deps: Deps,
  admin: AuthContext,
  id: string,
  required: boolean,
) {
  const target = await adminTarget(deps.db, admin.user, id);
  await deps.db.transaction(async (tx) => {
    // Its sessions follow at their next request (auth/sessions.service resolveSession).
    await updateUser(tx, target.id, { mfaRequired: required });
    await insertMfaEvent(tx, {
      userId: target.id,
      actorId: admin.user.id,
      action: required ? 'admin_required' : 'admin_not_required',
    });
  });
  return { message: required ? MFA_MESSAGES.adminRequired : MFA_MESSAGES.adminNotRequired };
}

export async function adminListMfaEvents(deps: Deps, id: string) {
  if (!isUuid(id)) throw notFound(MFA_MESSAGES.userNotFound);
  const target = await findUserById(deps.db, id);
  if (!target) throw notFound(MFA_MESSAGES.userNotFound);
  const rows = await listMfaEvents(deps.db, target.id, MFA_EVENTS_LIMIT);
  return {
    events: rows.map((r) => ({
      action: r.action,
      actor_id: r.actorId,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

import {
  ADMIN_MESSAGES,
  WORKLOAD_COUNT_CAP,
  type AdminActionKind,
  type AdminAuditResponse,
  type AdminUser,
  type AdminWorkload,
} from '@trustlinks/contract/admin';
import type { Role } from '@trustlinks/contract/constants';
import type { AuthUser } from '../../auth/sessions.service';
import { revokeUserSessions } from '../../auth/sessions.repository';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { paginate } from '../../lib/pagination';
import {
  holdReviewsOfBannedAccount,
  restoreReviewsOfUnbannedAccount,
} from '../reviews/account-holds';
import { displayName } from '../users/users.presenter';
import { hasSecondFactor, secondFactorUserIds, updateUser } from '../users/users.service';
import { accountStatusMail } from '../../mail/templates';
import { enqueueMail } from '../../mail/outbox.repository';
import {
  insertAdminActions,
  listAdminActions,
  lockUser,
  pageUsers,
  workloadCounts,
} from './admin.repository';

// The audit list is written by other modules' decisions too (review moderation).
export { insertAdminActions };

function toAdminUser(row: UserRow, mfaEnabled: boolean): AdminUser {
  return {
    id: row.id,
    user_id: row.id,
    name: displayName(row),
    email: row.email,
    role: row.role as Role,
    status: row.status as 'active' | 'banned',
    entity_id: row.entityId,
    email_verified: row.emailVerifiedAt !== null,
    identity_verified: row.identityVerified,
    identity_method: row.identityMethod,
    mfa_enabled: mfaEnabled,
    mfa_required: row.mfaRequired,
    created_at: row.createdAt.toISOString(),
    status_reason: row.statusReason,
    status_changed_at: row.statusChangedAt ? row.statusChangedAt.toISOString() : null,
  };
}

export async function listUsers(
  deps: Deps,
  query: {
    page: number;
    limit: number;
    search?: string | undefined;
    role?: Role | undefined;
    status?: 'active' | 'banned' | undefined;
  },
) {
  const { rows, total } = await pageUsers(deps.db, {
    page: query.page,
    limit: query.limit,
    ...(query.search ? { search: query.search } : {}),
    ...(query.role ? { role: query.role } : {}),
    ...(query.status ? { status: query.status } : {}),
  });
  const withFactor = await secondFactorUserIds(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    users: rows.map((r) => toAdminUser(r, withFactor.has(r.id))),
    pagination: paginate(query.page, query.limit, total),
  };
}

/**
 * Ban or unban, with the admin's reason (docs/decisions/032): stored on the user and in the audit list and
 * mailed to the user, in one transaction with the ban's effects. A ban ends every session of that
 * user at once and holds their reviews and votes (docs/decisions/023); unbanning restores what the
 * ban held.
 */
export async function setUserStatus(
  deps: Deps,
  admin: AuthUser,
  id: string,
  input: { status: 'active' | 'banned'; reason: string },
): Promise<{ message: string; user: AdminUser }> {
  const { status, reason } = input;
  if (!isUuid(id)) throw notFound(ADMIN_MESSAGES.userNotFound);
  if (id === admin.id) throw badRequest(ADMIN_MESSAGES.cannotBanSelf);
  const user = await deps.db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    // Admins exist only by bootstrap (ADMIN_EMAIL); no account can lock one out through the API.
    if (status === 'banned' && target.role === 'admin') {
      throw forbidden(ADMIN_MESSAGES.cannotBanAdmin);
    }
    const updated = await updateUser(tx, id, {
      status,
      statusReason: reason,
      statusChangedAt: new Date(),
    });
    if (status === 'banned') await revokeUserSessions(tx, id);
    // Decision 023: a ban holds the account's reviews (out of the lists and scores); lifting it
    // publishes them again.
    if (status === 'banned') await holdReviewsOfBannedAccount(deps, tx, id);
    else await restoreReviewsOfUnbannedAccount(deps, tx, id);
    await insertAdminActions(tx, [
      {
        actorUserId: admin.id,
        action: status === 'banned' ? 'user_banned' : 'user_unbanned',
        targetUserId: id,
        reason,
      },
    ]);
    await enqueueMail(
      tx,
      { to: target.email, recipientUserId: target.id },
      accountStatusMail({
        firstName: target.firstName || null,
        status,
        reason,
        contactUrl: `${deps.config.APP_URL}/contact`,
      }),
    );
    return updated!;
  });
  deps.wakeMailer();
  return {
    message: status === 'banned' ? ADMIN_MESSAGES.userBanned : ADMIN_MESSAGES.userUnbanned,
    user: toAdminUser(user, await hasSecondFactor(deps.db, user.id)),
  };
}

/** GET /admin/audit: the audit list, newest first, optionally of one account. */
export async function listAudit(
  deps: Deps,
  query: { page: number; limit: number; user_id?: string | undefined },
): Promise<AdminAuditResponse> {
  const rows = await listAdminActions(deps.db, {
    ...(query.user_id ? { userId: query.user_id } : {}),
    limit: query.limit + 1,
    offset: (query.page - 1) * query.limit,
  });
  return {
    entries: rows.slice(0, query.limit).map((r) => ({
      action_id: r.action.id,
      action: r.action.action as AdminActionKind,
      actor: r.actor,
      target_user_id: r.action.targetUserId,
      target_user: r.target,
      target_review_id: r.action.targetReviewId,
      reason: r.action.reason,
      created_at: r.action.createdAt.toISOString(),
    })),
    has_more: rows.length > query.limit,
  };
}

/** GET /admin/workload: what waits on each tab, each count capped (WORKLOAD_COUNT_CAP). */
export async function workload(deps: Deps): Promise<AdminWorkload> {
  const c = await workloadCounts(deps.db, WORKLOAD_COUNT_CAP);
  return {
    pending_entities: c.pending_entities!,
    pending_reviews: c.pending_reviews!,
    held_reviews: {
      new_account: c.held_new_account!,
      burst: c.held_burst!,
      banned: c.held_banned!,
    },
    flagged_reviews: c.flagged_reviews!,
    open_reports: c.open_reports!,
    identity_claims: c.identity_claims!,
    entity_changes: c.entity_changes!,
    contact_messages: c.contact_messages!,
    open_thread_reports: c.open_thread_reports!,
    cap: WORKLOAD_COUNT_CAP,
  };
}

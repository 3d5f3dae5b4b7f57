import { ADMIN_MESSAGES, type AdminUser } from '@trustlinks/contract/admin';
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
import {
  findUserById,
  hasSecondFactor,
  secondFactorUserIds,
  updateUser,
} from '../users/users.service';
import { pageUsers } from './admin.repository';

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
 * Ban or unban; a ban ends every session of that user at once and holds their reviews and votes
 * (docs/decisions/023); unbanning restores what the ban held.
 */
export async function setUserStatus(
  deps: Deps,
  admin: AuthUser,
  id: string,
  status: 'active' | 'banned',
): Promise<{ message: string; user: AdminUser }> {
  if (!isUuid(id)) throw notFound(ADMIN_MESSAGES.userNotFound);
  if (id === admin.id) throw badRequest(ADMIN_MESSAGES.cannotBanSelf);
  const user = await deps.db.transaction(async (tx) => {
    const target = await findUserById(tx, id);
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    // Admins exist only by bootstrap (ADMIN_EMAIL); no account can lock one out through the API.
    if (status === 'banned' && target.role === 'admin') {
      throw forbidden(ADMIN_MESSAGES.cannotBanAdmin);
    }
    const updated = await updateUser(tx, id, { status });
    if (status === 'banned') await revokeUserSessions(tx, id);
    // Issue 23: a ban holds the account's reviews (out of the lists and scores); lifting it
    // publishes them again.
    if (status === 'banned') await holdReviewsOfBannedAccount(deps, tx, id);
    else await restoreReviewsOfUnbannedAccount(deps, tx, id);
    return updated!;
  });
  return {
    message: status === 'banned' ? ADMIN_MESSAGES.userBanned : ADMIN_MESSAGES.userUnbanned,
    user: toAdminUser(user, await hasSecondFactor(deps.db, user.id)),
  };
}

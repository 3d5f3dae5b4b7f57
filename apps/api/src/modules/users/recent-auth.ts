import type { Deps } from '../../lib/deps';
import type { UserRow } from '../../db/schema';
import { verifyPassword } from '../../auth/passwords';
import { badRequest } from '../../errors';
import { USERS_MESSAGES } from './users.messages';
import { recordLoginFailure, requireLoginAllowed } from './users.throttle';

/**
 * Recent authentication (docs/decisions/033): changing the password, or turning off or renewing
 * the second factor, asks for the current password again, whatever the session. A wrong one
 * counts as a failed login (users.throttle.ts). The one check every such change uses.
 */
export async function requireRecentAuth(
  deps: Deps,
  user: Pick<UserRow, 'email' | 'passwordHash'>,
  currentPassword: string | undefined,
  clientIp: string,
): Promise<void> {
  if (!currentPassword) throw badRequest(USERS_MESSAGES.currentPasswordRequired);
  await requireLoginAllowed(deps.db, deps.config, user.email, clientIp);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await recordLoginFailure(deps.db, user.email, clientIp);
    throw badRequest(USERS_MESSAGES.wrongCurrentPassword);
  }
}

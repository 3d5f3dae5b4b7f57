import type { SessionList } from '@trustlinks/contract/sessions';
import { describeDevice, type SignInClient } from '../../auth/devices';
import { SESSION_IDLE_MS } from '../../auth/session-policy';
import {
  listLiveSessions,
  revokeOwnSession,
  revokeUserSessions,
} from '../../auth/sessions.repository';
import { startSession, type AuthContext } from '../../auth/sessions.service';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { requireFoundById } from '../../auth/policies';
import type { Deps } from '../../lib/deps';
import { enqueueMail } from '../../mail/outbox.repository';
import { newDeviceSignInMail } from '../../mail/templates';
import { rememberDevice } from './devices.repository';
import { USERS_MESSAGES } from './users.messages';

// Sessions people can see (docs/decisions/034-sessions-devices-passkeys.md).

/** The session list shows at most this many (the most recently used). */
export const MAX_LISTED_SESSIONS = 50;

/**
 * Every sign-in opens its session here (password login, passkey, second factor): the session
 * with its device, and the new-device mail when the account had signed in from other devices
 * but never from this one. Call it inside the sign-in's transaction; `mailed` says whether to
 * wake the mailer after the commit.
 */
export async function openSession(
  deps: Deps,
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  client: SignInClient,
): Promise<{ token: string; sessionId: string; mailed: boolean }> {
  const device = describeDevice(client);
  const session = await startSession(tx, user.id, device, new Date());
  const seen = await rememberDevice(tx, user.id, device);
  const mailed = seen.isNew && seen.hadOthers;
  if (mailed) {
    await enqueueMail(
      tx,
      { to: user.email, recipientUserId: user.id },
      newDeviceSignInMail({
        firstName: user.firstName,
        at: new Date(),
        device: device.label,
        address: device.address,
        sessionsUrl: `${deps.config.APP_URL}/profile#sessions`,
        forgotPasswordUrl: `${deps.config.APP_URL}/login?forgot=true`,
      }),
    );
  }
  return { ...session, mailed };
}

export async function listSessions(deps: Deps, auth: AuthContext): Promise<SessionList> {
  const rows = await listLiveSessions(
    deps.db,
    auth.user.id,
    new Date(Date.now() - SESSION_IDLE_MS),
    MAX_LISTED_SESSIONS,
  );
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: row.deviceLabel,
      address: row.clientAddress,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      current: row.id === auth.sessionId,
    })),
  };
}

/** Signs one of the caller's sessions out; another account's session id is 404 like a missing one. */
export async function signOutSession(
  deps: Deps,
  auth: AuthContext,
  sessionId: string,
): Promise<{ message: string }> {
  await requireFoundById(
    sessionId,
    async (id) => (await revokeOwnSession(deps.db, auth.user.id, id)) || undefined,
    USERS_MESSAGES.sessionNotFound,
  );
  return {
    message:
      sessionId === auth.sessionId ? USERS_MESSAGES.loggedOut : USERS_MESSAGES.sessionSignedOut,
  };
}

export async function signOutOtherSessions(
  deps: Deps,
  auth: AuthContext,
): Promise<{ message: string }> {
  await revokeUserSessions(deps.db, auth.user.id, auth.sessionId);
  return { message: USERS_MESSAGES.otherSessionsSignedOut };
}

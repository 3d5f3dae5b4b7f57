import type { Role, VerificationStatus } from '@trustlinks/contract/constants';
import type { DbOrTx } from '../db/client';
import type { UserRow } from '../db/schema';
import type { DeviceInfo } from './devices';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from './session-policy';
import type { SessionCache } from './session-cache';
import { findLiveSession, insertSession, touchSession } from './sessions.repository';
import { generateToken, hashToken, looksLikeToken } from './tokens';

/** What a guard knows about the caller; never contains secrets. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  /** The linked entity as stored; rights come only through auth/policies.ts. */
  entityId: string | null;
  /** Status of the linked entity, read with the session (null without one). */
  entityStatus: VerificationStatus | null;
  firstName: string;
  lastName: string;
  passwordResetRequired: boolean;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  /**
   * The account must have a second factor and has none: only enrolment is open. Decided each time
   * the session is resolved, so a change of MFA_REQUIRED_FOR, of the account's role or entity, or
   * of its factors reaches live sessions (docs/decisions/033).
   */
  mfaEnrolmentRequired?: boolean;
}

/**
 * Whether this account, now, may only set up a second factor (mfa.service needsEnrolment, with
 * the app's config). Passed in by the app so that auth/ does not depend on the users module.
 */
export type EnrolmentRule = (db: DbOrTx, user: UserRow) => Promise<boolean>;

/** Without the entity's status the user gets no entity rights (auth/policies.ts). */
export function toAuthUser(row: UserRow, entityStatus: string | null = null): AuthUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    entityId: row.entityId,
    entityStatus: row.entityId ? ((entityStatus as VerificationStatus | null) ?? null) : null,
    firstName: row.firstName,
    lastName: row.lastName,
    passwordResetRequired: row.passwordResetRequired,
  };
}

/**
 * Starts a session and returns the bearer token; only its hash is stored. The device it was
 * opened on (auth/devices.ts) is what the account's session list shows.
 */
export async function startSession(
  db: DbOrTx,
  userId: string,
  device?: Pick<DeviceInfo, 'label' | 'address'>,
  now = new Date(),
) {
  const token = generateToken();
  const session = await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    deviceLabel: device?.label ?? null,
    clientAddress: device?.address ?? null,
  });
  return { token, sessionId: session.id };
}

/**
 * Resolves a bearer token to its live session, or null when absent, expired, revoked or banned.
 * With a listening `cache` a live session is kept briefly (auth/session-cache.ts): every input of
 * `mustEnrol` notifies it when it changes (drizzle/0039).
 */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  cache?: SessionCache,
  mustEnrol?: EnrolmentRule,
): Promise<AuthContext | null> {
  if (!looksLikeToken(token)) return null;
  const tokenHash = hashToken(token);
  const kept = await cache?.lookup(tokenHash);
  if (kept) return kept;
  const mark = cache?.mark() ?? 0;
  const now = Date.now();
  const row = await findLiveSession(db, tokenHash, new Date(now - SESSION_IDLE_MS));
  if (!row || row.user.status !== 'active') return null;
  if (now - row.session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(db, row.session.id);
  }
  const context: AuthContext = {
    user: toAuthUser(row.user, row.entityStatus),
    sessionId: row.session.id,
    mfaEnrolmentRequired: mustEnrol ? await mustEnrol(db, row.user) : false,
  };
  cache?.set(tokenHash, context, row.session, mark);
  return context;
}

/** Reads `Authorization: Bearer <token>`; anything else is no token. */
export function parseBearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

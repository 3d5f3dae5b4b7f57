import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { entities, sessions, users } from '../db/schema';

export async function insertSession(
  db: DbOrTx,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    deviceLabel?: string | null;
    clientAddress?: string | null;
    mfaEnrolmentRequired?: boolean;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/**
 * The live session for a token hash with its user and the status of the user's entity (entity
 * rights follow it on every request: auth/policies.ts), or undefined.
 */
export async function findLiveSession(db: DbOrTx, tokenHash: string, idleSince: Date) {
  const [row] = await db
    .select({ session: sessions, user: users, entityStatus: entities.verificationStatus })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(entities, eq(entities.id, users.entityId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, optionally keeping the one in use. */
export async function revokeUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/**
 * The user's live sessions (not revoked, not expired, used within the idle time), most recently
 * used first; sessions_user_active_idx serves it.
 */
export async function listLiveSessions(db: DbOrTx, userId: string, idleSince: Date, limit: number) {
  return db
    .select({
      id: sessions.id,
      deviceLabel: sessions.deviceLabel,
      clientAddress: sessions.clientAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(limit);
}

/** Revokes one session of that user; false when the user has no such live session. */
export async function revokeOwnSession(
  db: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

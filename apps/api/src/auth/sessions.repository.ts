import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { entities, sessions, users } from '../db/schema';

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date; mfaEnrolmentRequired?: boolean },
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

import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passkeys, webauthnChallenges, type PasskeyRow } from '../../db/schema';

export type ChallengePurpose = 'register' | 'login';

/** Stores a challenge (and drops the expired ones: webauthn_challenges_expires_idx). */
export async function insertChallenge(
  db: DbOrTx,
  values: { purpose: ChallengePurpose; userId: string | null; challenge: string; expiresAt: Date },
): Promise<string> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  const [row] = await db
    .insert(webauthnChallenges)
    .values(values)
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/**
 * Spends a challenge: deletes it when it is unexpired and of that purpose (and user), in one
 * statement, so it works once. Returns the challenge or undefined.
 */
export async function consumeChallenge(
  db: DbOrTx,
  id: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<string | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : undefined,
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge;
}

export async function listPasskeys(db: DbOrTx, userId: string, limit: number) {
  // passkeys_user_created_idx
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .limit(limit);
}

/** The users among `userIds` with at least one passkey (passkeys_user_created_idx). */
export async function usersWithPasskeys(db: DbOrTx, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: passkeys.userId })
    .from(passkeys)
    .where(inArray(passkeys.userId, userIds));
  return rows.map((r) => r.userId);
}

/** Removes every passkey of the account (an admin's reset of its second factors). */
export async function deleteAllPasskeys(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return rows.length;
}

export async function countPasskeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Inserts a passkey; undefined when the credential is already registered (unique index). */
export async function insertPasskey(
  db: DbOrTx,
  values: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row;
}

export async function findPasskeyByCredentialId(
  db: DbOrTx,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row;
}

/**
 * Records a use: the new signature counter, only if the stored one is still the one checked
 * (a concurrent use of a cloned key loses). False when it changed meanwhile.
 */
export async function recordPasskeyUse(
  db: DbOrTx,
  id: string,
  checkedCounter: number,
  newCounter: number,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** Deletes one of the user's passkeys: the deleted row, undefined when the user has no such passkey. */
export async function deleteOwnPasskey(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

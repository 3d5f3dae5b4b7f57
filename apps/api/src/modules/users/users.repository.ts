import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens, users, type UserRow } from '../../db/schema';

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; returns undefined when the email is taken (unique index, race-safe). */
export async function insertUser(
  db: DbOrTx,
  values: typeof users.$inferInsert,
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * What a spent temporary password is replaced with: not an argon2 hash, so no password matches
 * it (verifyPassword answers false for a malformed hash).
 */
export const SPENT_PASSWORD_HASH = '!spent-temporary-password';

/**
 * Spends a temporary password at its first login, in one statement (two concurrent logins cannot
 * both use it), and counts the email as verified: the password was mailed to that address.
 */
export async function spendTemporaryPassword(
  db: DbOrTx,
  id: string,
  currentHash: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash: SPENT_PASSWORD_HASH,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.id, id),
        eq(users.passwordHash, currentHash),
        eq(users.passwordResetRequired, true),
      ),
    )
    .returning();
  return row;
}

/** Deletes an account that never proved its email and speaks for no entity (expired sign-up). */
export async function deleteUnverifiedUser(db: DbOrTx, id: string): Promise<void> {
  await db
    .delete(users)
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt), isNull(users.entityId)));
}

/** How many tokens of that purpose the user was sent since `since` (a sliding window). */
export async function countEmailTokensSince(
  db: DbOrTx,
  userId: string,
  purpose: string,
  since: Date,
): Promise<number> {
  // email_tokens_user_purpose_idx narrows this to the user's few tokens.
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        gt(emailTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function insertEmailToken(
  db: DbOrTx,
  values: { userId: string; purpose: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/**
 * Marks every unused token of that purpose (of every purpose when none is given) as used: a new
 * link replaces older ones, and a new owner of the account inherits none.
 */
export async function invalidateEmailTokens(
  db: DbOrTx,
  userId: string,
  purpose?: string,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.userId, userId),
        purpose ? eq(emailTokens.purpose, purpose) : undefined,
        isNull(emailTokens.usedAt),
      ),
    );
}

/**
 * Spends a token: marks it used if it is unused and unexpired, in one statement, so two
 * concurrent clicks cannot both succeed. Returns the user id or undefined.
 */
export async function consumeEmailToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        sql`${emailTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  mfaEvents,
  mfaRecoveryCodes,
  mfaSignIns,
  userTotp,
  type MfaEventAction,
} from '../../../db/schema';

export async function findTotp(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

/** Which of these users have an enabled authenticator app (primary key lookups). */
export async function usersWithEnabledTotp(db: DbOrTx, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(inArray(userTotp.userId, userIds), isNotNull(userTotp.enabledAt)));
  return rows.map((r) => r.userId);
}

/**
 * A new enrolment in progress (replacing an unconfirmed one); undefined when the app is already
 * enabled (then nothing changes).
 */
export async function savePendingTotp(db: DbOrTx, userId: string, secret: string) {
  const [row] = await db
    .insert(userTotp)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(userTotp.enabledAt),
    })
    .returning();
  return row;
}

const stepIsNew = (step: number) =>
  or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step));

/** Confirms the pending enrolment with the step of its first code, in one statement. */
export async function enableTotp(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ enabledAt: sql`now()`, lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt), stepIsNew(step)))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/**
 * Accepts a code's time step once: only when newer than the last accepted one (one statement, so
 * two requests with the same code cannot both pass).
 */
export async function acceptTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt), stepIsNew(step)))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

export async function deleteTotp(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (codeHashes.length) {
    await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/** Spends an unused recovery code, in one statement; false when unknown or spent. */
export async function spendRecoveryCode(
  db: DbOrTx,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Stores a pending sign-in (and drops the expired ones: mfa_sign_ins_expires_at_idx). */
export async function insertMfaSignIn(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.delete(mfaSignIns).where(lt(mfaSignIns.expiresAt, sql`now()`));
  await db.insert(mfaSignIns).values(values);
}

/** The pending sign-in of a token, if unused and unexpired. */
export async function findLiveMfaSignIn(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(mfaSignIns)
    .where(
      and(
        eq(mfaSignIns.tokenHash, tokenHash),
        isNull(mfaSignIns.usedAt),
        gt(mfaSignIns.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Takes one of the sign-in's `maxFailures` attempts before its code is checked, in one statement
 * (parallel requests with one token cannot all pass): false when they are used up, or the sign-in
 * was spent or expired. A right code then spends the sign-in; a wrong one keeps its attempt, so
 * after `maxFailures` wrong codes the token is burnt.
 */
export async function takeMfaSignInAttempt(
  db: DbOrTx,
  id: string,
  maxFailures: number,
): Promise<boolean> {
  const rows = await db
    .update(mfaSignIns)
    .set({ failures: sql`${mfaSignIns.failures} + 1` })
    .where(
      and(
        eq(mfaSignIns.id, id),
        isNull(mfaSignIns.usedAt),
        gt(mfaSignIns.expiresAt, sql`now()`),
        lt(mfaSignIns.failures, maxFailures),
      ),
    )
    .returning({ id: mfaSignIns.id });
  return rows.length === 1;
}

/**
 * Spends the pending sign-in, in one statement (its attempt, taken by takeMfaSignInAttempt, was no
 * failure); false when it was spent or expired meanwhile.
 */
export async function consumeMfaSignIn(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(mfaSignIns)
    .set({ usedAt: sql`now()`, failures: sql`greatest(${mfaSignIns.failures} - 1, 0)` })
    .where(
      and(eq(mfaSignIns.id, id), isNull(mfaSignIns.usedAt), gt(mfaSignIns.expiresAt, sql`now()`)),
    )
    .returning({ id: mfaSignIns.id });
  return rows.length === 1;
}

export async function deleteMfaSignIns(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(mfaSignIns).where(eq(mfaSignIns.userId, userId));
}

export async function insertMfaEvent(
  db: DbOrTx,
  values: { userId: string; actorId: string | null; action: MfaEventAction },
): Promise<void> {
  await db.insert(mfaEvents).values(values);
}

export async function listMfaEvents(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(mfaEvents)
    .where(eq(mfaEvents.userId, userId))
    .orderBy(desc(mfaEvents.createdAt), desc(mfaEvents.id))
    .limit(limit);
}

/** Stored secrets not yet sealed (written before encryption at rest, or by the demo seed). */
export async function listPlainTotpSecrets(db: DbOrTx, sealedPrefix: string) {
  return db
    .select({ userId: userTotp.userId, secret: userTotp.secret })
    .from(userTotp)
    .where(sql`${userTotp.secret} not like ${`${sealedPrefix}%`}`);
}

/** One sealed secret, to check the key against at start. */
export async function findSealedTotpSecret(db: DbOrTx, sealedPrefix: string) {
  const [row] = await db
    .select({ userId: userTotp.userId, secret: userTotp.secret })
    .from(userTotp)
    .where(sql`${userTotp.secret} like ${`${sealedPrefix}%`}`)
    .limit(1);
  return row;
}

/** Replaces a secret with its sealed form, only if it is still the value read (idempotent). */
export async function sealTotpSecretRow(
  db: DbOrTx,
  userId: string,
  plain: string,
  sealed: string,
): Promise<void> {
  await db
    .update(userTotp)
    .set({ secret: sealed })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.secret, plain)));
}

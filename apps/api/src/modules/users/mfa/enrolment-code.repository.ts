import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { mfaEnrolmentCodes } from '../../../db/schema';

/** The account's new mailed code: it replaces an earlier one (one per account). */
export async function saveEnrolmentCode(
  db: DbOrTx,
  values: { userId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(mfaEnrolmentCodes)
    .values(values)
    .onConflictDoUpdate({
      target: mfaEnrolmentCodes.userId,
      set: {
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        failures: 0,
        createdAt: sql`now()`,
      },
    });
}

/**
 * Takes one try of the account's code while it is unexpired and has tries left, counted and
 * compared in one statement (docs/decisions/033: the count comes before the check, so parallel
 * tries cannot pass a check made before any of them was counted); undefined when none is left.
 */
export async function takeEnrolmentCodeAttempt(db: DbOrTx, userId: string, maxFailures: number) {
  const [row] = await db
    .update(mfaEnrolmentCodes)
    .set({ failures: sql`${mfaEnrolmentCodes.failures} + 1` })
    .where(
      and(
        eq(mfaEnrolmentCodes.userId, userId),
        gt(mfaEnrolmentCodes.expiresAt, sql`now()`),
        sql`${mfaEnrolmentCodes.failures} < ${maxFailures}`,
      ),
    )
    .returning({ codeHash: mfaEnrolmentCodes.codeHash });
  return row;
}

/** The try was the right code: it gives its place back (only wrong tries burn the code). */
export async function releaseEnrolmentCodeAttempt(
  db: DbOrTx,
  userId: string,
  codeHash: string,
): Promise<void> {
  await db
    .update(mfaEnrolmentCodes)
    .set({ failures: sql`greatest(${mfaEnrolmentCodes.failures} - 1, 0)` })
    .where(and(eq(mfaEnrolmentCodes.userId, userId), eq(mfaEnrolmentCodes.codeHash, codeHash)));
}

/**
 * Spends the code in one statement: true for the one request that deletes it while it is still
 * this code, unexpired and with tries left.
 */
export async function spendEnrolmentCode(
  db: DbOrTx,
  userId: string,
  codeHash: string,
  maxFailures: number,
): Promise<boolean> {
  const rows = await db
    .delete(mfaEnrolmentCodes)
    .where(
      and(
        eq(mfaEnrolmentCodes.userId, userId),
        eq(mfaEnrolmentCodes.codeHash, codeHash),
        gt(mfaEnrolmentCodes.expiresAt, sql`now()`),
        sql`${mfaEnrolmentCodes.failures} < ${maxFailures}`,
      ),
    )
    .returning({ userId: mfaEnrolmentCodes.userId });
  return rows.length === 1;
}

export async function deleteEnrolmentCode(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(mfaEnrolmentCodes).where(eq(mfaEnrolmentCodes.userId, userId));
}

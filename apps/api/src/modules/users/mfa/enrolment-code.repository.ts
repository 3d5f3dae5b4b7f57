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

/** The account's code while it is unexpired and has tries left; undefined otherwise. */
export async function findLiveEnrolmentCode(db: DbOrTx, userId: string, maxFailures: number) {
  const [row] = await db
    .select()
    .from(mfaEnrolmentCodes)
    .where(
      and(
        eq(mfaEnrolmentCodes.userId, userId),
        gt(mfaEnrolmentCodes.expiresAt, sql`now()`),
        sql`${mfaEnrolmentCodes.failures} < ${maxFailures}`,
      ),
    )
    .limit(1);
  return row;
}

/** A wrong try: counted in one statement (two wrong tries at once both count). */
export async function recordEnrolmentCodeFailure(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(mfaEnrolmentCodes)
    .set({ failures: sql`${mfaEnrolmentCodes.failures} + 1` })
    .where(eq(mfaEnrolmentCodes.userId, userId));
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

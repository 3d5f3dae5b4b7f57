import { and, eq, sql } from 'drizzle-orm';
import type { VerificationMethod } from '@trustlinks/contract/identity';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

const identityColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  role: users.role,
  entityId: users.entityId,
  identityVerified: users.identityVerified,
  identityMethod: users.identityMethod,
  identityValue: users.identityValue,
  identityVerifiedAt: users.identityVerifiedAt,
};

export interface IdentityRow {
  id: string;
  email: string;
  firstName: string;
  role: string;
  entityId: string | null;
  identityVerified: boolean;
  identityMethod: string | null;
  identityValue: string | null;
  identityVerifiedAt: Date | null;
}

export async function findIdentity(db: DbOrTx, userId: string): Promise<IdentityRow | undefined> {
  const [row] = await db.select(identityColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Marks the user verified unless they already are, in one statement: of two concurrent requests
 * only one gets a row back (and only that one mails). Returns undefined when already verified.
 */
export async function markIdentityVerified(
  db: DbOrTx,
  userId: string,
  method: VerificationMethod,
  value: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      identityVerified: true,
      identityMethod: method,
      identityValue: value,
      identityVerifiedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), eq(users.identityVerified, false)))
    .returning(identityColumns);
  return row;
}

export async function clearIdentityVerification(
  db: DbOrTx,
  userId: string,
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      identityVerified: false,
      identityMethod: null,
      identityValue: null,
      identityVerifiedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning(identityColumns);
  return row;
}

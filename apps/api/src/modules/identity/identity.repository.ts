import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { VerificationStatus as EntityStatus } from '@trustlinks/contract/constants';
import type { IdentityClaimStatus, VerificationMethod } from '@trustlinks/contract/identity';
import type { DbOrTx } from '../../db/client';
import { entities, identityClaims, users, type IdentityClaimRow } from '../../db/schema';

const identityColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  role: users.role,
  entityId: users.entityId,
  // The linked entity's status, for the one entity rule (auth/policies.ts); a subquery, so the
  // updates below can return it too.
  entityStatus: sql<EntityStatus | null>`(select ${entities.verificationStatus} from ${entities} where ${entities.id} = ${users.entityId})`,
  identityVerified: users.identityVerified,
  identityMethod: users.identityMethod,
  identityValue: users.identityValue,
  identityVerifiedAt: users.identityVerifiedAt,
  identityDomain: users.identityDomain,
  createdAt: users.createdAt,
};

export interface IdentityRow {
  id: string;
  email: string;
  firstName: string;
  role: string;
  entityId: string | null;
  entityStatus: EntityStatus | null;
  identityVerified: boolean;
  identityMethod: string | null;
  identityValue: string | null;
  identityVerifiedAt: Date | null;
  /** The registrable domain of a verified business address (docs/decisions/023). */
  identityDomain: string | null;
  createdAt: Date;
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
  identity: { key: string; domain: string | null },
): Promise<IdentityRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      identityVerified: true,
      identityMethod: method,
      identityValue: identity.key,
      identityDomain: identity.domain,
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
      identityDomain: null,
      identityVerifiedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning(identityColumns);
  return row;
}

/** Another account verified by this method and value (one value verifies one account). */
export async function findIdentityHolder(
  db: DbOrTx,
  method: VerificationMethod,
  value: string,
  exceptUserId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.identityMethod, method),
        eq(users.identityValue, value),
        ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row?.id;
}

// ---- identity claims (db/schema/identity-claims.ts) ----

const OPEN_STATUSES = ['code_sent', 'pending_review'];

/** The user's open claim (a code waiting, or a profile under review), if any. */
export async function findOpenClaim(
  db: DbOrTx,
  userId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<IdentityClaimRow | undefined> {
  const query = db
    .select()
    .from(identityClaims)
    .where(and(eq(identityClaims.userId, userId), inArray(identityClaims.status, OPEN_STATUSES)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Closes the user's open claim as replaced by a newer one (or made moot by a verification). */
export async function withdrawOpenClaim(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(identityClaims)
    .set({ status: 'withdrawn', updatedAt: sql`now()` })
    .where(and(eq(identityClaims.userId, userId), inArray(identityClaims.status, OPEN_STATUSES)));
}

export async function insertClaim(
  db: DbOrTx,
  values: typeof identityClaims.$inferInsert,
): Promise<IdentityClaimRow> {
  const [row] = await db.insert(identityClaims).values(values).returning();
  return row!;
}

export async function updateClaim(
  db: DbOrTx,
  id: string,
  set: Partial<
    Pick<IdentityClaimRow, 'status' | 'failedAttempts' | 'decidedBy' | 'decisionNote' | 'decidedAt'>
  >,
): Promise<IdentityClaimRow> {
  const [row] = await db
    .update(identityClaims)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(identityClaims.id, id))
    .returning();
  return row!;
}

export async function findClaimForUpdate(
  db: DbOrTx,
  id: string,
): Promise<IdentityClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(identityClaims)
    .where(eq(identityClaims.id, id))
    .for('update')
    .limit(1);
  return row;
}

const claimListColumns = {
  claim: identityClaims,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  accountCreatedAt: users.createdAt,
};

export type ClaimListRow = {
  claim: IdentityClaimRow;
  firstName: string;
  lastName: string;
  email: string;
  accountCreatedAt: Date;
};

/**
 * LinkedIn claims of one status, a page of them (identity_claims_status_created_idx): the queue
 * oldest first, decided claims newest first.
 */
export async function listClaims(
  db: DbOrTx,
  status: IdentityClaimStatus,
  window: { limit: number; offset: number },
): Promise<ClaimListRow[]> {
  const order =
    status === 'pending_review'
      ? [asc(identityClaims.createdAt), asc(identityClaims.id)]
      : [desc(identityClaims.createdAt), desc(identityClaims.id)];
  return db
    .select(claimListColumns)
    .from(identityClaims)
    .innerJoin(users, eq(users.id, identityClaims.userId))
    .where(and(eq(identityClaims.status, status), eq(identityClaims.method, 'linkedin')))
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
}

export async function countClaims(db: DbOrTx, status: IdentityClaimStatus): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(identityClaims)
    .where(and(eq(identityClaims.status, status), eq(identityClaims.method, 'linkedin')));
  return row?.n ?? 0;
}

export async function findClaimListRow(db: DbOrTx, id: string): Promise<ClaimListRow | undefined> {
  const [row] = await db
    .select(claimListColumns)
    .from(identityClaims)
    .innerJoin(users, eq(users.id, identityClaims.userId))
    .where(eq(identityClaims.id, id))
    .limit(1);
  return row;
}

import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  entities,
  offerApplications,
  reviewInvitations,
  users,
  type ReviewInvitationRow,
} from '../../../db/schema';

/** Review invitations (docs/decisions/057-review-invitations.md): the only SQL of the feature. */

export interface InvitationListRow extends ReviewInvitationRow {
  partnerName: string | null;
}

/** The company's invitations, newest first (bounded), with the applicant of an application's link. */
export async function listInvitations(
  db: DbOrTx,
  entityId: string,
  limit: number,
): Promise<InvitationListRow[]> {
  const rows = await db
    .select({ invitation: reviewInvitations, partnerName: entities.name })
    .from(reviewInvitations)
    .leftJoin(offerApplications, eq(offerApplications.id, reviewInvitations.applicationId))
    .leftJoin(entities, eq(entities.id, offerApplications.entityId))
    .where(eq(reviewInvitations.entityId, entityId))
    .orderBy(desc(reviewInvitations.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.invitation, partnerName: r.partnerName }));
}

/** Invitations the company made since `since` (the daily limit). */
export async function countInvitationsSince(
  db: DbOrTx,
  entityId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewInvitations)
    .where(and(eq(reviewInvitations.entityId, entityId), gte(reviewInvitations.createdAt, since)));
  return row?.n ?? 0;
}

/** Which of `emails` belong to members of the company (they may not review it). */
export async function memberEmails(
  db: DbOrTx,
  entityId: string,
  emails: string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(eq(users.entityId, entityId), sql`${users.email} = ANY(${sql.param(emails)}::text[])`),
    );
  return rows.map((r) => r.email);
}

export async function insertInvitations(
  db: DbOrTx,
  rows: (typeof reviewInvitations.$inferInsert)[],
): Promise<ReviewInvitationRow[]> {
  return db.insert(reviewInvitations).values(rows).returning();
}

/** The application an owner invites from, with what its review needs. */
export async function findApplicationForInvite(db: DbOrTx, applicationId: string) {
  const [row] = await db
    .select({
      id: offerApplications.id,
      ownerEntityId: offerApplications.ownerEntityId,
      entityId: offerApplications.entityId,
      status: offerApplications.status,
      partnerName: entities.name,
    })
    .from(offerApplications)
    .innerJoin(entities, eq(entities.id, offerApplications.entityId))
    .where(eq(offerApplications.id, applicationId))
    .limit(1);
  return row;
}

/** The invitation of a token, locked for its one use, with its application's facts. */
export async function lockInvitationByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: reviewInvitations,
      applicantEntityId: offerApplications.entityId,
      conversions: offerApplications.conversionCount,
    })
    .from(reviewInvitations)
    .leftJoin(offerApplications, eq(offerApplications.id, reviewInvitations.applicationId))
    .where(eq(reviewInvitations.tokenHash, tokenHash))
    .for('update', { of: reviewInvitations })
    .limit(1);
  return row;
}

export async function markInvitationUsed(
  db: DbOrTx,
  invitationId: string,
  reviewId: string,
  at: Date,
): Promise<void> {
  await db
    .update(reviewInvitations)
    .set({ usedAt: at, reviewId })
    .where(eq(reviewInvitations.id, invitationId));
}

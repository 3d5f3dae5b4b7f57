import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bids,
  contactMessages,
  entities,
  mailOutbox,
  notifications,
  offerApplications,
  offerRequests,
  passkeys,
  reviewVotes,
  reviews,
  savedSearches,
  sessions,
  userDevices,
  userTotp,
  users,
} from '../../db/schema';

/** Each list of an export holds at most this many records (the newest). */
export const EXPORT_LIST_MAX = 10_000;

/** Everything the export holds about the user, read along the per-user indexes. */
export async function readAccountData(db: DbOrTx, userId: string) {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) return undefined;
  const entity = account.entityId
    ? (await db.select().from(entities).where(eq(entities.id, account.entityId)))[0]
    : undefined;
  const [reviewRows, voteRows, applicationRows, requestRows, notificationRows, contactRows] =
    await Promise.all([
      db
        .select({ review: reviews, entityName: entities.name })
        .from(reviews)
        .innerJoin(entities, eq(entities.id, reviews.entityId))
        .where(eq(reviews.reviewerUserId, userId))
        .orderBy(desc(reviews.createdAt))
        .limit(EXPORT_LIST_MAX),
      db
        .select()
        .from(reviewVotes)
        .where(eq(reviewVotes.userId, userId))
        .orderBy(desc(reviewVotes.updatedAt))
        .limit(EXPORT_LIST_MAX),
      db
        .select()
        .from(offerApplications)
        .where(eq(offerApplications.userId, userId))
        .orderBy(desc(offerApplications.createdAt))
        .limit(EXPORT_LIST_MAX),
      db
        .select()
        .from(offerRequests)
        .where(eq(offerRequests.userId, userId))
        .orderBy(desc(offerRequests.createdAt))
        .limit(EXPORT_LIST_MAX),
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(EXPORT_LIST_MAX),
      db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.senderUserId, userId))
        .orderBy(desc(contactMessages.createdAt))
        .limit(EXPORT_LIST_MAX),
    ]);
  const [sessionRows, deviceRows, passkeyRows, totpRows, savedSearchRows, bidRows] =
    await Promise.all([
      // sessions_user_active_idx / sessions_user_id_idx; the token's hash is never exported.
      db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          deviceLabel: sessions.deviceLabel,
          clientAddress: sessions.clientAddress,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt))
        .limit(EXPORT_LIST_MAX),
      db
        .select({
          deviceLabel: userDevices.deviceLabel,
          firstSeenAt: userDevices.firstSeenAt,
          lastSeenAt: userDevices.lastSeenAt,
        })
        .from(userDevices)
        .where(eq(userDevices.userId, userId))
        .orderBy(desc(userDevices.lastSeenAt))
        .limit(EXPORT_LIST_MAX),
      db
        .select({
          id: passkeys.id,
          name: passkeys.name,
          credentialId: passkeys.credentialId,
          publicKey: passkeys.publicKey,
          deviceType: passkeys.deviceType,
          backedUp: passkeys.backedUp,
          createdAt: passkeys.createdAt,
          lastUsedAt: passkeys.lastUsedAt,
        })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(desc(passkeys.createdAt))
        .limit(EXPORT_LIST_MAX),
      db
        .select({ enabledAt: userTotp.enabledAt, createdAt: userTotp.createdAt })
        .from(userTotp)
        .where(eq(userTotp.userId, userId)),
      db
        .select({
          id: savedSearches.id,
          name: savedSearches.name,
          filters: savedSearches.filters,
          createdAt: savedSearches.createdAt,
          updatedAt: savedSearches.updatedAt,
        })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(desc(savedSearches.createdAt))
        .limit(EXPORT_LIST_MAX),
      // bids_user_idx
      db
        .select()
        .from(bids)
        .where(eq(bids.userId, userId))
        .orderBy(desc(bids.createdAt))
        .limit(EXPORT_LIST_MAX),
    ]);
  return {
    account,
    entity,
    reviews: reviewRows,
    votes: voteRows,
    applications: applicationRows,
    offerRequests: requestRows,
    notifications: notificationRows,
    contactMessages: contactRows,
    sessions: sessionRows,
    devices: deviceRows,
    passkeys: passkeyRows,
    authenticator: totpRows[0],
    savedSearches: savedSearchRows,
    bids: bidRows,
  };
}

/** The entities the user reviewed and the reviews the user voted on (recounted after deletion). */
export async function reviewedAndVoted(db: DbOrTx, userId: string) {
  const [reviewed, voted] = await Promise.all([
    db
      .selectDistinct({ entityId: reviews.entityId })
      .from(reviews)
      .where(eq(reviews.reviewerUserId, userId)),
    db
      .select({ reviewId: reviewVotes.reviewId })
      .from(reviewVotes)
      .where(eq(reviewVotes.userId, userId)),
  ]);
  return {
    entityIds: reviewed.map((r) => r.entityId),
    votedReviewIds: voted.map((v) => v.reviewId),
  };
}

export async function countActiveAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return row?.n ?? 0;
}

/**
 * Deletes the account row: its sessions, email tokens, reviews, votes, notifications and
 * identity claims go with it (ON DELETE CASCADE), its name leaves replies, warnings and contact
 * messages (SET NULL). Mails still waiting for it are dropped.
 */
export async function deleteAccountRow(db: DbOrTx, userId: string): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.recipientUserId, userId), eq(mailOutbox.status, 'pending')));
  await db.delete(users).where(eq(users.id, userId));
}

/** Reviews that still exist among `ids` (the ones not deleted with the account). */
export async function existingReviewIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(inArray(reviews.id, ids))
    .orderBy(reviews.id);
  return rows.map((r) => r.id);
}

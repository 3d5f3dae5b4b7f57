import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bids,
  entities,
  offerApplications,
  offerRequests,
  offers,
  threadMessages,
  threadReads,
  threads,
  users,
  type ThreadMessageRow,
  type ThreadRow,
} from '../../db/schema';
import { alias } from 'drizzle-orm/pg-core';

/** The two parties and title of a deal, as its own rows say (docs/decisions/050-deal-threads.md). */
export interface DealParties {
  ownerEntityId: string;
  starterEntityId: string;
  title: string;
}

/** An application: the offer's owner and the applying company. */
export async function findApplicationParties(
  db: DbOrTx,
  id: string,
): Promise<(DealParties & { subjectId: string }) | undefined> {
  const [row] = await db
    .select({
      subjectId: offerApplications.id,
      ownerEntityId: offerApplications.ownerEntityId,
      starterEntityId: offerApplications.entityId,
      title: offers.title,
    })
    .from(offerApplications)
    .innerJoin(offers, eq(offers.id, offerApplications.offerId))
    .where(eq(offerApplications.id, id));
  return row;
}

/** A bid: the request's thread between the request's owner and the bidding company. */
export async function findBidParties(
  db: DbOrTx,
  id: string,
): Promise<(DealParties & { subjectId: string }) | undefined> {
  const [row] = await db
    .select({
      subjectId: offerRequests.id,
      ownerEntityId: offerRequests.entityId,
      starterEntityId: bids.entityId,
      title: offerRequests.title,
    })
    .from(bids)
    .innerJoin(offerRequests, eq(offerRequests.id, bids.offerRequestId))
    .where(eq(bids.id, id));
  return row;
}

export async function findRequestOwner(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: offerRequests.id,
      ownerEntityId: offerRequests.entityId,
      title: offerRequests.title,
    })
    .from(offerRequests)
    .where(eq(offerRequests.id, id));
  return row;
}

/** The starter side: a company, or a member without one (Contact). */
export type Starter = { entityId: string } | { userId: string };

export async function findThreadBySubject(
  db: DbOrTx,
  kind: string,
  subjectId: string,
  starter: Starter,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(threads)
    .where(
      and(
        eq(threads.kind, kind),
        eq(threads.subjectId, subjectId),
        'entityId' in starter
          ? eq(threads.starterEntityId, starter.entityId)
          : eq(threads.starterUserId, starter.userId),
      ),
    );
  return row;
}

export async function findThread(db: DbOrTx, id: string): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(threads).where(eq(threads.id, id));
  return row;
}

/**
 * The subject's thread, opened if it is not yet (two first messages at once open one: the unique
 * key keeps one, the other reads it), locked for the write that follows.
 */
export async function openThread(
  tx: DbOrTx,
  values: typeof threads.$inferInsert,
  starter: Starter,
): Promise<ThreadRow> {
  await tx.insert(threads).values(values).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(threads)
    .where(
      and(
        eq(threads.kind, values.kind),
        eq(threads.subjectId, values.subjectId),
        'entityId' in starter
          ? eq(threads.starterEntityId, starter.entityId)
          : eq(threads.starterUserId, starter.userId),
      ),
    )
    .for('update');
  return row!;
}

export async function insertMessage(
  tx: DbOrTx,
  values: typeof threadMessages.$inferInsert,
): Promise<ThreadMessageRow> {
  const [row] = await tx.insert(threadMessages).values(values).returning();
  await tx
    .update(threads)
    .set({ lastMessageAt: row!.createdAt, lastSenderSide: row!.senderSide })
    .where(eq(threads.id, row!.threadId));
  return row!;
}

/** The newest `limit` messages, oldest first (thread_messages_thread_idx). */
export async function listMessages(
  db: DbOrTx,
  threadId: string,
  limit: number,
): Promise<ThreadMessageRow[]> {
  const rows = await db
    .select()
    .from(threadMessages)
    .where(eq(threadMessages.threadId, threadId))
    .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function markThreadRead(db: DbOrTx, threadId: string, userId: string): Promise<void> {
  await db
    .insert(threadReads)
    .values({ threadId, userId })
    .onConflictDoUpdate({
      target: [threadReads.threadId, threadReads.userId],
      set: { readAt: sql`now()` },
    });
}

/** Who the caller is in threads: its approved company (if any) and its own account. */
export interface Viewer {
  userId: string;
  entityId: string | null;
}

function partyOf(viewer: Viewer): SQL {
  return or(
    viewer.entityId ? eq(threads.ownerEntityId, viewer.entityId) : undefined,
    viewer.entityId ? eq(threads.starterEntityId, viewer.entityId) : undefined,
    eq(threads.starterUserId, viewer.userId),
  )!;
}

/** The caller's side of a thread it is party to (owner when its company is the owner). */
function mySide(viewer: Viewer): SQL {
  return viewer.entityId
    ? sql`case when ${threads.ownerEntityId} = ${viewer.entityId} then 'owner' else 'starter' end`
    : sql`'starter'`;
}

/** A thread is unread while the other side wrote last and the caller has not read it since. */
function unreadSql(viewer: Viewer): SQL<boolean> {
  return sql<boolean>`(${threads.lastSenderSide} is not null and ${threads.lastSenderSide} <> ${mySide(viewer)}
    and (${threadReads.readAt} is null or ${threadReads.readAt} < ${threads.lastMessageAt}))`;
}

const ownerEntity = alias(entities, 'owner_entity');
const starterEntity = alias(entities, 'starter_entity');
const starterUser = alias(users, 'starter_user');

/** The caller's threads, latest message first, with the other side's name and the unread mark. */
export async function listThreadsFor(db: DbOrTx, viewer: Viewer, limit: number, offset: number) {
  return db
    .select({
      thread: threads,
      ownerName: ownerEntity.name,
      starterName: sql<string>`coalesce(${starterEntity.name}, trim(${starterUser.firstName} || ' ' || ${starterUser.lastName}))`,
      unread: unreadSql(viewer),
    })
    .from(threads)
    .innerJoin(ownerEntity, eq(ownerEntity.id, threads.ownerEntityId))
    .leftJoin(starterEntity, eq(starterEntity.id, threads.starterEntityId))
    .leftJoin(starterUser, eq(starterUser.id, threads.starterUserId))
    .leftJoin(
      threadReads,
      and(eq(threadReads.threadId, threads.id), eq(threadReads.userId, viewer.userId)),
    )
    .where(and(partyOf(viewer), isNotNull(threads.lastMessageAt)))
    .orderBy(desc(threads.lastMessageAt), desc(threads.id))
    .limit(limit)
    .offset(offset);
}

/** How many of the caller's threads are unread, counted up to `cap`. */
export async function countUnreadThreads(db: DbOrTx, viewer: Viewer, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(threads)
    .leftJoin(
      threadReads,
      and(eq(threadReads.threadId, threads.id), eq(threadReads.userId, viewer.userId)),
    )
    .where(and(partyOf(viewer), unreadSql(viewer)))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/** The two parties' names of one thread. */
export async function findThreadNames(db: DbOrTx, threadId: string) {
  const [row] = await db
    .select({
      ownerName: ownerEntity.name,
      starterName: sql<string>`coalesce(${starterEntity.name}, trim(${starterUser.firstName} || ' ' || ${starterUser.lastName}))`,
    })
    .from(threads)
    .innerJoin(ownerEntity, eq(ownerEntity.id, threads.ownerEntityId))
    .leftJoin(starterEntity, eq(starterEntity.id, threads.starterEntityId))
    .leftJoin(starterUser, eq(starterUser.id, threads.starterUserId))
    .where(eq(threads.id, threadId));
  return row;
}

export async function findMessage(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ message: threadMessages, thread: threads })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .where(eq(threadMessages.id, id));
  return row;
}

/** Marks the message reported (once) and opens its thread to the admins; false if it already was. */
export async function reportMessage(
  tx: DbOrTx,
  message: { id: string; threadId: string },
  userId: string,
  reason: string,
): Promise<boolean> {
  const rows = await tx
    .update(threadMessages)
    .set({ reportedAt: sql`now()`, reportedByUserId: userId, reportReason: reason })
    .where(and(eq(threadMessages.id, message.id), sql`${threadMessages.reportedAt} is null`))
    .returning({ id: threadMessages.id });
  if (rows.length === 0) return false;
  await tx
    .update(threads)
    .set({ reportedAt: sql`coalesce(${threads.reportedAt}, now())` })
    .where(eq(threads.id, message.threadId));
  return true;
}

const resolver = alias(users, 'resolver');

/**
 * Reported messages for the admins: open ones newest report first (thread_messages_report_open_idx)
 * or settled ones newest decision first (thread_messages_report_resolved_idx), with the deciding
 * admin's email.
 */
export async function listReports(
  db: DbOrTx,
  status: 'open' | 'resolved',
  limit: number,
  offset: number,
) {
  const open = status === 'open';
  return db
    .select({ message: threadMessages, title: threads.title, resolvedBy: resolver.email })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .leftJoin(resolver, eq(resolver.id, threadMessages.reportResolvedByUserId))
    .where(
      open
        ? and(isNotNull(threadMessages.reportedAt), isNull(threadMessages.reportResolvedAt))
        : isNotNull(threadMessages.reportResolvedAt),
    )
    .orderBy(
      ...(open
        ? [desc(threadMessages.reportedAt), desc(threadMessages.id)]
        : [desc(threadMessages.reportResolvedAt), desc(threadMessages.id)]),
    )
    .limit(limit)
    .offset(offset);
}

/** One reported message with its thread, locked for the admin's decision (two admins wait in turn). */
export async function lockReportedMessage(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ message: threadMessages, thread: threads })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .where(and(eq(threadMessages.id, id), isNotNull(threadMessages.reportedAt)))
    .for('update', { of: threadMessages });
  return row;
}

/** Stamps the admin's decision on the message (who, when, what, the note). */
export async function stampReportResolution(
  tx: DbOrTx,
  id: string,
  stamp: { adminId: string; resolution: 'dismissed' | 'removed'; note: string | null },
): Promise<ThreadMessageRow> {
  const [row] = await tx
    .update(threadMessages)
    .set({
      reportResolvedAt: sql`now()`,
      reportResolvedByUserId: stamp.adminId,
      reportResolution: stamp.resolution,
      reportResolutionNote: stamp.note,
    })
    .where(eq(threadMessages.id, id))
    .returning();
  return row!;
}

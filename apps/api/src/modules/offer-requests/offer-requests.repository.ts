import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bids,
  entities,
  mailOutbox,
  offerRequests,
  offers,
  users,
  type BidRow,
  type OfferRequestRow,
} from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import type { TrustFacts } from '../entities/trust-context.presenter';
import { underWarningSql } from '../warnings/under-warning.sql';

export interface RequestWithNames {
  request: OfferRequestRow;
  entityName: string;
  firstName: string;
  lastName: string;
}

/** Requests with their entity's and author's names: what every list and read starts from. */
function requestsWithNames(db: DbOrTx) {
  return db
    .select({
      request: offerRequests,
      entityName: entities.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(offerRequests)
    .innerJoin(entities, eq(entities.id, offerRequests.entityId))
    .innerJoin(users, eq(users.id, offerRequests.userId))
    .$dynamic();
}

/** What the GEO filter searches: a request's GEOs as one lower-case text (its trigram index). */
export function geosSearchText(geos: readonly string[]): string {
  return geos.join(' ').toLowerCase();
}

export async function insertRequest(
  db: DbOrTx,
  values: typeof offerRequests.$inferInsert,
): Promise<OfferRequestRow> {
  const [row] = await db.insert(offerRequests).values(values).returning();
  return row!;
}

/** Open requests (active, unexpired, of approved entities), newest first, filtered. */
export async function listOpenRequests(
  db: DbOrTx,
  f: {
    vertical?: string | undefined;
    geo?: string | undefined;
    priority?: string | undefined;
    excludeEntityId?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<RequestWithNames[]> {
  return requestsWithNames(db)
    .where(
      and(
        eq(offerRequests.requestStatus, 'active'),
        sql`(${offerRequests.expiresAt} IS NULL OR ${offerRequests.expiresAt} > now())`,
        eq(entities.verificationStatus, 'approved'),
        f.vertical
          ? sql`${offerRequests.vertical} ILIKE ${containsPattern(f.vertical)}`
          : undefined,
        f.geo
          ? sql`${offerRequests.geosSearch} ILIKE ${containsPattern(f.geo.toLowerCase())}`
          : undefined,
        f.priority ? eq(offerRequests.priority, f.priority) : undefined,
        f.excludeEntityId ? ne(offerRequests.entityId, f.excludeEntityId) : undefined,
      ),
    )
    .orderBy(desc(offerRequests.createdAt), desc(offerRequests.id))
    .limit(f.limit)
    .offset(f.offset);
}

/** A user's requests, newest first; only those of `entityId` when given. */
export async function listRequestsByUser(
  db: DbOrTx,
  userId: string,
  limit: number,
  entityId?: string,
) {
  return requestsWithNames(db)
    .where(
      and(
        eq(offerRequests.userId, userId),
        entityId ? eq(offerRequests.entityId, entityId) : undefined,
      ),
    )
    .orderBy(desc(offerRequests.createdAt))
    .limit(limit);
}

export async function findRequest(db: DbOrTx, id: string): Promise<RequestWithNames | undefined> {
  const [row] = await requestsWithNames(db).where(eq(offerRequests.id, id)).limit(1);
  return row;
}

export async function countOpenBids(
  db: DbOrTx,
  requestIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map(requestIds.map((id) => [id, 0]));
  if (requestIds.length === 0) return counts;
  const rows = await db
    .select({ id: bids.offerRequestId, n: sql<number>`count(*)::int` })
    .from(bids)
    .where(and(inArray(bids.offerRequestId, requestIds), eq(bids.status, 'open')))
    .groupBy(bids.offerRequestId);
  for (const r of rows) counts.set(r.id, r.n);
  return counts;
}

/** Places the entity's open bid, replacing its previous open bid on the request. */
export async function upsertOpenBid(
  db: DbOrTx,
  values: {
    offerRequestId: string;
    entityId: string;
    userId: string;
    bidAmount: number;
    bidNotes: string | null;
    offerDetails: Record<string, unknown>;
    payoutType: string;
    offerId: string | null;
  },
): Promise<BidRow> {
  const [row] = await db
    .insert(bids)
    .values(values)
    .onConflictDoUpdate({
      target: [bids.offerRequestId, bids.entityId],
      targetWhere: sql`${bids.status} = 'open'`,
      set: {
        userId: values.userId,
        bidAmount: values.bidAmount,
        bidNotes: values.bidNotes,
        offerDetails: values.offerDetails,
        payoutType: values.payoutType,
        offerId: values.offerId,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** A bid as its views show it: with the bidder's name, type and page, and the offer it names. */
export interface BidView {
  bid: BidRow;
  entityName: string;
  entityType: string;
  entitySlug: string;
  /** The bidder's trust facts (entities/trust-context.presenter.ts). */
  entityTrust: TrustFacts;
  offer: { id: string; slug: string; title: string } | null;
}

/** A bid and its bidder as BidView shows them (the bidder joined as `entities`). */
const bidColumns = () => ({
  bid: bids,
  entityName: entities.name,
  entityType: entities.entityType,
  entitySlug: entities.slug,
  entityTrust: {
    reputationScore: entities.reputationScore,
    totalReviews: entities.totalReviews,
    verificationStatus: entities.verificationStatus,
    warned: underWarningSql(bids.entityId),
  },
});

function bidViews(db: DbOrTx) {
  return db
    .select({
      ...bidColumns(),
      offer: { id: offers.id, slug: offers.slug, title: offers.title },
    })
    .from(bids)
    .innerJoin(entities, eq(entities.id, bids.entityId))
    .leftJoin(offers, eq(offers.id, bids.offerId))
    .$dynamic();
}

export async function listBids(db: DbOrTx, requestId: string, limit: number): Promise<BidView[]> {
  return bidViews(db)
    .where(eq(bids.offerRequestId, requestId))
    .orderBy(desc(bids.updatedAt))
    .limit(limit);
}

export async function findBidView(db: DbOrTx, id: string): Promise<BidView | undefined> {
  const [row] = await bidViews(db).where(eq(bids.id, id)).limit(1);
  return row;
}

/**
 * Answers an open bid; undefined when it is no longer open (the row lock makes two racing answers
 * resolve to one).
 */
export async function decideOpenBid(
  db: DbOrTx,
  id: string,
  values: {
    status: 'accepted' | 'declined';
    decisionNote: string | null;
    decidedByUserId: string;
  },
): Promise<BidRow | undefined> {
  const [row] = await db
    .update(bids)
    .set({ ...values, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(bids.id, id), eq(bids.status, 'open')))
    .returning();
  return row;
}

/**
 * Closes an active request as fulfilled when one of its bids is accepted (decision 048);
 * false when it is no longer active: the row lock makes two racing acceptances resolve to one.
 */
export async function fulfilRequest(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(offerRequests)
    .set({ requestStatus: 'fulfilled', updatedAt: sql`now()` })
    .where(and(eq(offerRequests.id, id), eq(offerRequests.requestStatus, 'active')))
    .returning({ id: offerRequests.id });
  return rows.length > 0;
}

/** Reopens a fulfilled request; false when it is not fulfilled (decision 048). */
export async function reopenFulfilledRequest(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(offerRequests)
    .set({ requestStatus: 'active', updatedAt: sql`now()` })
    .where(and(eq(offerRequests.id, id), eq(offerRequests.requestStatus, 'fulfilled')))
    .returning({ id: offerRequests.id });
  return rows.length > 0;
}

/** An entity's accepted bids that name no offer yet, with their requests' titles (decision 048). */
export async function listBidsAwaitingOffer(
  db: DbOrTx,
  entityId: string,
  limit: number,
): Promise<(BidView & { requestTitle: string })[]> {
  return db
    .select({ ...bidColumns(), offer: sql<null>`null`, requestTitle: offerRequests.title })
    .from(bids)
    .innerJoin(entities, eq(entities.id, bids.entityId))
    .innerJoin(offerRequests, eq(offerRequests.id, bids.offerRequestId))
    .where(
      and(
        eq(bids.entityId, entityId),
        eq(bids.status, 'accepted'),
        sql`${bids.offerId} IS NULL`,
        sql`${bids.applicationId} IS NULL`,
      ),
    )
    .orderBy(desc(bids.decidedAt))
    .limit(limit);
}

/**
 * Names the offer of an accepted bid that had none (decision 048); false when it has one already
 * (the row lock makes two racing answers resolve to one).
 */
export async function claimBidOffer(db: DbOrTx, id: string, offerId: string): Promise<boolean> {
  const rows = await db
    .update(bids)
    .set({ offerId, updatedAt: sql`now()` })
    .where(
      and(
        eq(bids.id, id),
        eq(bids.status, 'accepted'),
        sql`${bids.offerId} IS NULL`,
        sql`${bids.applicationId} IS NULL`,
      ),
    )
    .returning({ id: bids.id });
  return rows.length > 0;
}

export async function linkBidApplication(
  db: DbOrTx,
  id: string,
  applicationId: string,
): Promise<void> {
  await db.update(bids).set({ applicationId }).where(eq(bids.id, id));
}

/** Contact mails the user sent or received, newest first. */
export async function listContactMails(
  db: DbOrTx,
  userId: string,
  type: 'all' | 'sent' | 'received',
  limit: number,
  offset: number,
) {
  const sent = eq(mailOutbox.senderUserId, userId);
  const received = eq(mailOutbox.recipientUserId, userId);
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, 'contact_request'),
        type === 'sent' ? sent : type === 'received' ? received : or(sent, received),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit)
    .offset(offset);
}

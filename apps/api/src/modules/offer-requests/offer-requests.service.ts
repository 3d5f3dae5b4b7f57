import type { z } from 'zod';
import {
  REQUEST_MESSAGES,
  requestPriority,
  type bidBodySchema,
  type emailHistoryQuerySchema,
  type offerRequestCreateSchema,
  type offerRequestsQuerySchema,
} from '@trustlinks/contract/offer-requests';
import {
  actingEntityId,
  requireEntityInsider,
  requireFoundById,
  requireWithinRate,
} from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { hitCounter } from '../../lib/counters.repository';
import { isUuid } from '../../lib/ids';
import { enqueueMail } from '../../mail/outbox.repository';
import { bidReceivedMail, contactRequestMail } from '../../mail/templates';
import { notify } from '../notifications/notifications.service';
import { requireActingEntity } from '../entities/entities.service';
import { findUserById } from '../users/users.service';
import { displayName } from '../users/users.presenter';
import { toBid, toOfferRequest } from './offer-requests.presenter';
import {
  countOpenBids,
  findRequest,
  geosSearchText,
  insertRequest,
  listBids,
  listContactMails,
  listOpenRequests,
  listRequestsByUser,
  upsertOpenBid,
} from './offer-requests.repository';
import { DAY_MS, HOUR_MS } from '../../lib/time';

const REQUESTER_ROLES = ['affiliate', 'network'];
const BIDDER_ROLES = ['advertiser', 'network'];
export const CONTACT_WINDOW_MS = HOUR_MS;
/** The request's owner hears of one entity's bid once per day; later changes update it silently. */
export const BID_MAIL_WINDOW_MS = DAY_MS;
export const CONTACTS_PER_HOUR = 10;
const USER_REQUESTS_LIMIT = 200;
const BIDS_LIMIT = 200;

type CreateInput = z.output<typeof offerRequestCreateSchema>;
type ListQuery = z.output<typeof offerRequestsQuerySchema>;
type BidInput = z.output<typeof bidBodySchema>;
type HistoryQuery = z.output<typeof emailHistoryQuerySchema>;

export async function createRequest(deps: Deps, user: AuthUser, input: CreateInput) {
  const entity = await requireActingEntity(deps, user, REQUESTER_ROLES, {
    role: REQUEST_MESSAGES.onlyRequesters,
    noEntity: REQUEST_MESSAGES.noEntity,
    notApproved: REQUEST_MESSAGES.entityNotApproved,
  });
  const row = await insertRequest(deps.db, {
    entityId: entity.id,
    userId: user.id,
    title: input.title,
    vertical: input.vertical,
    geosTargeting: input.geos_targeting,
    geosSearch: geosSearchText(input.geos_targeting),
    trafficType: input.traffic_type,
    trafficVolume: input.traffic_volume,
    platformsUsed: input.platforms_used,
    desiredPayoutType: input.desired_payout_type,
    budgetMin: input.budget_range?.min ?? null,
    budgetMax: input.budget_range?.max ?? null,
    notes: input.notes,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    priority: requestPriority(input.traffic_volume, input.budget_range !== null),
  });
  return {
    success: true,
    message: REQUEST_MESSAGES.created,
    request: toOfferRequest(
      { request: row, entityName: entity.name, firstName: user.firstName, lastName: user.lastName },
      0,
    ),
  };
}

export async function listRequests(deps: Deps, query: ListQuery) {
  const rows = await listOpenRequests(deps.db, {
    vertical: query.vertical,
    geo: query.geo,
    priority: query.priority && query.priority !== 'all' ? query.priority : undefined,
    excludeEntityId:
      query.exclude_entity_id && isUuid(query.exclude_entity_id)
        ? query.exclude_entity_id
        : undefined,
    limit: query.limit,
    offset: query.offset,
  });
  return { success: true, requests: rows.map((r) => toOfferRequest(r)) };
}

/** A user's own requests (with bid counts); only that user or an admin. */
export async function listUserRequests(deps: Deps, viewer: AuthUser, userId: string) {
  if (viewer.role !== 'admin' && viewer.id !== userId)
    throw forbidden(REQUEST_MESSAGES.notYourRequests);
  if (!isUuid(userId)) return { success: true, requests: [] };
  // A user sees their requests only while they act for the entity that posted them.
  const entityId = viewer.role === 'admin' ? undefined : actingEntityId(viewer);
  if (entityId === null) return { success: true, requests: [] };
  const rows = await listRequestsByUser(deps.db, userId, USER_REQUESTS_LIMIT, entityId);
  const counts = await countOpenBids(
    deps.db,
    rows.map((r) => r.request.id),
  );
  return {
    success: true,
    requests: rows.map((r) => toOfferRequest(r, counts.get(r.request.id) ?? 0)),
  };
}

async function requireRequest(deps: Deps, id: string) {
  return requireFoundById(
    id,
    (requestId) => findRequest(deps.db, requestId),
    REQUEST_MESSAGES.notFound,
  );
}

async function requireOpenRequest(deps: Deps, id: string) {
  const row = await requireRequest(deps, id);
  const open =
    row.request.requestStatus === 'active' &&
    (!row.request.expiresAt || row.request.expiresAt.getTime() > Date.now());
  return { row, open };
}

export async function placeBid(deps: Deps, user: AuthUser, requestId: string, input: BidInput) {
  const entity = await requireActingEntity(deps, user, BIDDER_ROLES, {
    role: REQUEST_MESSAGES.onlyBidders,
    noEntity: REQUEST_MESSAGES.noEntity,
    notApproved: REQUEST_MESSAGES.onlyBidders,
  });
  const { row, open } = await requireOpenRequest(deps, requestId);
  if (row.request.entityId === entity.id) throw badRequest(REQUEST_MESSAGES.ownRequest);
  if (!open) throw badRequest(REQUEST_MESSAGES.requestClosed);
  const owner = await findUserById(deps.db, row.request.userId);
  const bid = await deps.db.transaction(async (tx) => {
    const placed = await upsertOpenBid(tx, {
      offerRequestId: row.request.id,
      entityId: entity.id,
      userId: user.id,
      bidAmount: input.bid_amount,
      bidNotes: input.bid_notes,
      offerDetails: input.offer_details,
    });
    const mailKey = `bid-mail:${row.request.id}:${entity.id}`;
    if (owner && (await hitCounter(tx, mailKey, BID_MAIL_WINDOW_MS)) === 1) {
      const dashboard = owner.role === 'network' ? 'network-dashboard' : 'affiliate-dashboard';
      // A notification behind the bell, mailed as the bid mail unless the owner turned bid
      // mails off (issue 15).
      await notify(tx, deps, {
        type: 'bid_received',
        to: { userIds: [owner.id] },
        actorUserId: user.id,
        title: `New counter offer on "${row.request.title}"`,
        body: `${entity.name} submitted a counter offer of $${input.bid_amount.toFixed(2)} on your offer request "${row.request.title}".`,
        link: `/${dashboard}?tab=requests`,
        mail: ({ firstName }, unsubscribe) =>
          bidReceivedMail({
            recipientName: firstName,
            bidderEntityName: entity.name,
            requestTitle: row.request.title,
            amount: input.bid_amount.toFixed(2),
            notes: input.bid_notes,
            dashboardUrl: `${deps.config.APP_URL}/${dashboard}`,
            unsubscribe,
          }),
      });
    }
    return placed;
  });
  deps.wakeMailer();
  return {
    success: true,
    message: REQUEST_MESSAGES.bidSubmitted,
    bid: toBid(bid, entity.name, entity.entityType),
  };
}

/** Bids are visible to the request's own entity users and admins only. */
export async function getBids(deps: Deps, user: AuthUser, requestId: string) {
  const row = await requireRequest(deps, requestId);
  // The request belongs to its entity: its author keeps no right of their own once the entity
  // is rejected or deleted (auth/policies.ts).
  requireEntityInsider(user, row.request.entityId, REQUEST_MESSAGES.bidsForOwnerOnly);
  const rows = await listBids(deps.db, row.request.id, BIDS_LIMIT);
  return { success: true, bids: rows.map((r) => toBid(r.bid, r.entityName, r.entityType)) };
}

/** Mails the request's owner, reply-to the sender; limited per sender per hour. */
export async function contactRequester(
  deps: Deps,
  user: AuthUser,
  requestId: string,
  message: string,
) {
  const entity = await requireActingEntity(deps, user, BIDDER_ROLES, {
    role: REQUEST_MESSAGES.onlyContacters,
    noEntity: REQUEST_MESSAGES.noEntity,
    notApproved: REQUEST_MESSAGES.onlyContacters,
  });
  const { row, open } = await requireOpenRequest(deps, requestId);
  if (row.request.entityId === entity.id) throw badRequest(REQUEST_MESSAGES.contactOwn);
  if (!open) throw badRequest(REQUEST_MESSAGES.requestClosed);
  const owner = await findUserById(deps.db, row.request.userId);
  if (!owner) throw notFound(REQUEST_MESSAGES.notFound);
  const sender = await findUserById(deps.db, user.id);
  await deps.db.transaction(async (tx) => {
    await requireWithinRate(
      tx,
      `contact:${user.id}`,
      { max: CONTACTS_PER_HOUR, windowMs: CONTACT_WINDOW_MS },
      REQUEST_MESSAGES.contactRateLimited,
    );
    await enqueueMail(
      tx,
      { to: owner.email, replyTo: sender!.email, senderUserId: user.id, recipientUserId: owner.id },
      contactRequestMail({
        recipientName: owner.firstName,
        senderName: displayName(sender!),
        senderEntityName: entity.name,
        senderEmail: sender!.email,
        requestTitle: row.request.title,
        message,
      }),
    );
  });
  deps.wakeMailer();
  return { success: true, message: REQUEST_MESSAGES.contactSent };
}

export async function emailHistory(deps: Deps, user: AuthUser, query: HistoryQuery) {
  const rows = await listContactMails(deps.db, user.id, query.type, query.limit, query.offset);
  return {
    success: true,
    emails: rows.map((m) => ({
      email_id: m.id,
      direction: m.senderUserId === user.id ? ('sent' as const) : ('received' as const),
      subject: m.subject,
      to: m.toAddress,
      reply_to: m.replyTo,
      body: m.textBody,
      status: m.status,
      created_at: m.createdAt.toISOString(),
      sent_at: m.sentAt ? m.sentAt.toISOString() : null,
    })),
    pagination: { limit: query.limit, offset: query.offset },
  };
}

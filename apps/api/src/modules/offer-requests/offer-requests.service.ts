import { dashboardPath } from '@trustlinks/contract/pages';
import type { z } from 'zod';
import {
  bidAmountLabel,
  REQUEST_MESSAGES,
  requestPriority,
  type bidBodySchema,
  type bidDecisionSchema,
  type bidOfferBodySchema,
  type emailHistoryQuerySchema,
  type offerRequestCreateSchema,
  type offerRequestsQuerySchema,
} from '@trustlinks/contract/offer-requests';
import { offerCreateSchema } from '@trustlinks/contract/offers';
import {
  actingEntityId,
  requireEntityInsider,
  speaksForEntity,
  requireFoundById,
  requireWithinRate,
} from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { hitCounter } from '../../lib/counters.repository';
import { isUuid } from '../../lib/ids';
import { enqueueMail } from '../../mail/outbox.repository';
import { bidReceivedMail, contactRequestMail } from '../../mail/templates';
import { notify } from '../notifications/notifications.service';
import { approveForAcceptedBid } from '../applications/applications.service';
import {
  findRunningOfferOf,
  publishOffer,
  requirePublishingEntity,
} from '../offers/offers.service';
import { offerPath } from '@trustlinks/contract/paths';
import { requireActingEntity } from '../entities/entities.service';
import { findUserById } from '../users/users.service';
import { displayName } from '../users/users.presenter';
import { toBid, toOfferRequest } from './offer-requests.presenter';
import {
  claimBidOffer,
  countOpenBids,
  decideOpenBid,
  fulfilRequest,
  listBidsAwaitingOffer,
  reopenFulfilledRequest,
  findBidView,
  findRequest,
  linkBidApplication,
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
type BidDecisionInput = z.output<typeof bidDecisionSchema>;
type BidOfferInput = z.output<typeof bidOfferBodySchema>;
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
  // A counter offer may name one of the bidder's own running offers, never another's.
  const offer = input.offer_id ? await findRunningOfferOf(deps, entity.id, input.offer_id) : null;
  if (input.offer_id && !offer) {
    throw badRequest(REQUEST_MESSAGES.bidOfferNotYours, [
      { path: 'offer_id', message: REQUEST_MESSAGES.bidOfferNotYours },
    ]);
  }
  const amount = bidAmountLabel(input.bid_amount, input.payout_type);
  const owner = await findUserById(deps.db, row.request.userId);
  const bid = await deps.db.transaction(async (tx) => {
    const placed = await upsertOpenBid(tx, {
      offerRequestId: row.request.id,
      entityId: entity.id,
      userId: user.id,
      bidAmount: input.bid_amount,
      bidNotes: input.bid_notes,
      offerDetails: input.offer_details,
      payoutType: input.payout_type,
      offerId: offer ? offer.offer.id : null,
    });
    const mailKey = `bid-mail:${row.request.id}:${entity.id}`;
    if (owner && (await hitCounter(tx, mailKey, BID_MAIL_WINDOW_MS)) === 1) {
      const dashboard = owner.role === 'network' ? 'network' : 'affiliate';
      // A notification behind the bell, mailed as the bid mail unless the owner turned bid
      // mails off (docs/decisions/014).
      await notify(tx, deps, {
        type: 'bid_received',
        to: { userIds: [owner.id] },
        actorUserId: user.id,
        title: `New counter offer on "${row.request.title}"`,
        body: `${entity.name} submitted a counter offer of ${amount}${
          offer ? ` with its offer "${offer.offer.title}"` : ''
        } on your offer request "${row.request.title}".`,
        link: dashboardPath(dashboard, 'requests', { kind: 'request', id: row.request.id }),
        mail: ({ firstName }, unsubscribe) =>
          bidReceivedMail({
            recipientName: firstName,
            bidderEntityName: entity.name,
            requestTitle: row.request.title,
            amount,
            notes: input.bid_notes,
            dashboardUrl: `${deps.config.APP_URL}${dashboardPath(dashboard)}`,
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
    bid: toBid((await findBidView(deps.db, bid.id))!),
  };
}

/** Bids are visible to the request's own entity users and admins only. */
export async function getBids(deps: Deps, user: AuthUser, requestId: string) {
  const row = await requireRequest(deps, requestId);
  // The request belongs to its entity: its author keeps no right of their own once the entity
  // is rejected or deleted (auth/policies.ts).
  requireEntityInsider(user, row.request.entityId, REQUEST_MESSAGES.bidsForOwnerOnly);
  const rows = await listBids(deps.db, row.request.id, BIDS_LIMIT);
  return { success: true, bids: rows.map((r) => toBid(r)) };
}

/** A bid's payout as an application's agreed terms (docs/decisions/048-agreed-terms.md). */
function bidTerms(bid: { payoutType: string; bidAmount: number }) {
  return { payoutType: bid.payoutType, payoutAmount: Number(bid.bidAmount) };
}

/**
 * PUT /offers/bids/{id} (decision 030): the request's owner accepts or declines an open bid, with
 * an optional note; a bid is answered once (409 after). The bidder's company is told (bell and
 * mail). Accepting closes the request as fulfilled (decision 048: one accepted bid until its owner
 * reopens it; a second acceptance is refused in the same transaction, race-safe). An accepted bid
 * naming an offer gives the requester's company an approved application to it at the bid's terms
 * (applications.service approveForAcceptedBid), in the same transaction; one naming none asks the
 * bidder to link an offer or create a private one (giveBidOffer).
 */
export async function decideBid(
  deps: Deps,
  user: AuthUser,
  bidId: string,
  input: BidDecisionInput,
) {
  const view = await requireFoundById(
    bidId,
    (id) => findBidView(deps.db, id),
    REQUEST_MESSAGES.bidNotFound,
  );
  const request = await requireRequest(deps, view.bid.offerRequestId);
  requireEntityInsider(user, request.request.entityId, REQUEST_MESSAGES.bidsDecidedByOwner);
  if (view.bid.status !== 'open') throw conflict(REQUEST_MESSAGES.bidAlreadyDecided);
  const accepted = input.status === 'accepted';
  if (accepted && request.request.requestStatus === 'fulfilled') {
    throw conflict(REQUEST_MESSAGES.alreadyAccepted);
  }
  const title = request.request.title;
  await deps.db.transaction(async (tx) => {
    const decided = await decideOpenBid(tx, view.bid.id, {
      status: input.status,
      decisionNote: input.note,
      decidedByUserId: user.id,
    });
    if (!decided) throw conflict(REQUEST_MESSAGES.bidAlreadyDecided);
    let tracking = '';
    if (accepted) {
      if (!(await fulfilRequest(tx, request.request.id))) {
        throw request.request.requestStatus === 'active'
          ? conflict(REQUEST_MESSAGES.alreadyAccepted)
          : badRequest(REQUEST_MESSAGES.requestClosed);
      }
      if (view.bid.offerId) {
        const applicationId = await approveForAcceptedBid(tx, deps, {
          offerId: view.bid.offerId,
          applicantEntityId: request.request.entityId,
          approvedByUserId: view.bid.userId,
          userId: user.id,
          note: `Counter offer accepted on "${title}"`,
          terms: bidTerms(view.bid),
        });
        await linkBidApplication(tx, view.bid.id, applicationId);
        tracking = ` ${request.entityName} now runs your offer "${view.offer?.title ?? ''}" at these terms: its application is approved and tracking has started.`;
      } else {
        tracking =
          ' Link one of your offers to it, or create a private offer from its terms, on your dashboard.';
      }
    }
    await notify(tx, deps, {
      type: 'bid_decided',
      to: { entityId: view.bid.entityId },
      actorUserId: user.id,
      title: `Your counter offer on "${title}" was ${input.status}`,
      body: `${request.entityName} ${input.status} your counter offer of ${bidAmountLabel(
        Number(view.bid.bidAmount),
        view.bid.payoutType,
      )} on "${title}".${tracking}${input.note ? ` Note: "${input.note}"` : ''}`,
      link: view.offer
        ? offerPath(view.offer.slug)
        : dashboardPath(view.entityType, 'requests', { kind: 'request', id: request.request.id }),
    });
  });
  deps.wakeMailer();
  const updated = (await findBidView(deps.db, view.bid.id))!;
  return {
    success: true,
    message: accepted
      ? view.bid.offerId
        ? REQUEST_MESSAGES.bidAccepted
        : REQUEST_MESSAGES.bidAcceptedNeedsOffer
      : REQUEST_MESSAGES.bidDeclined,
    bid: toBid(updated),
  };
}

/**
 * PUT /offers/offer-requests/{id}/reopen (decision 048): the request's owner reopens a request an
 * accepted bid closed; it takes bids, and another acceptance, again.
 */
export async function reopenRequest(deps: Deps, user: AuthUser, requestId: string) {
  const row = await requireRequest(deps, requestId);
  requireEntityInsider(user, row.request.entityId, REQUEST_MESSAGES.reopenByOwner);
  if (!(await reopenFulfilledRequest(deps.db, row.request.id))) {
    throw conflict(REQUEST_MESSAGES.reopenOnlyFulfilled);
  }
  return { success: true, message: REQUEST_MESSAGES.reopened };
}

const AWAITING_LIMIT = 50;

/** GET /offers/bids/awaiting-offer (decision 048): the caller's company's accepted bids without an offer. */
export async function listAwaitingOffer(deps: Deps, user: AuthUser) {
  const entityId = actingEntityId(user);
  if (!entityId || !BIDDER_ROLES.includes(user.role)) {
    throw forbidden(REQUEST_MESSAGES.bidOfferByBidder);
  }
  const rows = await listBidsAwaitingOffer(deps.db, entityId, AWAITING_LIMIT);
  return {
    bids: rows.map((r) => ({ ...toBid(r), request_title: r.requestTitle })),
  };
}

/**
 * POST /offers/bids/{id}/offer (decision 048): the bidder gives its accepted counter offer that
 * named no offer one: one of its running offers, or a private offer created (offers.service
 * publishOffer) from the bid's terms and the request's title, vertical and GEOs. Either way the
 * requester's company gets an approved application at the bid's terms, in one transaction.
 */
export async function giveBidOffer(
  deps: Deps,
  user: AuthUser,
  bidId: string,
  input: BidOfferInput,
) {
  const view = await requireFoundById(
    bidId,
    (id) => findBidView(deps.db, id),
    REQUEST_MESSAGES.bidNotFound,
  );
  if (!speaksForEntity(user, view.bid.entityId)) throw forbidden(REQUEST_MESSAGES.bidOfferByBidder);
  if (view.bid.status !== 'accepted' || view.bid.offerId || view.bid.applicationId) {
    throw conflict(REQUEST_MESSAGES.bidOfferNotNeeded);
  }
  const request = await requireRequest(deps, view.bid.offerRequestId);
  const entity = await requirePublishingEntity(deps, user);
  let privateOffer: z.output<typeof offerCreateSchema> | null = null;
  if (!input.offer_id) {
    const amount = Number(view.bid.bidAmount);
    const parsed = offerCreateSchema.safeParse({
      title: input.title || request.request.title,
      category: request.request.vertical,
      description:
        view.bid.bidNotes ||
        `Private offer for ${request.entityName}: the counter offer accepted on "${request.request.title}".`,
      target_geo: request.request.geosTargeting,
      payout_type: view.bid.payoutType,
      payout_value: view.bid.payoutType === 'RevShare' ? `${amount}%` : amount,
      landing_page_url: input.landing_page_url,
    });
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({
        path: i.path.join('.'),
        message: i.message,
      }));
      throw badRequest(details[0]!.message, details);
    }
    privateOffer = parsed.data;
  }
  const offer = await deps.db.transaction(async (tx) => {
    const named = privateOffer
      ? (await publishOffer(tx, entity, user, privateOffer, 'private')).offer
      : await findRunningOfferOf(deps, entity.id, input.offer_id!, tx).then((r) =>
          r ? { offer_id: r.offer.id, slug: r.offer.slug, title: r.offer.title } : undefined,
        );
    if (!named) {
      throw badRequest(REQUEST_MESSAGES.bidOfferNotYours, [
        { path: 'offer_id', message: REQUEST_MESSAGES.bidOfferNotYours },
      ]);
    }
    if (!(await claimBidOffer(tx, view.bid.id, named.offer_id))) {
      throw conflict(REQUEST_MESSAGES.bidOfferNotNeeded);
    }
    const applicationId = await approveForAcceptedBid(tx, deps, {
      offerId: named.offer_id,
      applicantEntityId: request.request.entityId,
      approvedByUserId: user.id,
      userId: view.bid.decidedByUserId ?? request.request.userId,
      note: `Counter offer accepted on "${request.request.title}"`,
      terms: bidTerms(view.bid),
    });
    await linkBidApplication(tx, view.bid.id, applicationId);
    await notify(tx, deps, {
      type: 'bid_decided',
      to: { entityId: request.request.entityId },
      actorUserId: user.id,
      title: `You now run "${named.title}"`,
      body: `${entity.name} gave your accepted counter offer on "${request.request.title}" its offer "${named.title}" at ${bidAmountLabel(
        Number(view.bid.bidAmount),
        view.bid.payoutType,
      )}: your application is approved and your tracking link is on the offer page.`,
      link: offerPath(named.slug),
    });
    return named;
  });
  deps.wakeMailer();
  const updated = (await findBidView(deps.db, view.bid.id))!;
  return {
    success: true,
    message: privateOffer
      ? REQUEST_MESSAGES.bidPrivateOfferCreated
      : `${REQUEST_MESSAGES.bidOfferLinked}`,
    bid: toBid({ ...updated, offer: { id: offer.offer_id, slug: offer.slug, title: offer.title } }),
  };
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

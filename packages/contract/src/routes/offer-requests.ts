import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { idParamsSchema, userIdParamsSchema } from '../params';
import {
  acceptedBidsResponseSchema,
  bidBodySchema,
  bidOfferBodySchema,
  bidCreatedResponseSchema,
  bidDecidedResponseSchema,
  bidDecisionSchema,
  bidsResponseSchema,
  contactBodySchema,
  emailHistoryQuerySchema,
  emailHistoryResponseSchema,
  offerRequestCreatedResponseSchema,
  offerRequestCreateSchema,
  offerRequestsQuerySchema,
  offerRequestsResponseSchema,
  successMessageResponseSchema,
} from '../offer-requests';

/** Offer requests (the wishlist): affiliates ask for offers, advertisers bid on them or write. */
const tag = 'offer requests';
// Pure: the browser build drops it with the schemas (apps/web/route-addresses.ts).
const errors = errorResponses(400, 401, 403, 404, 429);

export const create = defineRoute({
  method: 'POST',
  path: '/offers/offer-request',
  auth: 'user',
  tag,
  summary: "Post an offer request for the caller's entity (affiliates and networks)",
  body: offerRequestCreateSchema,
  responses: { 201: offerRequestCreatedResponseSchema, ...errors },
});

export const list = defineRoute({
  method: 'GET',
  path: '/offers/offer-requests',
  auth: 'public',
  tag,
  summary: 'Open offer requests (wishlist), filtered',
  query: offerRequestsQuerySchema,
  responses: { 200: offerRequestsResponseSchema, ...errors },
});

export const listOfUser = defineRoute({
  method: 'GET',
  path: '/offers/offer-requests/user/:userId',
  auth: 'user',
  tag,
  summary: "A user's own offer requests with bid counts (that user or admins)",
  params: userIdParamsSchema,
  responses: { 200: offerRequestsResponseSchema, ...errors },
});

export const bid = defineRoute({
  method: 'POST',
  path: '/offers/offer-requests/:id/bid',
  auth: 'user',
  tag,
  summary: 'Submit a counter offer (advertisers and networks; replaces your open bid)',
  params: idParamsSchema,
  body: bidBodySchema,
  responses: { 201: bidCreatedResponseSchema, ...errors },
});

export const bids = defineRoute({
  method: 'GET',
  path: '/offers/offer-requests/:id/bids',
  auth: 'user',
  tag,
  summary: "A request's bids (its owner and admins)",
  params: idParamsSchema,
  responses: { 200: bidsResponseSchema, ...errors },
});

export const decideBid = defineRoute({
  method: 'PUT',
  path: '/offers/bids/:id',
  auth: 'user',
  tag,
  summary:
    "Accept or decline a bid on your request (its owner; an accepted bid's offer is applied to)",
  params: idParamsSchema,
  body: bidDecisionSchema,
  responses: { 200: bidDecidedResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const reopen = defineRoute({
  method: 'PUT',
  path: '/offers/offer-requests/:id/reopen',
  auth: 'user',
  tag,
  summary: 'Reopen your request closed by an accepted counter offer (its owner)',
  params: idParamsSchema,
  responses: { 200: successMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const awaitingOffer = defineRoute({
  method: 'GET',
  path: '/offers/bids/awaiting-offer',
  auth: 'user',
  tag,
  summary: "Your company's accepted counter offers that still need an offer",
  responses: { 200: acceptedBidsResponseSchema, ...errorResponses(401, 403) },
});

export const giveBidOffer = defineRoute({
  method: 'POST',
  path: '/offers/bids/:id/offer',
  auth: 'user',
  tag,
  summary:
    'Give your accepted counter offer an offer: link one of yours or create a private one from its terms',
  params: idParamsSchema,
  body: bidOfferBodySchema,
  responses: { 200: bidDecidedResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const contact = defineRoute({
  method: 'POST',
  path: '/offers/offer-requests/:id/contact',
  auth: 'user',
  tag,
  summary: "Email the request's owner (advertisers and networks; reply-to is you)",
  params: idParamsSchema,
  body: contactBodySchema,
  responses: { 200: successMessageResponseSchema, ...errors },
});

export const emailHistory = defineRoute({
  method: 'GET',
  path: '/offers/email-history',
  auth: 'user',
  tag,
  summary: 'Contact emails you sent and received',
  query: emailHistoryQuerySchema,
  responses: { 200: emailHistoryResponseSchema, ...errors },
});

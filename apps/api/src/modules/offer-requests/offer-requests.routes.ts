import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema, userIdParamsSchema } from '@trustlinks/contract/params';
import {
  bidBodySchema,
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
  offerRequestsResponseSchema as requestsResponse,
  successMessageResponseSchema,
} from '@trustlinks/contract/offer-requests';
import { requireUser } from '../../auth/guards';
import * as service from './offer-requests.service';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';

const tags = ['offer requests'];
const errors = errorResponses(400, 401, 403, 404, 429);
const decisionErrors = errorResponses(400, 401, 403, 404, 409, 429);

export const offerRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/offers/offer-request',
    {
      // Role and entity are checked by the service, with the dashboards' messages.
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.landing },
      schema: {
        tags,
        summary: "Post an offer request for the caller's entity (affiliates and networks)",
        body: offerRequestCreateSchema,
        response: {
          201: offerRequestCreatedResponseSchema,
          ...errors,
        },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createRequest(deps, requireUser(req), req.body)),
  );

  app.get(
    '/offers/offer-requests',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Open offer requests (wishlist), filtered',
        querystring: offerRequestsQuerySchema,
        response: { 200: requestsResponse, ...errors },
      },
    },
    async (req) => service.listRequests(deps.forPublicRead(req), req.query),
  );

  app.get(
    '/offers/offer-requests/user/:userId',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A user's own offer requests with bid counts (that user or admins)",
        params: userIdParamsSchema,
        response: { 200: requestsResponse, ...errors },
      },
    },
    async (req) => service.listUserRequests(deps, requireUser(req), req.params.userId),
  );

  app.post(
    '/offers/offer-requests/:id/bid',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.landing },
      schema: {
        tags,
        summary: 'Submit a counter offer (advertisers and networks; replaces your open bid)',
        params: idParamsSchema,
        body: bidBodySchema,
        response: {
          201: bidCreatedResponseSchema,
          ...errors,
        },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.placeBid(deps, requireUser(req), req.params.id, req.body)),
  );

  app.get(
    '/offers/offer-requests/:id/bids',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A request's bids (its owner and admins)",
        params: idParamsSchema,
        response: { 200: bidsResponseSchema, ...errors },
      },
    },
    async (req) => service.getBids(deps, requireUser(req), req.params.id),
  );

  app.put(
    '/offers/bids/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.landing },
      schema: {
        tags,
        summary:
          "Accept or decline a bid on your request (its owner; an accepted bid's offer is applied to)",
        params: idParamsSchema,
        body: bidDecisionSchema,
        response: { 200: bidDecidedResponseSchema, ...decisionErrors },
      },
    },
    async (req) => service.decideBid(deps, requireUser(req), req.params.id, req.body),
  );

  app.post(
    '/offers/offer-requests/:id/contact',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: "Email the request's owner (advertisers and networks; reply-to is you)",
        params: idParamsSchema,
        body: contactBodySchema,
        response: { 200: successMessageResponseSchema, ...errors },
      },
    },
    async (req) =>
      service.contactRequester(deps, requireUser(req), req.params.id, req.body.message),
  );

  app.get(
    '/offers/email-history',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Contact emails you sent and received',
        querystring: emailHistoryQuerySchema,
        response: {
          200: emailHistoryResponseSchema,
          ...errors,
        },
      },
    },
    async (req) => service.emailHistory(deps, requireUser(req), req.query),
  );
};

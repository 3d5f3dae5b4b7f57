import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema, entityIdParamsSchema } from '@trustlinks/contract/params';
import {
  entityOffersQuerySchema,
  offerCreateSchema,
  offerListResponseSchema,
  offerResponseSchema,
  offersQuerySchema,
  offersResponseSchema,
  offerStatusBodySchema,
  offerUpdateSchema,
  offerWithMessageResponseSchema as offerWithMessage,
  postbackSecretResponseSchema,
} from '@trustlinks/contract/offers';
import { messageResponseSchema } from '@trustlinks/contract/users';
import { requireUser } from '../../auth/guards';
import {
  changesReadCache,
  entityTag,
  keptValues,
  offerTag,
  READ_CACHE_SCOPES,
  sendCached,
  tagRead,
} from '../../lib/read-cache';
import { offerWriteScopes } from './offers.cache';
import * as service from './offers.service';

const tags = ['offers'];
const errors = errorResponses(400, 401, 403, 404);

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/offers/fetch_all',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Active offers of approved entities, filtered by title, GEOs and categories',
        querystring: offersQuerySchema,
        response: { 200: offersResponseSchema, ...errors },
      },
    },
    // The same for every viewer: kept briefly (lib/read-cache/store.ts).
    async (req, reply) =>
      sendCached(reply, app.readCache, service.offersPageKey(req.query), () =>
        service.listOffers(deps.forPublicRead(req), req.query, keptValues(app.readCache, req)),
      ),
  );

  app.get(
    '/offers/entity/public/:entityId',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "An entity's public offers",
        params: entityIdParamsSchema,
        querystring: entityOffersQuerySchema,
        response: { 200: offerListResponseSchema, ...errors },
      },
    },
    async (req) => {
      // Not kept, but a page made from it is, until one of the entity's offers changes.
      tagRead(req, [entityTag(req.params.entityId)]);
      return service.listPublicEntityOffers(
        deps.forPublicRead(req),
        req.params.entityId,
        req.query.limit,
      );
    },
  );

  app.get(
    '/offers/entity/:entityId',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "All of an entity's offers with counts (its users and admins)",
        params: entityIdParamsSchema,
        response: { 200: offerListResponseSchema, ...errors },
      },
    },
    async (req) => service.listOwnEntityOffers(deps, requireUser(req), req.params.entityId),
  );

  app.post(
    '/offers/create',
    {
      // Role and entity are checked by the service, with the messages the dashboards show.
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.offers },
      schema: {
        tags,
        summary: "Publish an offer for the caller's entity (advertisers and networks)",
        body: offerCreateSchema,
        response: { 201: offerWithMessage, ...errors },
      },
    },
    async (req, reply) => {
      const created = await service.createOffer(deps, requireUser(req), req.body);
      changesReadCache(req, offerWriteScopes(null, created.offer));
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/offers/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'One offer',
        params: idParamsSchema,
        response: { 200: offerResponseSchema, ...errors },
      },
    },
    async (req) => {
      const found = await service.getOffer(deps, req.auth?.user ?? null, req.params.id);
      // Not kept, but a page made from it is, until the offer changes.
      tagRead(req, [offerTag(found.offer.offer_id), entityTag(found.offer.entity_id)]);
      return found;
    },
  );

  app.put(
    '/offers/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.offers },
      schema: {
        tags,
        summary: 'Update an offer (its entity or admins)',
        params: idParamsSchema,
        body: offerUpdateSchema,
        response: { 200: offerWithMessage, ...errors },
      },
    },
    async (req) => {
      const user = requireUser(req);
      // `before`: what it was, to know whether a listed field changed (offers.cache.ts).
      const { before, ...updated } = await service.updateOffer(deps, user, req.params.id, req.body);
      changesReadCache(req, offerWriteScopes(before, updated.offer));
      return updated;
    },
  );

  app.put(
    '/offers/:id/status',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.offers },
      schema: {
        tags,
        summary: 'Activate, pause or close an offer (its entity or admins)',
        params: idParamsSchema,
        body: offerStatusBodySchema,
        response: { 200: offerWithMessage, ...errors },
      },
    },
    async (req) => {
      const changed = await service.setOfferStatus(
        deps,
        requireUser(req),
        req.params.id,
        req.body.status,
      );
      changesReadCache(req, offerWriteScopes(null, changed.offer));
      return changed;
    },
  );

  app.post(
    '/offers/:id/postback-secret',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary:
          'Replace the offer’s postback secret (its entity or admins); the old one stops at once',
        params: idParamsSchema,
        response: { 200: postbackSecretResponseSchema, ...errors },
      },
    },
    async (req) => service.rotatePostbackSecret(deps, requireUser(req), req.params.id),
  );

  app.delete(
    '/offers/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.offers },
      schema: {
        tags,
        summary: 'Delete an offer (its entity or admins)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => service.deleteOffer(deps, requireUser(req), req.params.id),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZES } from '@trustlinks/contract/constants';
import {
  adminEntitiesQuerySchema,
  entitiesPageResponseSchema,
  entityChangeDecisionSchema,
  entityRegisterResponseSchema,
  entityRegistrationSchema,
  entityResponseSchema,
  entityTypeParamsSchema,
  entityUpdateSchema,
  entityWithMessageResponseSchema,
  pageQuerySchema,
  publicEntitiesPageResponseSchema,
  publicEntitiesQuerySchema,
  publicEntitiesResponseSchema,
  publicEntityResponseSchema,
  verificationUpdateSchema,
} from '@trustlinks/contract/entities';
import { messageResponseSchema } from '@trustlinks/contract/users';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import { requireUser } from '../../auth/guards';
import { entityTag, READ_CACHE_SCOPES, sendCached } from '../../lib/read-cache';
import * as service from './entities.service';

const tags = ['entities'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const entitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/entities/register',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary:
          "Register a company (waits for admin approval); a name that looks like an approved entity's is 409; limited per client address, per account and per email (429), counted with reviews naming new companies",
        body: entityRegistrationSchema,
        response: { 201: entityRegisterResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.registerEntity(deps, req.body, req.auth?.user ?? null, req.ip)),
  );

  app.get(
    '/entities/public',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Approved entities (for pickers and directories)',
        querystring: publicEntitiesQuerySchema,
        response: { 200: publicEntitiesResponseSchema, ...errors },
      },
    },
    async (req) => service.listPublicEntities(deps.forPublicRead(req), req.query),
  );

  app.get(
    '/entities/public/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'One approved entity',
        params: idParamsSchema,
        response: { 200: publicEntityResponseSchema, ...errors },
      },
    },
    // The same for every viewer: kept briefly (lib/read-cache/store.ts).
    async (req, reply) =>
      sendCached(
        reply,
        app.readCache,
        `entity:${req.params.id}`,
        () => service.getPublicEntity(deps.forPublicRead(req), req.params.id),
        (answer) => [entityTag(answer.entity.entity_id)],
      ),
  );

  app.get(
    '/entities/type/:type',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Approved entities of one type, paged',
        params: entityTypeParamsSchema,
        querystring: pageQuerySchema(PAGE_SIZES.entitiesByType, 100),
        response: { 200: publicEntitiesPageResponseSchema, ...errors },
      },
    },
    async (req) =>
      service.listEntitiesByType(
        deps.forPublicRead(req),
        req.params.type,
        req.query.page,
        req.query.limit,
      ),
  );

  app.get(
    '/entities',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: 'All entities (admin), filterable by verification status',
        querystring: adminEntitiesQuerySchema,
        response: { 200: entitiesPageResponseSchema, ...errors },
      },
    },
    async (req) => service.listEntitiesForAdmin(deps, req.query),
  );

  app.get(
    '/entities/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "An entity with private fields (admin or the entity's users)",
        params: idParamsSchema,
        response: { 200: entityResponseSchema, ...errors },
      },
    },
    async (req) => service.getEntity(deps, requireUser(req), req.params.id),
  );

  app.put(
    '/entities/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.entity },
      schema: {
        tags,
        summary:
          "Update an entity (admin, or the users of an approved entity; not its status, type or counters). An owner's name, website, email or sign-up URL (entity_metadata.signup_url, public web only) wait for an admin (pending_change); a name that looks like another approved entity's is 409",
        params: idParamsSchema,
        body: entityUpdateSchema,
        response: { 200: entityWithMessageResponseSchema, ...errors },
      },
    },
    async (req) => service.updateEntity(deps, requireUser(req), req.params.id, req.body),
  );

  app.delete(
    '/entities/:id',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.entity },
      schema: {
        tags,
        summary: 'Delete an entity (admin)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => service.deleteEntity(deps, req.params.id),
  );

  app.put(
    '/entities/:id/verification',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.entity },
      schema: {
        tags,
        summary: 'Approve or reject an entity (admin); approval creates its account',
        params: idParamsSchema,
        body: verificationUpdateSchema,
        response: { 200: entityWithMessageResponseSchema, ...errors },
      },
    },
    async (req) => service.setVerificationStatus(deps, req.params.id, req.body.verification_status),
  );

  app.put(
    '/entities/:id/pending-change',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.entity },
      schema: {
        tags,
        summary:
          "Accept or reject an owner's waiting change of name, website, email or sign-up URL (admin); accepting a name taken by another approved entity (or one that looks the same) is 409",
        params: idParamsSchema,
        body: entityChangeDecisionSchema,
        response: { 200: entityWithMessageResponseSchema, ...errors },
      },
    },
    async (req) =>
      service.reviewEntityChange(deps, requireUser(req), req.params.id, req.body.decision),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import {
  savedSearchCreateSchema,
  savedSearchesResponseSchema,
  savedSearchRenameSchema,
  savedSearchWithMessageSchema,
} from '@trustlinks/contract/saved-searches';
import { messageResponseSchema } from '@trustlinks/contract/users';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import * as service from './saved-searches.service';

const tags = ['saved-searches'];
const errors = errorResponses(400, 401, 403, 404);

/** A signed-in user's saved explorer searches (docs/decisions/028); the owner is always the session's. */
export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/saved-searches',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The caller’s saved searches, newest first',
        response: { 200: savedSearchesResponseSchema, ...errors },
      },
    },
    async (req) => service.listForUser(deps, requireUser(req)),
  );

  app.post(
    '/saved-searches',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Save the explorer’s filters with a name; new matches are alerted daily',
        body: savedSearchCreateSchema,
        response: { 201: savedSearchWithMessageSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.saveSearch(deps, requireUser(req), req.body)),
  );

  app.put(
    '/saved-searches/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Rename one of the caller’s saved searches',
        params: idParamsSchema,
        body: savedSearchRenameSchema,
        response: { 200: savedSearchWithMessageSchema, ...errors },
      },
    },
    async (req) => service.rename(deps, requireUser(req), req.params.id, req.body.name),
  );

  app.delete(
    '/saved-searches/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Delete one of the caller’s saved searches',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => service.remove(deps, requireUser(req), req.params.id),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import {
  activeWarningsQuerySchema,
  activeWarningsResponseSchema,
  entityWarningsResponseSchema,
  liftWarningSchema,
  placeWarningSchema,
  warningWithMessageSchema,
} from '@trustlinks/contract/warnings';
import { requireUser } from '../../auth/guards';
import * as service from './warnings.service';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Public warnings on entities (docs/decisions/012): admins place and lift them; the public reads them with the entity. */
export const warningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/admin/warnings',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: 'Active warnings across entities, newest first, with their entity (admin)',
        querystring: activeWarningsQuerySchema,
        response: { 200: activeWarningsResponseSchema, ...errors },
      },
    },
    async (req) => service.activeWarnings(deps, req.query),
  );

  app.get(
    '/admin/entities/:id/warnings',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: "An entity's public warnings, lifted ones included, and their audit list (admin)",
        params: idParamsSchema,
        response: { 200: entityWarningsResponseSchema, ...errors },
      },
    },
    async (req) => service.entityWarnings(deps, req.params.id),
  );

  app.post(
    '/admin/entities/:id/warnings',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.entity },
      schema: {
        tags,
        summary: 'Place a public warning on an entity (admin)',
        params: idParamsSchema,
        body: placeWarningSchema,
        response: { 201: warningWithMessageSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.placeWarning(deps, requireUser(req), req.params.id, req.body)),
  );

  app.post(
    '/admin/warnings/:id/lift',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.entity },
      schema: {
        tags,
        summary: 'Lift a public warning (admin); the audit list keeps it',
        params: idParamsSchema,
        body: liftWarningSchema,
        response: { 200: warningWithMessageSchema, ...errors },
      },
    },
    async (req) => service.liftWarning(deps, requireUser(req), req.params.id, req.body.note),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationDecisionResponseSchema,
  applicationDecisionSchema,
  applicationsQuerySchema,
  applicationsResponseSchema,
  applyBodySchema,
  applyResponseSchema,
  postbackParamsSchema,
  postbackResponseSchema,
  trackingCodeParamsSchema,
} from '@trustlinks/contract/applications';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import { requireUser } from '../../auth/guards';
import { HttpError } from '../../errors';
import * as service from './applications.service';
import { followTrackingLink, recordPostback } from './tracking.service';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';

const tags = ['applications'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Applications to offers and their decisions, and the postback (all under /api). */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/offers/:id/click',
    {
      // Roles are checked by the service, with the message the offer page shows.
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary:
          'Apply to run an offer (affiliates and networks with an approved company); answers the pending application',
        params: idParamsSchema,
        body: applyBodySchema,
        response: { 201: applyResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.apply(deps, requireUser(req), req.params.id, req.body)),
  );

  app.get(
    '/offers/applications',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Applications to the caller's entity's offers (admins: all)",
        querystring: applicationsQuerySchema,
        response: { 200: applicationsResponseSchema, ...errors },
      },
    },
    async (req) => service.listReceivedApplications(deps, requireUser(req), req.query),
  );

  app.get(
    '/offers/applications/mine',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The caller's entity's applications, with tracking links once approved",
        querystring: applicationsQuerySchema,
        response: { 200: applicationsResponseSchema, ...errors },
      },
    },
    async (req) => service.listMyApplications(deps, requireUser(req), req.query),
  );

  app.get(
    '/offers/:id/applications',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "One offer's applications (its entity and admins)",
        params: idParamsSchema,
        querystring: applicationsQuerySchema,
        response: { 200: applicationsResponseSchema, ...errors },
      },
    },
    async (req) => service.listOfferApplications(deps, requireUser(req), req.params.id, req.query),
  );

  app.put(
    '/offers/applications/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.landing },
      schema: {
        tags,
        summary: 'Approve or reject (the offer’s owner or admins) or withdraw (the applicant)',
        params: idParamsSchema,
        body: applicationDecisionSchema,
        response: { 200: applicationDecisionResponseSchema, ...errors },
      },
    },
    async (req) => service.decideApplication(deps, requireUser(req), req.params.id, req.body),
  );

  // Trackers post forms as often as JSON (this parser belongs to this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // A conversion shows in no cached read (the offer's owner reads its figures, uncached).
  const postback = {
    config: { auth: 'public' as const, clearsReadCache: READ_CACHE_SCOPES.none },
    schema: {
      tags,
      summary: 'Server-to-server conversion: click_id, secret, optional payout (docs/postback.md)',
      querystring: postbackParamsSchema,
      response: { 200: postbackResponseSchema, ...errors },
    },
  };
  app.get('/postback', postback, async (req) => recordPostback(deps, req.query));
  app.post(
    '/postback',
    { ...postback, schema: { ...postback.schema, body: postbackParamsSchema.nullish() } },
    async (req) => recordPostback(deps, { ...req.query, ...(req.body ?? {}) }),
  );
};

/** GET /go/{code}: a tracking link (outside /api, before the SPA's fallback). */
export const trackingLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/go/:code',
    {
      config: { auth: 'public' },
      schema: { hide: true, params: trackingCodeParamsSchema },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const query = (req.query ?? {}) as Record<string, unknown>;
        const { location } = await followTrackingLink(deps, req.params.code, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          sub1: query.sub1,
          sub2: query.sub2,
        });
        return reply.redirect(location, 302);
      } catch (err) {
        // A person followed the link: a sentence, not JSON.
        if (err instanceof HttpError) {
          return reply.status(err.statusCode).type('text/plain; charset=utf-8').send(err.message);
        }
        throw err;
      }
    },
  );
};

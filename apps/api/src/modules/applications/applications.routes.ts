import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trackingCodeParamsSchema } from '@trustlinks/contract/applications';
import * as routes from '@trustlinks/contract/routes/applications';
import * as conversions from '@trustlinks/contract/routes/conversions';
import { requireUser } from '../../auth/guards';
import { HttpError } from '../../errors';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './applications.service';
import * as conversionsService from './conversions.service';
import { followTrackingLink, recordPostback } from './tracking.service';

/** Applications to offers and their decisions, and the postback (all under /api). */
export const applicationsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const none = { clearsReadCache: READ_CACHE_SCOPES.none };

  // Roles are checked by the service, with the message the offer page shows.
  addRoute(app, routes.apply, none, async (req, reply) =>
    reply.status(201).send(await service.apply(deps, requireUser(req), req.params.id, req.body)),
  );

  addRoute(app, routes.listReceived, {}, async (req) =>
    service.listReceivedApplications(deps, requireUser(req), req.query),
  );

  addRoute(app, routes.listMine, {}, async (req) =>
    service.listMyApplications(deps, requireUser(req), req.query),
  );

  addRoute(app, routes.listOfOffer, {}, async (req) =>
    service.listOfferApplications(deps, requireUser(req), req.params.id, req.query),
  );

  addRoute(app, routes.decide, { clearsReadCache: READ_CACHE_SCOPES.landing }, async (req) =>
    service.decideApplication(deps, requireUser(req), req.params.id, req.body),
  );

  // An owner's payout for one partner (decision 048): in no cached read.
  addRoute(app, routes.setTerms, none, async (req) =>
    service.setPartnerTerms(deps, requireUser(req), req.params.id, req.body),
  );

  // Trackers post forms as often as JSON (this parser belongs to this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // A conversion shows in no cached read (the offer's owner reads its figures, uncached).
  addRoute(app, routes.postback, none, async (req) => recordPostback(deps, req.query));
  addRoute(app, routes.postbackPosted, none, async (req) =>
    recordPostback(deps, { ...req.query, ...(req.body ?? {}) }),
  );

  // An offer's conversions and postbacks, for its advertiser (docs/decisions/049): shown in no
  // cached read (Results and the owner's counts are read uncached).
  addRoute(app, conversions.setStatus, none, async (req) =>
    conversionsService.setConversionStatus(
      deps,
      requireUser(req),
      req.params.id,
      req.params.clickId,
      req.body,
    ),
  );
  addRoute(app, conversions.postbackLog, {}, async (req) =>
    conversionsService.postbackLogOf(deps, requireUser(req), req.params.id),
  );
  addRoute(app, conversions.sendTest, none, async (req) =>
    conversionsService.sendTestConversion(deps, requireUser(req), req.params.id, req.body),
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

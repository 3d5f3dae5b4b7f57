import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/offer-requests';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './offer-requests.service';

export const offerRequestsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const landing = { clearsReadCache: READ_CACHE_SCOPES.landing };

  // Role and entity are checked by the service, with the dashboards' messages.
  addRoute(app, routes.create, landing, async (req, reply) =>
    reply.status(201).send(await service.createRequest(deps, requireUser(req), req.body)),
  );

  addRoute(app, routes.list, {}, async (req) =>
    service.listRequests(deps.forPublicRead(req), req.query),
  );

  addRoute(app, routes.listOfUser, {}, async (req) =>
    service.listUserRequests(deps, requireUser(req), req.params.userId),
  );

  addRoute(app, routes.bid, landing, async (req, reply) =>
    reply.status(201).send(await service.placeBid(deps, requireUser(req), req.params.id, req.body)),
  );

  addRoute(app, routes.bids, {}, async (req) =>
    service.getBids(deps, requireUser(req), req.params.id),
  );

  addRoute(app, routes.decideBid, landing, async (req) =>
    service.decideBid(deps, requireUser(req), req.params.id, req.body),
  );

  // Agreed terms (docs/decisions/048-agreed-terms.md).
  addRoute(app, routes.reopen, landing, async (req) =>
    service.reopenRequest(deps, requireUser(req), req.params.id),
  );

  addRoute(app, routes.awaitingOffer, {}, async (req) =>
    service.listAwaitingOffer(deps, requireUser(req)),
  );

  // A private offer is listed nowhere, but a linked one's page shows its partner: the offers' scope.
  addRoute(app, routes.giveBidOffer, { clearsReadCache: READ_CACHE_SCOPES.offers }, async (req) =>
    service.giveBidOffer(deps, requireUser(req), req.params.id, req.body),
  );

  addRoute(app, routes.contact, { clearsReadCache: READ_CACHE_SCOPES.none }, async (req) =>
    service.contactRequester(deps, requireUser(req), req.params.id, req.body.message),
  );

  addRoute(app, routes.emailHistory, {}, async (req) =>
    service.emailHistory(deps, requireUser(req), req.query),
  );
};

import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as routes from '@trustlinks/contract/routes/results';
import { requireUser } from '../../auth/guards';
import { addRoute } from '../../lib/route-table';
import * as service from './results.service';

function sendCsv(reply: FastifyReply, csv: { fileName: string; body: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(csv.body);
}

/** Results over time (docs/decisions/031): JSON and the same numbers as CSV. */
export const resultsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  addRoute(app, routes.ofOffer, {}, async (req) =>
    service.offerResults(deps, requireUser(req), req.params.id, req.query),
  );

  addRoute(app, routes.ofOfferCsv, {}, async (req, reply) =>
    sendCsv(reply, await service.offerResultsCsv(deps, requireUser(req), req.params.id, req.query)),
  );

  addRoute(app, routes.mine, {}, async (req) =>
    service.myResults(deps, requireUser(req), req.query),
  );

  addRoute(app, routes.mineCsv, {}, async (req, reply) =>
    sendCsv(reply, await service.myResultsCsv(deps, requireUser(req), req.query)),
  );

  addRoute(app, routes.ownOffers, {}, async (req) =>
    service.ownOffersResults(deps, requireUser(req), req.query),
  );

  addRoute(app, routes.ownOffersCsv, {}, async (req, reply) =>
    sendCsv(reply, await service.ownOffersResultsCsv(deps, requireUser(req), req.query)),
  );
};

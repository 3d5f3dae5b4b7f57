import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/warnings';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './warnings.service';

/** Public warnings on entities (docs/decisions/012): admins place and lift them; the public reads them with the entity. */
export const warningsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const entityScope = { clearsReadCache: READ_CACHE_SCOPES.entity };

  addRoute(app, routes.listActive, {}, async (req) => service.activeWarnings(deps, req.query));

  addRoute(app, routes.listForEntity, {}, async (req) =>
    service.entityWarnings(deps, req.params.id),
  );

  addRoute(app, routes.place, entityScope, async (req, reply) =>
    reply
      .status(201)
      .send(await service.placeWarning(deps, requireUser(req), req.params.id, req.body)),
  );

  addRoute(app, routes.lift, entityScope, async (req) =>
    service.liftWarning(deps, requireUser(req), req.params.id, req.body.note),
  );
};

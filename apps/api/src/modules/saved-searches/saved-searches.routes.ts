import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/saved-searches';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './saved-searches.service';

/** A signed-in user's saved explorer searches (docs/decisions/028); the owner is always the session's. */
export const savedSearchesRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const none = { clearsReadCache: READ_CACHE_SCOPES.none };

  addRoute(app, routes.list, {}, async (req) => service.listForUser(deps, requireUser(req)));

  addRoute(app, routes.create, none, async (req, reply) =>
    reply.status(201).send(await service.saveSearch(deps, requireUser(req), req.body)),
  );

  addRoute(app, routes.rename, none, async (req) =>
    service.rename(deps, requireUser(req), req.params.id, req.body.name),
  );

  addRoute(app, routes.remove, none, async (req) =>
    service.remove(deps, requireUser(req), req.params.id),
  );
};

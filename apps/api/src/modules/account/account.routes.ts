import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/account';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './account.service';

/** Account data rights (docs/decisions/026-public-pages-and-data-rights.md). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  addRoute(app, routes.exportData, { allowDuringPasswordReset: true }, async (req, reply) => {
    reply.header('content-disposition', 'attachment; filename="trustlinks-my-data.json"');
    reply.header('cache-control', 'no-store');
    return service.exportAccount(deps, requireUser(req));
  });

  // Reviews go with the account: the entity pages and review lists change.
  addRoute(app, routes.remove, { clearsReadCache: READ_CACHE_SCOPES.reviews }, async (req) =>
    service.deleteAccount(deps, requireUser(req), req.body.password),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/admin';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './admin.service';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  addRoute(app, routes.listUsers, {}, async (req) => service.listUsers(deps, req.query));

  addRoute(app, routes.setUserStatus, { clearsReadCache: READ_CACHE_SCOPES.reviews }, async (req) =>
    service.setUserStatus(deps, requireUser(req), req.params.id, req.body),
  );

  addRoute(app, routes.audit, {}, async (req) => service.listAudit(deps, req.query));

  addRoute(app, routes.workload, {}, async () => service.workload(deps));
};

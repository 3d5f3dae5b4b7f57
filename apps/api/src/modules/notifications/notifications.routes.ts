import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/notifications';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './notifications.service';

export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const none = { clearsReadCache: READ_CACHE_SCOPES.none };

  addRoute(app, routes.list, {}, async (req) =>
    service.listForUser(deps, requireUser(req), req.query),
  );

  addRoute(app, routes.markRead, none, async (req) =>
    service.markAsRead(deps, requireUser(req), req.body),
  );

  addRoute(app, routes.getPreferences, {}, async (req) =>
    service.getPreferences(deps, requireUser(req)),
  );

  addRoute(app, routes.setPreferences, none, async (req) =>
    service.setPreferences(deps, requireUser(req), req.body.email),
  );

  // The mail's one-click link: the token names the user, no login needed.
  addRoute(app, routes.unsubscribe, none, async (req) =>
    service.unsubscribe(deps, req.body.token, req.body.type),
  );
};

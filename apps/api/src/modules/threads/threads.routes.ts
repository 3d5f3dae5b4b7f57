import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/threads';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './threads.service';

/** A thread per deal (docs/decisions/050-deal-threads.md). */
export const threadsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const none = { clearsReadCache: READ_CACHE_SCOPES.none };

  addRoute(app, routes.list, {}, async (req) => service.list(deps, requireUser(req), req.query));

  addRoute(app, routes.forSubject, {}, async (req) =>
    service.getForSubject(deps, requireUser(req), req.params.kind, req.params.id),
  );

  addRoute(app, routes.writeForSubject, none, async (req, reply) =>
    reply
      .status(201)
      .send(
        await service.writeForSubject(
          deps,
          requireUser(req),
          req.params.kind,
          req.params.id,
          req.body.body,
        ),
      ),
  );

  addRoute(app, routes.get, {}, async (req) =>
    service.getThread(deps, requireUser(req), req.params.id),
  );

  addRoute(app, routes.write, none, async (req, reply) =>
    reply
      .status(201)
      .send(await service.write(deps, requireUser(req), req.params.id, req.body.body)),
  );

  addRoute(app, routes.report, none, async (req, reply) =>
    reply
      .status(201)
      .send(await service.report(deps, requireUser(req), req.params.id, req.body.reason)),
  );

  addRoute(app, routes.reportsForAdmin, {}, async (req) =>
    service.listReportsForAdmin(deps, req.query),
  );

  // Notifications and the admins' audit list are not in the read cache; neither are threads.
  addRoute(app, routes.resolveReport, none, async (req) =>
    service.resolveReport(deps, requireUser(req), req.params.id, {
      action: req.body.action,
      note: req.body.note ?? null,
    }),
  );
};

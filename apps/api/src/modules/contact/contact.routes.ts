import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/contact';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './contact.service';

/** Contact messages and 'Join' (docs/decisions/026-public-pages-and-data-rights.md). */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const none = { clearsReadCache: READ_CACHE_SCOPES.none };

  addRoute(app, routes.send, none, async (req, reply) =>
    reply
      .status(201)
      .send(await service.sendContactMessage(deps, req.auth?.user ?? null, req.ip, req.body)),
  );

  addRoute(app, routes.join, none, async (req, reply) =>
    reply.redirect(await service.joinEntity(deps, req.params.id), 302),
  );

  addRoute(app, routes.contactEntity, none, async (req, reply) =>
    reply
      .status(201)
      .send(await service.contactEntity(deps, requireUser(req), req.params.id, req.body.message)),
  );

  addRoute(app, routes.entityMessages, {}, async (req) =>
    service.listForEntity(deps, requireUser(req), req.params.id, req.query),
  );

  addRoute(app, routes.listForAdmin, {}, async (req) => service.listForAdmin(deps, req.query));

  addRoute(app, routes.markRead, none, async (req) => service.markRead(deps, req.params.id));
};

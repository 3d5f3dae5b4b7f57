import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/entities';
import { requireUser } from '../../auth/guards';
import { entityTag, READ_CACHE_SCOPES, sendCached } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './entities.service';

export const entitiesRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const entity = { clearsReadCache: READ_CACHE_SCOPES.entity };

  addRoute(app, routes.register, { clearsReadCache: READ_CACHE_SCOPES.none }, async (req, reply) =>
    reply
      .status(201)
      .send(await service.registerEntity(deps, req.body, req.auth?.user ?? null, req.ip)),
  );

  addRoute(app, routes.listPublic, {}, async (req) =>
    service.listPublicEntities(deps.forPublicRead(req), req.query),
  );

  // The same for every viewer: kept briefly (lib/read-cache/store.ts).
  addRoute(app, routes.getPublic, {}, async (req, reply) =>
    sendCached(
      reply,
      app.readCache,
      `entity:${req.params.id}`,
      () => service.getPublicEntity(deps.forPublicRead(req), req.params.id),
      (answer) => [entityTag(answer.entity.entity_id)],
    ),
  );

  addRoute(app, routes.listByType, {}, async (req) =>
    service.listEntitiesByType(
      deps.forPublicRead(req),
      req.params.type,
      req.query.page,
      req.query.limit,
    ),
  );

  addRoute(app, routes.list, {}, async (req) => service.listEntitiesForAdmin(deps, req.query));

  addRoute(app, routes.get, {}, async (req) =>
    service.getEntity(deps, requireUser(req), req.params.id),
  );

  addRoute(app, routes.update, entity, async (req) =>
    service.updateEntity(deps, requireUser(req), req.params.id, req.body),
  );

  addRoute(app, routes.remove, entity, async (req) => service.deleteEntity(deps, req.params.id));

  addRoute(app, routes.setVerification, entity, async (req) =>
    service.setVerificationStatus(deps, req.params.id, req.body.verification_status),
  );

  addRoute(app, routes.decidePendingChange, entity, async (req) =>
    service.reviewEntityChange(deps, requireUser(req), req.params.id, req.body.decision),
  );
};

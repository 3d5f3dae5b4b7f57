import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/offers';
import { requireUser } from '../../auth/guards';
import {
  changesReadCache,
  entityTag,
  keptValues,
  offerTag,
  READ_CACHE_SCOPES,
  sendCached,
  tagRead,
} from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import { offerWriteScopes } from './offers.cache';
import * as service from './offers.service';

export const offersRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const offers = { clearsReadCache: READ_CACHE_SCOPES.offers };

  // The same for every viewer: kept briefly (lib/read-cache/store.ts).
  addRoute(app, routes.list, {}, async (req, reply) =>
    sendCached(reply, app.readCache, service.offersPageKey(req.query), () =>
      service.listOffers(deps.forPublicRead(req), req.query, keptValues(app.readCache, req)),
    ),
  );

  addRoute(app, routes.listPublicOfEntity, {}, async (req) => {
    // Not kept, but a page made from it is, until one of the entity's offers changes.
    tagRead(req, [entityTag(req.params.entityId)]);
    return service.listPublicEntityOffers(
      deps.forPublicRead(req),
      req.params.entityId,
      req.query.limit,
    );
  });

  addRoute(app, routes.listOfEntity, {}, async (req) =>
    service.listOwnEntityOffers(deps, requireUser(req), req.params.entityId),
  );

  // Role and entity are checked by the service, with the messages the dashboards show.
  addRoute(app, routes.create, offers, async (req, reply) => {
    const created = await service.createOffer(deps, requireUser(req), req.body);
    changesReadCache(req, offerWriteScopes(null, created.offer));
    return reply.status(201).send(created);
  });

  addRoute(app, routes.get, {}, async (req) => {
    const found = await service.getOffer(deps, req.auth?.user ?? null, req.params.id);
    // Not kept, but a page made from it is, until the offer changes.
    tagRead(req, [offerTag(found.offer.offer_id), entityTag(found.offer.entity_id)]);
    return found;
  });

  addRoute(app, routes.update, offers, async (req) => {
    const user = requireUser(req);
    // `before`: what it was, to know whether a listed field changed (offers.cache.ts).
    const { before, ...updated } = await service.updateOffer(deps, user, req.params.id, req.body);
    changesReadCache(req, offerWriteScopes(before, updated.offer));
    return updated;
  });

  addRoute(app, routes.setStatus, offers, async (req) => {
    const changed = await service.setOfferStatus(
      deps,
      requireUser(req),
      req.params.id,
      req.body.status,
    );
    changesReadCache(req, offerWriteScopes(null, changed.offer));
    return changed;
  });

  addRoute(
    app,
    routes.rotatePostbackSecret,
    { clearsReadCache: READ_CACHE_SCOPES.none },
    async (req) => service.rotatePostbackSecret(deps, requireUser(req), req.params.id),
  );

  addRoute(app, routes.remove, offers, async (req) =>
    service.deleteOffer(deps, requireUser(req), req.params.id),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/landing';
import { sendCached } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './landing.service';

export const landingRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  // The same for every viewer: kept briefly (lib/read-cache/store.ts).
  addRoute(app, routes.get, {}, async (req, reply) =>
    sendCached(reply, app.readCache, 'landing:', () => service.getLanding(deps.forPublicRead(req))),
  );
};

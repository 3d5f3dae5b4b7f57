import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/transparency';
import { entityTag, sendCached } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './transparency.service';

/**
 * The transparency report (docs/decisions/054-reviewer-profiles-and-transparency.md): the same
 * for every reader, kept until a review, report or warning changes it (the 'transparency' scope);
 * a company's removed counts until a write names the company (its entity tag).
 */
export const transparencyRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  addRoute(app, routes.report, {}, async (req, reply) =>
    sendCached(reply, app.readCache, `transparency:${new Date().toISOString().slice(0, 7)}`, () =>
      service.transparencyReport(deps.forPublicRead(req)),
    ),
  );

  addRoute(app, routes.entityRemovals, {}, async (req, reply) => {
    const { id } = req.params;
    return sendCached(
      reply,
      app.readCache,
      // Its own scope, kept with the entity's tag: a review of another entity keeps it (and the
      // entity's rendered page made from it), as decision 029 keeps the entity's other reads.
      `removals:${id}`,
      () => service.entityRemovals(deps.forPublicRead(req), id),
      () => [entityTag(id)],
    );
  });
};

import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/categories';
import { entityTag, sendCached } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './categories.service';

/**
 * Categories and comparison (docs/decisions/055-categories-and-compare.md): the same for every
 * viewer, kept in the read cache's `categories` scope, which every write of an offer, a review or
 * an entity (its standing, warnings) clears (READ_CACHE_SCOPES).
 */
export const categoriesRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  addRoute(app, routes.list, {}, async (req, reply) => {
    const { type, vertical } = req.params;
    const q = req.query;
    const key = `categories:list:${type}:${vertical}:${q.geo ?? ''}:${q.payout ?? ''}:${q.min_reviews}:${q.page}:${q.limit}`;
    return sendCached(
      reply,
      app.readCache,
      key,
      () => service.listCategory(deps.forPublicRead(req), type, vertical, q),
      (answer) => answer.companies.map((c) => entityTag(c.entity.entity_id)),
    );
  });

  addRoute(app, routes.compare, {}, async (req, reply) => {
    const c = req.query.c;
    return sendCached(
      reply,
      app.readCache,
      `categories:compare:${c === undefined ? '' : c.toLowerCase()}`,
      () => service.compareCompanies(deps.forPublicRead(req), c),
      (answer) => answer.companies.map((company) => entityTag(company.entity.entity_id)),
    );
  });
};

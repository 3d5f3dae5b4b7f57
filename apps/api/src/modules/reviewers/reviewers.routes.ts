import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/reviewers';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES, sendCached } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as service from './reviewers.service';

/** Reviewer pages (docs/decisions/054-reviewer-profiles-and-transparency.md). */
export const reviewersRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  addRoute(app, routes.getProfile, {}, async (req, reply) => {
    const viewer = req.auth?.user ?? null;
    const { slug } = req.params;
    // A visitor's page is every visitor's: kept until a review or account write changes it
    // (READ_CACHE_SCOPES.reviews names the 'reviewer' scope). A signed-in reader may be the
    // reviewer of a hidden page: read for them.
    if (!viewer) {
      return sendCached(reply, app.readCache, `reviewer:${slug}`, () =>
        service.getReviewerProfile(deps.forPublicRead(req), slug, null),
      );
    }
    return service.getReviewerProfile(deps.forPublicRead(req), slug, viewer);
  });

  addRoute(app, routes.getMine, {}, async (req) =>
    service.getMyReviewerPage(deps, requireUser(req)),
  );

  // Hiding the page takes it, and the links to it on the author's reviews, out of every kept read.
  addRoute(app, routes.setVisibility, { clearsReadCache: READ_CACHE_SCOPES.reviews }, async (req) =>
    service.setMyReviewerVisibility(deps, requireUser(req), req.body.hidden),
  );
};

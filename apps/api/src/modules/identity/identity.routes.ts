import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/identity';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as identity from './identity.service';

export const identityRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const reviews = { clearsReadCache: READ_CACHE_SCOPES.reviews };

  addRoute(app, routes.verificationStatus, {}, async (req) =>
    identity.getVerificationStatus(deps, requireUser(req)),
  );

  addRoute(app, routes.verify, { clearsReadCache: READ_CACHE_SCOPES.none }, async (req) =>
    identity.verifyIdentity(deps, requireUser(req), req.body),
  );

  addRoute(app, routes.confirm, reviews, async (req) =>
    identity.confirmIdentity(deps, requireUser(req), req.body),
  );

  addRoute(app, routes.listClaims, {}, async (req) => identity.listIdentityClaims(deps, req.query));

  addRoute(app, routes.decideClaim, reviews, async (req) =>
    identity.decideIdentityClaim(deps, requireUser(req), req.params.id, req.body),
  );

  addRoute(app, routes.getForAdmin, {}, async (req) =>
    identity.getIdentityForAdmin(deps, req.params.id),
  );

  addRoute(app, routes.revoke, reviews, async (req) =>
    identity.revokeIdentity(deps, requireUser(req), req.params.id),
  );
};

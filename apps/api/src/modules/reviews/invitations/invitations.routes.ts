import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/review-invitations';
import { requireUser } from '../../../auth/guards';
import { READ_CACHE_SCOPES } from '../../../lib/read-cache';
import { addRoute } from '../../../lib/route-table';
import * as service from './invitations.service';

/** Review invitations (docs/decisions/057-review-invitations.md): members of the company only. */
export const reviewInvitationsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  // Nothing public changes until a review is written (it clears what it shows then).
  addRoute(app, routes.create, { clearsReadCache: READ_CACHE_SCOPES.none }, async (req, reply) =>
    reply
      .status(201)
      .send(await service.createInvitations(deps, requireUser(req), req.params.id, req.body)),
  );

  addRoute(app, routes.list, {}, async (req) =>
    service.listCompanyInvitations(deps, requireUser(req), req.params.id),
  );
};

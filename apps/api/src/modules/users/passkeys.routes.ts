import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/passkeys';
import { requireSession } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as passkeys from './passkeys.service';
import { signInClient } from './sign-in-client';

const none = { clearsReadCache: READ_CACHE_SCOPES.none };
/** A passkey is a second factor: an account asked to set one up may register it. */
const enrolment = { ...none, allowDuringMfaEnrolment: true };

/** Passkeys (docs/decisions/034): registered under /api/users by usersRoutes. */
export const passkeysRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  addRoute(app, routes.registrationOptions, enrolment, async (req) =>
    passkeys.registrationOptions(
      deps,
      requireSession(req),
      req.body.current_password,
      req.ip,
      req.body.email_code,
    ),
  );

  addRoute(app, routes.register, enrolment, async (req, reply) =>
    reply.status(201).send(await passkeys.registerPasskey(deps, requireSession(req), req.body)),
  );

  addRoute(app, routes.list, { allowDuringMfaEnrolment: true }, async (req) =>
    passkeys.listOwnPasskeys(deps, requireSession(req)),
  );

  addRoute(app, routes.remove, none, async (req) =>
    passkeys.removePasskey(
      deps,
      requireSession(req),
      req.params.id,
      req.body.current_password,
      req.ip,
    ),
  );

  addRoute(app, routes.loginOptions, none, async () => passkeys.loginOptions(deps));

  addRoute(app, routes.login, none, async (req) =>
    passkeys.loginWithPasskey(deps, req.body, signInClient(req)),
  );
};

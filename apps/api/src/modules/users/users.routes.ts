import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/users';
import { requireSession } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import { addRoute } from '../../lib/route-table';
import * as users from './users.service';
import * as accountSessions from './account-sessions.service';
import { passkeysRoutes } from './passkeys.routes';
import { signInClient } from './sign-in-client';
import { mfaRoutes } from './mfa/mfa.routes';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const none = { clearsReadCache: READ_CACHE_SCOPES.none };
  await app.register(passkeysRoutes);
  await app.register(mfaRoutes);

  addRoute(app, routes.register, none, async (req, reply) =>
    reply.status(201).send(await users.register(deps, req.body, req.ip)),
  );

  addRoute(app, routes.verifyEmail, {}, async (req) => users.verifyEmail(deps, req.params.token));

  addRoute(app, routes.resendVerification, none, async (req) =>
    users.resendVerification(deps, req.body.email),
  );

  addRoute(app, routes.login, none, async (req) => users.login(deps, req.body, signInClient(req)));

  addRoute(app, routes.listSessions, {}, async (req) =>
    accountSessions.listSessions(deps, requireSession(req)),
  );

  addRoute(app, routes.endSession, none, async (req) =>
    accountSessions.signOutSession(deps, requireSession(req), req.params.id),
  );

  addRoute(app, routes.endOtherSessions, none, async (req) =>
    accountSessions.signOutOtherSessions(deps, requireSession(req)),
  );

  addRoute(app, routes.loginMfa, none, async (req) =>
    users.loginMfa(deps, req.body, signInClient(req)),
  );

  addRoute(
    app,
    routes.logout,
    { ...none, allowDuringPasswordReset: true, allowDuringMfaEnrolment: true },
    async (req) => users.logout(deps, requireSession(req)),
  );

  addRoute(app, routes.resetPassword, { ...none, allowDuringPasswordReset: true }, async (req) =>
    users.resetPassword(deps, requireSession(req), req.body, req.ip),
  );

  addRoute(app, routes.forgotPassword, none, async (req) =>
    users.forgotPassword(deps, req.body.email),
  );

  addRoute(app, routes.confirmPasswordReset, none, async (req) =>
    users.confirmPasswordReset(deps, req.body),
  );

  addRoute(
    app,
    routes.profile,
    { allowDuringPasswordReset: true, allowDuringMfaEnrolment: true },
    async (req) => users.getProfile(deps, requireSession(req)),
  );

  addRoute(app, routes.updateProfile, { clearsReadCache: READ_CACHE_SCOPES.reviews }, async (req) =>
    users.updateProfile(deps, requireSession(req), req.params.id, req.body),
  );
};

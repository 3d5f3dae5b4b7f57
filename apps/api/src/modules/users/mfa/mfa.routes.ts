import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/mfa';
import { requireSession } from '../../../auth/guards';
import { READ_CACHE_SCOPES } from '../../../lib/read-cache';
import { addRoute } from '../../../lib/route-table';
import * as mfa from './mfa.service';
import * as mfaAdmin from './mfa-admin.service';
import { sendEnrolmentCode } from './enrolment-code.service';

const none = { clearsReadCache: READ_CACHE_SCOPES.none };
/** The routes a session that must set up a second factor may call. */
const enrolment = { ...none, allowDuringMfaEnrolment: true };

/** The second factor (docs/decisions/033): the account's own, and the admin's part. */
export const mfaRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  addRoute(app, routes.status, { allowDuringMfaEnrolment: true }, async (req) =>
    mfa.getMfaStatus(deps, requireSession(req)),
  );

  addRoute(app, routes.sendEnrolmentCode, enrolment, async (req) =>
    sendEnrolmentCode(deps, requireSession(req)),
  );

  addRoute(app, routes.startTotp, enrolment, async (req) =>
    mfa.startTotpEnrolment(deps, requireSession(req), req.body?.email_code),
  );

  addRoute(app, routes.confirmTotp, enrolment, async (req) =>
    mfa.confirmTotpEnrolment(deps, requireSession(req), req.body.code, req.ip, req.body.email_code),
  );

  addRoute(app, routes.disableTotp, none, async (req) =>
    mfa.disableTotp(deps, requireSession(req), req.body.current_password, req.ip),
  );

  addRoute(app, routes.regenerateRecoveryCodes, none, async (req) =>
    mfa.regenerateRecoveryCodes(deps, requireSession(req), req.body.current_password, req.ip),
  );

  addRoute(app, routes.adminSetRequired, none, async (req) =>
    mfaAdmin.adminSetMfaRequired(deps, requireSession(req), req.params.id, req.body.required),
  );

  addRoute(app, routes.adminReset, none, async (req) =>
    mfaAdmin.adminResetSecondFactor(deps, requireSession(req), req.params.id, req.body, req.ip),
  );

  addRoute(app, routes.adminEvents, {}, async (req) =>
    mfaAdmin.adminListMfaEvents(deps, req.params.id),
  );
};

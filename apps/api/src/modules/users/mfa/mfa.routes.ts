import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import {
  adminMfaRequiredBodySchema,
  adminMfaResetBodySchema,
  currentPasswordBodySchema,
  mfaEventsResponseSchema,
  mfaStatusResponseSchema,
  recoveryCodesResponseSchema,
  totpConfirmBodySchema,
  totpEnrolmentResponseSchema,
  totpStartBodySchema,
} from '@trustlinks/contract/mfa';
import { messageResponseSchema } from '@trustlinks/contract/users';
import { requireSession } from '../../../auth/guards';
import { READ_CACHE_SCOPES } from '../../../lib/read-cache';
import * as mfa from './mfa.service';
import * as mfaAdmin from './mfa-admin.service';
import { sendEnrolmentCode } from './enrolment-code.service';

const errors = errorResponses(400, 401, 403, 409, 429);
const tags = ['users'];
const none = READ_CACHE_SCOPES.none;
/** The routes a session that must set up a second factor may call. */
const enrolment = { auth: 'user', allowDuringMfaEnrolment: true, clearsReadCache: none } as const;

/** The second factor (docs/decisions/033): the account's own, and the admin's part. */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/users/mfa',
    {
      config: { auth: 'user', allowDuringMfaEnrolment: true },
      schema: {
        tags,
        summary: 'Your second factor: on or off, recovery codes left, whether it is required',
        response: { 200: mfaStatusResponseSchema, ...errors },
      },
    },
    async (req) => mfa.getMfaStatus(deps, requireSession(req)),
  );

  app.post(
    '/users/mfa/enrolment-code',
    {
      config: enrolment,
      schema: {
        tags,
        summary:
          'Mail a one-time code to your address: a session that may only set up a second factor needs it to do so',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => sendEnrolmentCode(deps, requireSession(req)),
  );

  app.post(
    '/users/mfa/totp',
    {
      config: enrolment,
      schema: {
        tags,
        summary:
          'Start setting up an authenticator app: a new secret, its otpauth URI and QR code (pending until confirmed; the mailed code when the session may only enrol)',
        body: totpStartBodySchema,
        response: { 200: totpEnrolmentResponseSchema, ...errors },
      },
    },
    async (req) => mfa.startTotpEnrolment(deps, requireSession(req), req.body?.email_code),
  );

  app.post(
    '/users/mfa/totp/confirm',
    {
      config: enrolment,
      schema: {
        tags,
        summary:
          'Confirm the authenticator app with a code: it is on, and ten recovery codes are shown this once',
        body: totpConfirmBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (req) =>
      mfa.confirmTotpEnrolment(
        deps,
        requireSession(req),
        req.body.code,
        req.ip,
        req.body.email_code,
      ),
  );

  app.post(
    '/users/mfa/totp/disable',
    {
      config: { auth: 'user', clearsReadCache: none },
      schema: {
        tags,
        summary: 'Turn the second factor off (current password needed; not where it is required)',
        body: currentPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => mfa.disableTotp(deps, requireSession(req), req.body.current_password, req.ip),
  );

  app.post(
    '/users/mfa/recovery-codes',
    {
      config: { auth: 'user', clearsReadCache: none },
      schema: {
        tags,
        summary: 'New recovery codes (current password needed); the old ones stop working',
        body: currentPasswordBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (req) =>
      mfa.regenerateRecoveryCodes(deps, requireSession(req), req.body.current_password, req.ip),
  );

  app.put(
    '/admin/users/:id/mfa-required',
    {
      config: { auth: ['admin'], clearsReadCache: none },
      schema: {
        tags: ['admin'],
        summary: 'Require a second factor of one account (admin); its sessions may only enrol',
        params: idParamsSchema,
        body: adminMfaRequiredBodySchema,
        response: { 200: messageResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) =>
      mfaAdmin.adminSetMfaRequired(deps, requireSession(req), req.params.id, req.body.required),
  );

  app.post(
    '/admin/users/:id/mfa/reset',
    {
      config: { auth: ['admin'], clearsReadCache: none },
      schema: {
        tags: ['admin'],
        summary:
          "Remove a user's second factor after checks (admin: own password, and own second factor's code if any): logged, sessions ended, the user and the other admins mailed",
        params: idParamsSchema,
        body: adminMfaResetBodySchema,
        response: { 200: messageResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) =>
      mfaAdmin.adminResetSecondFactor(deps, requireSession(req), req.params.id, req.body, req.ip),
  );

  app.get(
    '/admin/users/:id/mfa/events',
    {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: "The audit list of a user's second factor (admin): the latest 50 changes",
        params: idParamsSchema,
        response: { 200: mfaEventsResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) => mfaAdmin.adminListMfaEvents(deps, req.params.id),
  );
};

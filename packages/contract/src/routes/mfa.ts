import { defineRoute } from '../route';
import { apiErrorSchema, errorResponses } from '../errors';
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
} from '../mfa';
import { idParamsSchema } from '../params';
import { messageResponseSchema } from '../users';

/** The second factor (docs/decisions/033): the account's own, and the admin's part. */
const tag = 'users';
const errors = errorResponses(400, 401, 403, 409, 429);

export const status = defineRoute({
  method: 'GET',
  path: '/users/mfa',
  auth: 'user',
  tag,
  summary: 'Your second factor: on or off, recovery codes left, whether it is required',
  responses: { 200: mfaStatusResponseSchema, ...errors },
});

export const sendEnrolmentCode = defineRoute({
  method: 'POST',
  path: '/users/mfa/enrolment-code',
  auth: 'user',
  tag,
  summary:
    'Mail a one-time code to your address: a session that may only set up a second factor needs it to do so',
  responses: { 200: messageResponseSchema, ...errors },
});

export const startTotp = defineRoute({
  method: 'POST',
  path: '/users/mfa/totp',
  auth: 'user',
  tag,
  summary:
    'Start setting up an authenticator app: a new secret, its otpauth URI and QR code (pending until confirmed; the mailed code when the session may only enrol)',
  body: totpStartBodySchema,
  responses: { 200: totpEnrolmentResponseSchema, ...errors },
});

export const confirmTotp = defineRoute({
  method: 'POST',
  path: '/users/mfa/totp/confirm',
  auth: 'user',
  tag,
  summary:
    'Confirm the authenticator app with a code: it is on, and ten recovery codes are shown this once',
  body: totpConfirmBodySchema,
  responses: { 200: recoveryCodesResponseSchema, ...errors },
});

export const disableTotp = defineRoute({
  method: 'POST',
  path: '/users/mfa/totp/disable',
  auth: 'user',
  tag,
  summary: 'Turn the second factor off (current password needed; not where it is required)',
  body: currentPasswordBodySchema,
  responses: { 200: messageResponseSchema, ...errors },
});

export const regenerateRecoveryCodes = defineRoute({
  method: 'POST',
  path: '/users/mfa/recovery-codes',
  auth: 'user',
  tag,
  summary: 'New recovery codes (current password needed); the old ones stop working',
  body: currentPasswordBodySchema,
  responses: { 200: recoveryCodesResponseSchema, ...errors },
});

export const adminSetRequired = defineRoute({
  method: 'PUT',
  path: '/admin/users/:id/mfa-required',
  auth: ['admin'],
  tag: 'admin',
  summary: 'Require a second factor of one account (admin); its sessions may only enrol',
  params: idParamsSchema,
  body: adminMfaRequiredBodySchema,
  responses: { 200: messageResponseSchema, 404: apiErrorSchema, ...errors },
});

export const adminReset = defineRoute({
  method: 'POST',
  path: '/admin/users/:id/mfa/reset',
  auth: ['admin'],
  tag: 'admin',
  summary:
    "Remove a user's second factor after checks (admin: own password, and own second factor's code if any): logged, sessions ended, the user and the other admins mailed",
  params: idParamsSchema,
  body: adminMfaResetBodySchema,
  responses: { 200: messageResponseSchema, 404: apiErrorSchema, ...errors },
});

export const adminEvents = defineRoute({
  method: 'GET',
  path: '/admin/users/:id/mfa/events',
  auth: ['admin'],
  tag: 'admin',
  summary: "The audit list of a user's second factor (admin): the latest 50 changes",
  params: idParamsSchema,
  responses: { 200: mfaEventsResponseSchema, 404: apiErrorSchema, ...errors },
});

import { defineRoute } from '../route';
import { apiErrorSchema, errorResponses } from '../errors';
import { currentPasswordBodySchema } from '../mfa';
import { idParamsSchema } from '../params';
import {
  passkeyCreatedSchema,
  passkeyListSchema,
  passkeyLoginBodySchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterBodySchema,
  passkeyRegistrationOptionsBodySchema,
} from '../passkeys';
import { loginResponseSchema, messageResponseSchema } from '../users';

/** Passkeys (docs/decisions/034): registering and removing the account's own, and signing in. */
const tag = 'users';
const errors = errorResponses(400, 401, 403, 429);

export const registrationOptions = defineRoute({
  method: 'POST',
  path: '/users/passkeys/options',
  auth: 'user',
  tag,
  summary: 'Start registering a passkey (asks for the current password): WebAuthn options',
  body: passkeyRegistrationOptionsBodySchema,
  responses: { 200: passkeyOptionsResponseSchema, ...errors },
});

export const register = defineRoute({
  method: 'POST',
  path: '/users/passkeys',
  auth: 'user',
  tag,
  summary: 'Register a passkey with the browser’s answer to the options',
  body: passkeyRegisterBodySchema,
  responses: { 201: passkeyCreatedSchema, 409: apiErrorSchema, ...errors },
});

export const list = defineRoute({
  method: 'GET',
  path: '/users/passkeys',
  auth: 'user',
  tag,
  summary: 'Your passkeys (name, created, last used)',
  responses: { 200: passkeyListSchema, ...errors },
});

export const remove = defineRoute({
  method: 'DELETE',
  path: '/users/passkeys/:id',
  auth: 'user',
  tag,
  summary: 'Remove one of your passkeys (current password needed); it can no longer sign in',
  params: idParamsSchema,
  body: currentPasswordBodySchema,
  responses: { 200: messageResponseSchema, 404: apiErrorSchema, ...errors },
});

export const loginOptions = defineRoute({
  method: 'POST',
  path: '/users/login/passkey/options',
  auth: 'public',
  tag,
  summary: 'Start signing in with a passkey: WebAuthn options with a single-use challenge',
  responses: { 200: passkeyOptionsResponseSchema, ...errors },
});

export const login = defineRoute({
  method: 'POST',
  path: '/users/login/passkey',
  auth: 'public',
  tag,
  summary: 'Sign in with a passkey; returns a bearer token like the password login',
  body: passkeyLoginBodySchema,
  responses: { 200: loginResponseSchema, ...errors },
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorResponses } from '@trustlinks/contract/errors';
import { currentPasswordBodySchema } from '@trustlinks/contract/mfa';
import { idParamsSchema } from '@trustlinks/contract/params';
import {
  passkeyCreatedSchema,
  passkeyListSchema,
  passkeyLoginBodySchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterBodySchema,
  passkeyRegistrationOptionsBodySchema,
} from '@trustlinks/contract/passkeys';
import { loginResponseSchema, messageResponseSchema } from '@trustlinks/contract/users';
import { requireSession } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import * as passkeys from './passkeys.service';
import { signInClient } from './sign-in-client';

const errors = errorResponses(400, 401, 403, 429);
const tags = ['users'];

/** Passkeys (docs/decisions/034): registered under /api/users by usersRoutes. */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/users/passkeys/options',
    {
      // A passkey is a second factor: an account asked to set one up may register it.
      config: {
        auth: 'user',
        allowDuringMfaEnrolment: true,
        clearsReadCache: READ_CACHE_SCOPES.none,
      },
      schema: {
        tags,
        summary: 'Start registering a passkey (asks for the current password): WebAuthn options',
        body: passkeyRegistrationOptionsBodySchema,
        response: { 200: passkeyOptionsResponseSchema, ...errors },
      },
    },
    async (req) =>
      passkeys.registrationOptions(
        deps,
        requireSession(req),
        req.body.current_password,
        req.ip,
        req.body.email_code,
      ),
  );

  app.post(
    '/users/passkeys',
    {
      // A passkey is a second factor: an account asked to set one up may register it.
      config: {
        auth: 'user',
        allowDuringMfaEnrolment: true,
        clearsReadCache: READ_CACHE_SCOPES.none,
      },
      schema: {
        tags,
        summary: 'Register a passkey with the browser’s answer to the options',
        body: passkeyRegisterBodySchema,
        response: { 201: passkeyCreatedSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await passkeys.registerPasskey(deps, requireSession(req), req.body)),
  );

  app.get(
    '/users/passkeys',
    {
      config: { auth: 'user', allowDuringMfaEnrolment: true },
      schema: {
        tags,
        summary: 'Your passkeys (name, created, last used)',
        response: { 200: passkeyListSchema, ...errors },
      },
    },
    async (req) => passkeys.listOwnPasskeys(deps, requireSession(req)),
  );

  app.delete(
    '/users/passkeys/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Remove one of your passkeys (current password needed); it can no longer sign in',
        params: idParamsSchema,
        body: currentPasswordBodySchema,
        response: { 200: messageResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) =>
      passkeys.removePasskey(
        deps,
        requireSession(req),
        req.params.id,
        req.body.current_password,
        req.ip,
      ),
  );

  app.post(
    '/users/login/passkey/options',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Start signing in with a passkey: WebAuthn options with a single-use challenge',
        response: { 200: passkeyOptionsResponseSchema, ...errors },
      },
    },
    async () => passkeys.loginOptions(deps),
  );

  app.post(
    '/users/login/passkey',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Sign in with a passkey; returns a bearer token like the password login',
        body: passkeyLoginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (req) => passkeys.loginWithPasskey(deps, req.body, signInClient(req)),
  );
};

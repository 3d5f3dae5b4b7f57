import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import {
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  forgotPasswordBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  resetPasswordConfirmBodySchema,
  userResponseSchema,
  userWithMessageResponseSchema,
  emailTokenParamsSchema,
} from '@trustlinks/contract/users';
import { sessionListSchema } from '@trustlinks/contract/sessions';
import { loginMfaBodySchema, loginResultSchema } from '@trustlinks/contract/mfa';
import { requireSession } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import * as users from './users.service';
import * as accountSessions from './account-sessions.service';
import { passkeysRoutes } from './passkeys.routes';
import { signInClient } from './sign-in-client';
import { mfaRoutes } from './mfa/mfa.routes';

const errors = errorResponses(400, 401, 403, 429);
const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  await app.register(passkeysRoutes);
  await app.register(mfaRoutes);

  app.post(
    '/users/register',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary:
          'Sign up (role user; a verification mail is sent). The same answer whether or not the address has an account.',
        body: registerBodySchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await users.register(deps, req.body, req.ip)),
  );

  app.get(
    '/users/verify-email/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Verify an email address with the link token',
        params: emailTokenParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => users.verifyEmail(deps, req.params.token),
  );

  app.post(
    '/users/resend-verification',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Send a new verification link (same answer for every email)',
        body: resendVerificationBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => users.resendVerification(deps, req.body.email),
  );

  app.post(
    '/users/login',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary:
          'Log in; returns a bearer token, or for an account with a second factor { mfa_required, mfa_token } and no session',
        body: loginBodySchema,
        response: { 200: loginResultSchema, ...errors },
      },
    },
    async (req) => users.login(deps, req.body, signInClient(req)),
  );

  app.get(
    '/users/sessions',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Where this account is signed in: its active sessions, this one marked current',
        response: { 200: sessionListSchema, ...errors },
      },
    },
    async (req) => accountSessions.listSessions(deps, requireSession(req)),
  );

  app.delete(
    '/users/sessions/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Sign one of your sessions out (at once on every instance)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) => accountSessions.signOutSession(deps, requireSession(req), req.params.id),
  );

  app.post(
    '/users/sessions/revoke-others',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Sign out every session of this account except this one',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => accountSessions.signOutOtherSessions(deps, requireSession(req)),
  );

  app.post(
    '/users/login/mfa',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary:
          'Complete a login with the second factor: the mfa_token of POST /users/login and a TOTP or recovery code (a recovery code is spent)',
        body: loginMfaBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (req) => users.loginMfa(deps, req.body, signInClient(req)),
  );

  app.post(
    '/users/logout',
    {
      config: {
        auth: 'user',
        allowDuringPasswordReset: true,
        allowDuringMfaEnrolment: true,
        clearsReadCache: READ_CACHE_SCOPES.none,
      },
      schema: {
        tags,
        summary: 'End this session',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => users.logout(deps, requireSession(req)),
  );

  app.post(
    '/users/reset-password',
    {
      config: {
        auth: 'user',
        allowDuringPasswordReset: true,
        clearsReadCache: READ_CACHE_SCOPES.none,
      },
      schema: {
        tags,
        summary:
          'Change your password (current_password needed, except right after logging in with a temporary password); ends the other sessions',
        body: resetPasswordBodySchema,
        response: { 200: userWithMessageResponseSchema, ...errors },
      },
    },
    async (req) => users.resetPassword(deps, requireSession(req), req.body, req.ip),
  );

  app.post(
    '/users/forgot-password',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Mail a single-use password reset link (same answer for every email)',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => users.forgotPassword(deps, req.body.email),
  );

  app.post(
    '/users/reset-password/confirm',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link; ends every session',
        body: resetPasswordConfirmBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => users.confirmPasswordReset(deps, req.body),
  );

  app.get(
    '/users/profile',
    {
      config: { auth: 'user', allowDuringPasswordReset: true, allowDuringMfaEnrolment: true },
      schema: {
        tags,
        summary: 'The logged-in user',
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (req) => users.getProfile(deps, requireSession(req)),
  );

  app.put(
    '/users/profile/:id',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.reviews },
      schema: {
        tags,
        summary: 'Update your own profile (email is not changeable)',
        params: idParamsSchema,
        body: profileUpdateBodySchema,
        response: { 200: userWithMessageResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) => users.updateProfile(deps, requireSession(req), req.params.id, req.body),
  );
};

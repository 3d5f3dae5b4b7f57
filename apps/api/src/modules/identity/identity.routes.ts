import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import {
  adminIdentityResponseSchema,
  confirmIdentityBodySchema,
  decideIdentityClaimBodySchema,
  decideIdentityClaimResponseSchema,
  identityClaimsQuerySchema,
  identityClaimsResponseSchema,
  verificationStatusResponseSchema,
  verifyIdentityBodySchema,
  verifyIdentityResponseSchema,
} from '@trustlinks/contract/identity';
import { requireUser } from '../../auth/guards';
import * as identity from './identity.service';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';

const errors = errorResponses(400, 401, 403);
const tags = ['identity'];

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/users/verification-status',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Whether the caller has verified access to company contacts',
        response: { 200: verificationStatusResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) => identity.getVerificationStatus(deps, requireUser(req)),
  );

  app.post(
    '/users/verify-identity',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary:
          'Start an identity verification: mails a code to a business email address, or sends a LinkedIn profile to review',
        body: verifyIdentityBodySchema,
        response: { 200: verifyIdentityResponseSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (req) => identity.verifyIdentity(deps, requireUser(req), req.body),
  );

  app.post(
    '/users/verify-identity/confirm',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.reviews },
      schema: {
        tags,
        summary: 'Confirm a business email address with the code mailed to it',
        body: confirmIdentityBodySchema,
        response: { 200: verifyIdentityResponseSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (req) => identity.confirmIdentity(deps, requireUser(req), req.body),
  );

  app.get(
    '/admin/identity-claims',
    {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'LinkedIn identity claims of one status (default: waiting for review), paged',
        querystring: identityClaimsQuerySchema,
        response: { 200: identityClaimsResponseSchema, ...errors },
      },
    },
    async (req) => identity.listIdentityClaims(deps, req.query),
  );

  app.put(
    '/admin/identity-claims/:id',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.reviews },
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject a LinkedIn identity claim (a rejection needs a note)',
        params: idParamsSchema,
        body: decideIdentityClaimBodySchema,
        response: {
          200: decideIdentityClaimResponseSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (req) => identity.decideIdentityClaim(deps, requireUser(req), req.params.id, req.body),
  );

  app.get(
    '/admin/users/:id/identity-verification',
    {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: "A user's identity verification (method, value, date)",
        params: idParamsSchema,
        response: { 200: adminIdentityResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) => identity.getIdentityForAdmin(deps, req.params.id),
  );

  app.delete(
    '/admin/users/:id/identity-verification',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.reviews },
      schema: {
        tags: ['admin'],
        summary: "Revoke a user's identity verification",
        params: idParamsSchema,
        response: {
          200: adminIdentityResponseSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (req) => identity.revokeIdentity(deps, requireUser(req), req.params.id),
  );
};

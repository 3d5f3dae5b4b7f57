import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@trustlinks/contract/errors';
import {
  adminIdentityResponseSchema,
  verificationStatusResponseSchema,
  verifyIdentityBodySchema,
  verifyIdentityResponseSchema,
} from '@trustlinks/contract/identity';
import { requireUser } from '../../auth/guards';
import * as identity from './identity.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tags = ['identity'];
const userIdParams = z.object({ id: z.string().min(1).max(100) });

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
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Verify identity by a LinkedIn profile URL or a business email address',
        body: verifyIdentityBodySchema,
        response: { 200: verifyIdentityResponseSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (req) => identity.verifyIdentity(deps, requireUser(req), req.body),
  );

  app.get(
    '/admin/users/:id/identity-verification',
    {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: "A user's identity verification (method, value, date)",
        params: userIdParams,
        response: { 200: adminIdentityResponseSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (req) => identity.getIdentityForAdmin(deps, req.params.id),
  );

  app.delete(
    '/admin/users/:id/identity-verification',
    {
      config: { auth: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: "Revoke a user's identity verification",
        params: userIdParams,
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

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  userStatusBodySchema,
  userStatusResponseSchema,
} from '@trustlinks/contract/admin';
import { apiErrorSchema } from '@trustlinks/contract/errors';
import { requireUser } from '../../auth/guards';
import * as service from './admin.service';

const tags = ['admin'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/admin/users',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: 'Users, paged and searchable (admin)',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errors },
      },
    },
    async (req) => service.listUsers(deps, req.query),
  );

  app.put(
    '/admin/users/:id/status',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: 'Ban or unban a user (admin); a ban ends their sessions',
        params: z.object({ id: z.string().min(1).max(100) }),
        body: userStatusBodySchema,
        response: { 200: userStatusResponseSchema, ...errors },
      },
    },
    async (req) => service.setUserStatus(deps, requireUser(req), req.params.id, req.body.status),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  userStatusBodySchema,
  userStatusResponseSchema,
} from '@trustlinks/contract/admin';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import { requireUser } from '../../auth/guards';
import * as service from './admin.service';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404);

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
        params: idParamsSchema,
        body: userStatusBodySchema,
        response: { 200: userStatusResponseSchema, ...errors },
      },
    },
    async (req) => service.setUserStatus(deps, requireUser(req), req.params.id, req.body.status),
  );
};

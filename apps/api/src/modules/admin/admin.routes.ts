import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminWorkloadSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  userStatusBodySchema,
  userStatusResponseSchema,
} from '@trustlinks/contract/admin';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import { requireUser } from '../../auth/guards';
import * as service from './admin.service';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';

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
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.reviews },
      schema: {
        tags,
        summary:
          'Ban or unban a user with a reason (admin): stored, audited and mailed; a ban ends their sessions',
        params: idParamsSchema,
        body: userStatusBodySchema,
        response: { 200: userStatusResponseSchema, ...errors },
      },
    },
    async (req) => service.setUserStatus(deps, requireUser(req), req.params.id, req.body),
  );

  app.get(
    '/admin/audit',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: 'The audit list: bans, unbans and review decisions, newest first (admin)',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditResponseSchema, ...errors },
      },
    },
    async (req) => service.listAudit(deps, req.query),
  );

  app.get(
    '/admin/workload',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: 'What waits on each tab of the admin panel, each count capped (admin)',
        response: { 200: adminWorkloadSchema, ...errors },
      },
    },
    async () => service.workload(deps),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@trustlinks/contract/errors';
import { accountExportSchema, deleteAccountSchema } from '@trustlinks/contract/account';
import { messageResponseSchema } from '@trustlinks/contract/users';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import * as service from './account.service';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Account data rights (docs/decisions/026-public-pages-and-data-rights.md). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/users/me/export',
    {
      config: { auth: 'user', allowDuringPasswordReset: true },
      schema: {
        tags,
        summary:
          'Download my data: the account, reviews, votes, applications, offer requests, notifications and contact messages',
        response: { 200: accountExportSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('content-disposition', 'attachment; filename="trustlinks-my-data.json"');
      reply.header('cache-control', 'no-store');
      return service.exportAccount(deps, requireUser(req));
    },
  );

  app.delete(
    '/users/me',
    {
      // Reviews go with the account: the entity pages and review lists change.
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.reviews },
      schema: {
        tags,
        summary: 'Delete my account (after the password); sessions end, reviews and votes go',
        body: deleteAccountSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => service.deleteAccount(deps, requireUser(req), req.body.password),
  );
};

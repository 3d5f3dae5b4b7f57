import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@trustlinks/contract/errors';
import { healthResponseSchema } from '@trustlinks/contract/health';
import { checkDatabase } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      const ok = await checkDatabase(app.database);
      if (!ok) return reply.status(503).send({ error: 'Database unavailable' });
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};

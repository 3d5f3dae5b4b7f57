import type { FastifyPluginAsync } from 'fastify';
import * as routes from '@trustlinks/contract/routes/health';
import { addRoute } from '../../lib/route-table';
import { checkDatabase } from './health.service';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  // Probes call it often: the flood guard leaves it alone.
  addRoute(app, routes.check, { rateLimit: false }, async (_request, reply) => {
    const ok = await checkDatabase(app.database);
    if (!ok) return reply.status(503).send({ error: 'Database unavailable' });
    return { status: 'ok' as const, database: 'ok' as const };
  });
};

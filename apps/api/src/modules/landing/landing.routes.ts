import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@trustlinks/contract/errors';
import { landingResponseSchema } from '@trustlinks/contract/landing';
import { sendCached } from '../../lib/read-cache';
import * as service from './landing.service';

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/landing',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['landing'],
        summary:
          "The landing page's counted figures, top offers, newest reviews, offer requests and companies",
        response: { 200: landingResponseSchema, ...errorResponses(429) },
      },
    },
    // The same for every viewer: kept briefly (lib/read-cache/store.ts).
    async (req, reply) =>
      sendCached(reply, app.readCache, 'landing:', () =>
        service.getLanding(deps.forPublicRead(req)),
      ),
  );
};

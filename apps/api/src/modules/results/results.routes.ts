import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import { resultsQuerySchema, resultsResponseSchema } from '@trustlinks/contract/results';
import type { FastifyReply } from 'fastify';
import { requireUser } from '../../auth/guards';
import * as service from './results.service';

const tags = ['results'];
const errors = errorResponses(400, 401, 403, 404);

function sendCsv(reply: FastifyReply, csv: { fileName: string; body: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(csv.body);
}

/** Results over time (docs/decisions/031): JSON and the same numbers as CSV. */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/offers/:id/results',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          "One offer's clicks, conversions, conversion rate, payout and EPC per UTC day and affiliate (its entity and admins)",
        params: idParamsSchema,
        querystring: resultsQuerySchema,
        response: { 200: resultsResponseSchema, ...errors },
      },
    },
    async (req) => service.offerResults(deps, requireUser(req), req.params.id, req.query),
  );

  app.get(
    '/offers/:id/results/csv',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The same results as CSV: one row per day and affiliate (a download)',
        params: idParamsSchema,
        querystring: resultsQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) =>
      sendCsv(
        reply,
        await service.offerResultsCsv(deps, requireUser(req), req.params.id, req.query),
      ),
  );

  app.get(
    '/results/mine',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          "The caller's affiliate's (or network's) results per UTC day and offer, over all its applications",
        querystring: resultsQuerySchema,
        response: { 200: resultsResponseSchema, ...errors },
      },
    },
    async (req) => service.myResults(deps, requireUser(req), req.query),
  );

  app.get(
    '/results/mine/csv',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The same results as CSV: one row per day and offer (a download)',
        querystring: resultsQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) =>
      sendCsv(reply, await service.myResultsCsv(deps, requireUser(req), req.query)),
  );
};

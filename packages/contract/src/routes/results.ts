import { z } from 'zod';
import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';
import { resultsQuerySchema, resultsResponseSchema } from '../results';

/** Results over time (docs/decisions/031): JSON and the same numbers as CSV. */
const tag = 'results';
// Pure: the browser build drops it with the schemas (apps/web/route-addresses.ts).
const errors = errorResponses(400, 401, 403, 404);

export const ofOffer = defineRoute({
  method: 'GET',
  path: '/offers/:id/results',
  auth: 'user',
  tag,
  summary:
    "One offer's clicks, conversions, conversion rate, payout and EPC per UTC day and affiliate (its entity and admins)",
  params: idParamsSchema,
  query: resultsQuerySchema,
  responses: { 200: resultsResponseSchema, ...errors },
});

export const ofOfferCsv = defineRoute({
  method: 'GET',
  path: '/offers/:id/results/csv',
  auth: 'user',
  tag,
  summary: 'The same results as CSV: one row per day and affiliate (a download)',
  params: idParamsSchema,
  query: resultsQuerySchema,
  responses: { 200: z.string(), ...errors },
});

export const mine = defineRoute({
  method: 'GET',
  path: '/results/mine',
  auth: 'user',
  tag,
  summary:
    "The caller's affiliate's (or network's) results per UTC day and offer, over all its applications",
  query: resultsQuerySchema,
  responses: { 200: resultsResponseSchema, ...errors },
});

export const mineCsv = defineRoute({
  method: 'GET',
  path: '/results/mine/csv',
  auth: 'user',
  tag,
  summary: 'The same results as CSV: one row per day and offer (a download)',
  query: resultsQuerySchema,
  responses: { 200: z.string(), ...errors },
});

export const ownOffers = defineRoute({
  method: 'GET',
  path: '/results/own-offers',
  auth: 'user',
  tag,
  summary:
    "The caller's advertiser's (or network's) results across all its offers per UTC day, with totals and a per-offer breakdown",
  query: resultsQuerySchema,
  responses: { 200: resultsResponseSchema, ...errors },
});

export const ownOffersCsv = defineRoute({
  method: 'GET',
  path: '/results/own-offers/csv',
  auth: 'user',
  tag,
  summary: 'The same results as CSV: one row per day and offer (a download)',
  query: resultsQuerySchema,
  responses: { 200: z.string(), ...errors },
});

import { defineRoute } from '../route';
import {
  applicationDecisionResponseSchema,
  applicationDecisionSchema,
  applicationTermsBodySchema,
  applicationsQuerySchema,
  applicationsResponseSchema,
  applyBodySchema,
  applyResponseSchema,
  postbackParamsSchema,
  postbackResponseSchema,
} from '../applications';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';

/**
 * Applications to offers and their decisions, and the postback (docs/postback.md). The tracking
 * link (/go/:code) is outside /api and not in the table.
 */
const tag = 'applications';
// Pure: the browser build drops it with the schemas (apps/web/route-addresses.ts).
const errors = errorResponses(400, 401, 403, 404, 409);

export const apply = defineRoute({
  method: 'POST',
  path: '/offers/:id/click',
  auth: 'user',
  tag,
  summary:
    'Apply to run an offer (affiliates and networks with an approved company); answers the pending application',
  params: idParamsSchema,
  body: applyBodySchema,
  responses: { 201: applyResponseSchema, ...errors },
});

export const listReceived = defineRoute({
  method: 'GET',
  path: '/offers/applications',
  auth: 'user',
  tag,
  summary: "Applications to the caller's entity's offers (admins: all)",
  query: applicationsQuerySchema,
  responses: { 200: applicationsResponseSchema, ...errors },
});

export const listMine = defineRoute({
  method: 'GET',
  path: '/offers/applications/mine',
  auth: 'user',
  tag,
  summary: "The caller's entity's applications, with tracking links once approved",
  query: applicationsQuerySchema,
  responses: { 200: applicationsResponseSchema, ...errors },
});

export const listOfOffer = defineRoute({
  method: 'GET',
  path: '/offers/:id/applications',
  auth: 'user',
  tag,
  summary: "One offer's applications (its entity and admins)",
  params: idParamsSchema,
  query: applicationsQuerySchema,
  responses: { 200: applicationsResponseSchema, ...errors },
});

export const decide = defineRoute({
  method: 'PUT',
  path: '/offers/applications/:id',
  auth: 'user',
  tag,
  summary: 'Approve or reject (the offer’s owner or admins) or withdraw (the applicant)',
  params: idParamsSchema,
  body: applicationDecisionSchema,
  responses: { 200: applicationDecisionResponseSchema, ...errors },
});

export const setTerms = defineRoute({
  method: 'PUT',
  path: '/offers/applications/:id/terms',
  auth: 'user',
  tag,
  summary: "Set one partner's payout on an approved application (the offer's owner only)",
  params: idParamsSchema,
  body: applicationTermsBodySchema,
  responses: { 200: applicationDecisionResponseSchema, ...errors },
});

const postbackSummary =
  'Server-to-server conversion: click_id, secret, optional payout (docs/postback.md)';

/** A tracker's conversion, its fields in the query string. */
export const postback = defineRoute({
  method: 'GET',
  path: '/postback',
  auth: 'public',
  tag,
  summary: postbackSummary,
  query: postbackParamsSchema,
  responses: { 200: postbackResponseSchema, ...errors },
});

/** The same posted: the fields in the query string and/or the body (JSON or a form). */
export const postbackPosted = defineRoute({
  method: 'POST',
  path: '/postback',
  auth: 'public',
  tag,
  summary: postbackSummary,
  query: postbackParamsSchema,
  body: postbackParamsSchema.nullish(),
  responses: { 200: postbackResponseSchema, ...errors },
});

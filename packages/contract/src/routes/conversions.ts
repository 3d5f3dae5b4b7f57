import { defineRoute } from '../route';
import {
  conversionParamsSchema,
  conversionStatusBodySchema,
  conversionStatusResponseSchema,
  postbackLogResponseSchema,
  testPostbackBodySchema,
  testPostbackResponseSchema,
} from '../conversions';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';

/**
 * An offer's conversions and postbacks, for its advertiser only
 * (docs/decisions/049-caps-and-postback-tooling.md).
 */
const tag = 'conversions';
// Pure: the browser build drops it with the schemas (apps/web/route-addresses.ts).
const errors = errorResponses(400, 401, 403, 404, 409);

export const setStatus = defineRoute({
  method: 'PUT',
  path: '/offers/:id/conversions/:clickId',
  auth: 'user',
  tag,
  summary:
    "Set a conversion's status: pending, approved, rejected (with a reason) or paid (the offer's advertiser only)",
  params: conversionParamsSchema,
  body: conversionStatusBodySchema,
  responses: { 200: conversionStatusResponseSchema, ...errors },
});

export const postbackLog = defineRoute({
  method: 'GET',
  path: '/offers/:id/postbacks',
  auth: 'user',
  tag,
  summary:
    "The offer's last 100 postbacks: what each carried (never the secret) and what we answered (its advertiser only)",
  params: idParamsSchema,
  responses: { 200: postbackLogResponseSchema, ...errors },
});

export const sendTest = defineRoute({
  method: 'POST',
  path: '/offers/:id/postbacks/test',
  auth: 'user',
  tag,
  summary:
    'Send a test conversion: logged and marked test, never paid and never counted (the offer’s advertiser only)',
  params: idParamsSchema,
  body: testPostbackBodySchema,
  responses: { 200: testPostbackResponseSchema, ...errors },
});

import { defineRoute } from '../route';
import { apiErrorSchema } from '../errors';
import { healthResponseSchema } from '../health';

/** The liveness probe: the process answers and its database does. */
export const check = defineRoute({
  method: 'GET',
  path: '/health',
  auth: 'public',
  tag: 'health',
  summary: 'Liveness and database check',
  responses: { 200: healthResponseSchema, 503: apiErrorSchema },
});

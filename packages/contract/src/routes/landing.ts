import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { landingResponseSchema } from '../landing';

/** The landing page's data (docs/decisions/026-public-pages-and-data-rights.md). */
export const get = defineRoute({
  method: 'GET',
  path: '/landing',
  auth: 'public',
  tag: 'landing',
  summary:
    "The landing page's counted figures, top offers, newest reviews, offer requests and companies",
  responses: { 200: landingResponseSchema, ...errorResponses(429) },
});

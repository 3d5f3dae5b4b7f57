import { defineRoute } from '../route';
import {
  categoryParamsSchema,
  categoryQuerySchema,
  categoryResponseSchema,
  compareQuerySchema,
  compareResponseSchema,
} from '../categories';
import { errorResponses } from '../errors';

/**
 * Categories and comparison (docs/decisions/055-categories-and-compare.md): approved companies of
 * one type and vertical ranked by TrustScore, and up to three companies side by side.
 */
const tag = 'categories';
const errors = errorResponses(400, 404);

export const list = defineRoute({
  method: 'GET',
  path: '/categories/:type/:vertical',
  auth: 'public',
  tag,
  summary:
    "Approved companies of one type and vertical ('all': every vertical), ranked by TrustScore; filter by GEO, payout model and minimum reviews; paged",
  params: categoryParamsSchema,
  query: categoryQuerySchema,
  responses: { 200: categoryResponseSchema, ...errors },
});

export const compare = defineRoute({
  method: 'GET',
  path: '/compare',
  auth: 'public',
  tag,
  summary:
    'One to three approved companies side by side (c=slug,slug,slug); without c, the three top-ranked networks; more than three is 400, an unknown or unapproved slug 404',
  query: compareQuerySchema,
  responses: { 200: compareResponseSchema, ...errors },
});

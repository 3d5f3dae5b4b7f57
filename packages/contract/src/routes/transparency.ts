import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';
import { entityRemovalsSchema, transparencyReportSchema } from '../transparency';

/** The transparency report (docs/decisions/054): moderation figures from the audit trail. */
const tag = 'transparency';
const errors = errorResponses(400, 404);

export const report = defineRoute({
  method: 'GET',
  path: '/transparency',
  auth: 'public',
  tag,
  summary:
    'The transparency report: per month, reviews submitted, published, held, removed, reports, warnings and the median time to a moderation decision',
  responses: { 200: transparencyReportSchema, ...errors },
});

export const entityRemovals = defineRoute({
  method: 'GET',
  path: '/transparency/entities/:id',
  auth: 'public',
  tag,
  summary: "How many of a company's reviews stand removed, and why (counts, never texts)",
  params: idParamsSchema,
  responses: { 200: entityRemovalsSchema, ...errors },
});

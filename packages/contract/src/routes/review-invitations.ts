import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';
import {
  reviewInvitationCreateSchema,
  reviewInvitationsCreatedSchema,
  reviewInvitationsResponseSchema,
} from '../review-invitations';

/**
 * Review invitations (docs/decisions/057-review-invitations.md): a company's members invite the
 * partners they worked with; each invitation is single-use and expires.
 */
const tag = 'reviews';

export const create = defineRoute({
  method: 'POST',
  path: '/entities/:id/review-invitations',
  auth: 'user',
  tag,
  summary:
    'Invite partners to review the company: mail addresses, or a link for the partner of one of its approved applications',
  params: idParamsSchema,
  body: reviewInvitationCreateSchema,
  responses: { 201: reviewInvitationsCreatedSchema, ...errorResponses(400, 401, 403, 404, 429) },
});

export const list = defineRoute({
  method: 'GET',
  path: '/entities/:id/review-invitations',
  auth: 'user',
  tag,
  summary: "The company's invitations, newest first, with today's count and the daily limit",
  params: idParamsSchema,
  responses: { 200: reviewInvitationsResponseSchema, ...errorResponses(401, 403, 404) },
});

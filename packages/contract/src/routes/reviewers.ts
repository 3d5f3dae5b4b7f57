import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import {
  myReviewerProfileSchema,
  myReviewerProfileWithMessageSchema,
  reviewerProfileSchema,
  reviewerSlugParamsSchema,
  reviewerVisibilitySchema,
} from '../reviewers';

/** Reviewer pages (docs/decisions/054): a person's published, non-anonymous reviews. */
const tag = 'reviewers';
const errors = errorResponses(400, 401, 403, 404);

export const getProfile = defineRoute({
  method: 'GET',
  path: '/reviewers/:slug',
  auth: 'public',
  tag,
  summary:
    "A reviewer's page: their published, non-anonymous reviews, verification, member since and helpful votes (404 when hidden, except to them)",
  params: reviewerSlugParamsSchema,
  responses: { 200: reviewerProfileSchema, ...errors },
});

export const getMine = defineRoute({
  method: 'GET',
  path: '/reviewers/me/settings',
  auth: 'user',
  tag,
  summary: "The signed-in reviewer's page: its address and whether it is hidden",
  responses: { 200: myReviewerProfileSchema, ...errors },
});

export const setVisibility = defineRoute({
  method: 'PUT',
  path: '/reviewers/me/visibility',
  auth: 'user',
  tag,
  summary: 'Hide or show the signed-in reviewer’s page (hidden: 404 to everyone else)',
  body: reviewerVisibilitySchema,
  responses: { 200: myReviewerProfileWithMessageSchema, ...errors },
});

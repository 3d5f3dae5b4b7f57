import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';
import {
  BULK_MODERATION_MAX,
  bulkModerateResponseSchema,
  bulkModerateSchema,
  dashboardQuerySchema,
  dashboardResponseSchema,
  entityReviewsQuerySchema,
  entityReviewsResponseSchema,
  moderateSchema,
  moderationQuerySchema,
  moderationResponseSchema,
  myReviewsQuerySchema,
  proofFileResponseSchema,
  proofParamsSchema,
  proofVerificationSchema,
  recentReviewsQuerySchema,
  recentReviewsResponseSchema,
  repliesResponseSchema,
  replyCreateSchema,
  replyWithMessageSchema,
  reportCreateSchema,
  reportResponseSchema,
  reportsQuerySchema,
  reportsResponseSchema,
  reviewCreateSchema,
  reviewResponseSchema,
  reviewsResponseSchema,
  reviewWithMessageSchema,
  trustSummarySchema,
  voteResponseSchema,
  voteSchema,
} from '../reviews';

/**
 * Reviews of entities (docs/product/api.md#reviews, docs/decisions/008-reviews.md): writing,
 * reading, votes, replies, reports, payment proofs and the TrustScore
 * (docs/decisions/012-trustscore-and-swarm-guard.md), moderation (docs/decisions/032-admin-tools.md).
 */
const tag = 'reviews';
const errors = errorResponses(400, 401, 403, 404, 409);
const reportErrors = errorResponses(400, 401, 403, 404, 409, 429);

export const create = defineRoute({
  method: 'POST',
  path: '/reviews',
  auth: 'user',
  tag,
  summary:
    'Write a review of an existing entity (entity_id) or a new one (entity_name); published at once for approved entities',
  body: reviewCreateSchema,
  responses: { 201: reviewWithMessageSchema, ...errors },
});

export const listRecent = defineRoute({
  method: 'GET',
  path: '/reviews/recent',
  auth: 'public',
  tag,
  summary: 'Recently published reviews across entities',
  query: recentReviewsQuerySchema,
  responses: { 200: recentReviewsResponseSchema, ...errors },
});

export const listMine = defineRoute({
  method: 'GET',
  path: '/reviews/my-reviews',
  auth: 'user',
  tag,
  summary: "The caller's own reviews, every status, newest first",
  query: myReviewsQuerySchema,
  responses: { 200: reviewsResponseSchema, ...errors },
});

export const moderationQueue = defineRoute({
  method: 'GET',
  path: '/reviews/admin/moderation',
  auth: ['admin'],
  tag,
  summary: 'Reviews of one status for moderation, with reviewer details (admin)',
  query: moderationQuerySchema,
  responses: { 200: moderationResponseSchema, ...errors },
});

export const listForEntity = defineRoute({
  method: 'GET',
  path: '/reviews/entity/:id',
  auth: 'public',
  tag,
  summary: "An entity's published reviews: most recent (default), most helpful or by rating",
  params: idParamsSchema,
  query: entityReviewsQuerySchema,
  responses: { 200: entityReviewsResponseSchema, ...errors },
});

export const entityDashboard = defineRoute({
  method: 'GET',
  path: '/reviews/entity/:id/dashboard',
  auth: 'user',
  tag,
  summary: "An entity's reviews of one status with statistics (its users and admins)",
  params: idParamsSchema,
  query: dashboardQuerySchema,
  responses: { 200: dashboardResponseSchema, ...errors },
});

export const listReports = defineRoute({
  method: 'GET',
  path: '/reviews/admin/reports',
  auth: ['admin'],
  tag,
  summary: 'Open reports of published reviews, oldest first, with the reporter (admin)',
  query: reportsQuerySchema,
  responses: { 200: reportsResponseSchema, ...errors },
});

export const get = defineRoute({
  method: 'GET',
  path: '/reviews/:id',
  auth: 'public',
  tag,
  summary: "One published review (a review's own address); held ones are not found",
  params: idParamsSchema,
  responses: { 200: reviewResponseSchema, ...errors },
});

export const report = defineRoute({
  method: 'POST',
  path: '/reviews/:id/report',
  auth: 'user',
  tag,
  summary: 'Report a published review to the moderators (once per user and review)',
  params: idParamsSchema,
  body: reportCreateSchema,
  responses: { 201: reportResponseSchema, ...reportErrors },
});

export const listReplies = defineRoute({
  method: 'GET',
  path: '/reviews/:id/replies',
  auth: 'public',
  tag,
  summary: "A review's replies by the reviewed entity",
  params: idParamsSchema,
  responses: { 200: repliesResponseSchema, ...errors },
});

export const vote = defineRoute({
  method: 'POST',
  path: '/reviews/:id/vote',
  auth: 'user',
  tag,
  summary: 'Vote a published review helpful or unhelpful (a new vote replaces the old)',
  params: idParamsSchema,
  body: voteSchema,
  responses: { 200: voteResponseSchema, ...errors },
});

export const reply = defineRoute({
  method: 'POST',
  path: '/reviews/:id/reply',
  auth: 'user',
  tag,
  summary: 'Reply to or dispute a published review of your own entity',
  params: idParamsSchema,
  body: replyCreateSchema,
  responses: { 201: replyWithMessageSchema, ...errors },
});

export const entityTrust = defineRoute({
  method: 'GET',
  path: '/reviews/entity/:id/trust',
  auth: 'public',
  tag,
  summary: "An entity's TrustScore with sub-scores and its reply rate to negative reviews",
  params: idParamsSchema,
  responses: { 200: trustSummarySchema, ...errors },
});

export const downloadProof = defineRoute({
  method: 'GET',
  path: '/reviews/:id/proofs/:proofId',
  auth: 'user',
  tag,
  summary: 'Download a payment proof file (admins and the review author only)',
  params: proofParamsSchema,
  // The file's bytes (PNG, JPEG or PDF); a Buffer is sent as is, never serialised.
  responses: { 200: proofFileResponseSchema, ...errors },
});

export const setProofVerified = defineRoute({
  method: 'PUT',
  path: '/reviews/:id/proof-verification',
  auth: ['admin'],
  tag,
  summary: "Mark a review's payment proof verified or not (admin)",
  params: idParamsSchema,
  body: proofVerificationSchema,
  responses: { 200: reviewWithMessageSchema, ...errors },
});

export const moderateBulk = defineRoute({
  method: 'POST',
  path: '/reviews/admin/moderate-bulk',
  auth: ['admin'],
  tag,
  summary: `Approve or reject up to ${BULK_MODERATION_MAX} reviews at once (admin); each decision audited`,
  body: bulkModerateSchema,
  responses: { 200: bulkModerateResponseSchema, ...errors },
});

export const moderate = defineRoute({
  method: 'PUT',
  path: '/reviews/:id/moderate',
  auth: ['admin'],
  tag,
  summary: 'Approve, reject or flag a review (admin); the entity reputation follows',
  params: idParamsSchema,
  body: moderateSchema,
  responses: { 200: reviewWithMessageSchema, ...errors },
});

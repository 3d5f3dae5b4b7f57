import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  dashboardQuerySchema,
  dashboardResponseSchema,
  entityReviewsQuerySchema,
  entityReviewsResponseSchema,
  BULK_MODERATION_MAX,
  bulkModerateResponseSchema,
  bulkModerateSchema,
  moderateSchema,
  moderationQuerySchema,
  moderationResponseSchema,
  myReviewsQuerySchema,
  recentReviewsQuerySchema,
  recentReviewsResponseSchema,
  repliesResponseSchema,
  replyCreateSchema,
  replyWithMessageSchema,
  reviewCreateSchema,
  reviewsResponseSchema,
  reviewWithMessageSchema,
  voteResponseSchema,
  voteSchema,
  proofVerificationSchema,
  trustSummarySchema,
  proofFileResponseSchema,
  proofParamsSchema,
  reportCreateSchema,
  reportResponseSchema,
  reportsQuerySchema,
  reportsResponseSchema,
  reviewResponseSchema,
  type EntityReviewsResponse,
} from '@trustlinks/contract/reviews';
import { requireUser } from '../../auth/guards';
import type { AuthUser } from '../../auth/sessions.service';
import { HttpError } from '../../errors';
import {
  changesReadCache,
  entityTag,
  READ_CACHE_SCOPES,
  sendCached,
  sharedValue,
} from '../../lib/read-cache';
import { reviewWriteScopes } from './reviews.cache';
import { attachmentDisposition } from './reviews.proofs';
import * as service from './reviews.service';
import * as moderation from './review-moderation.service';
import * as proofs from './review-proofs.service';
import * as replies from './review-replies.service';
import * as reports from './review-reports.service';
import * as votes from './review-votes.service';
import * as trust from './trust/trust.service';

const tags = ['reviews'];
const errors = errorResponses(400, 401, 403, 404, 409);
const reportErrors = errorResponses(400, 401, 403, 404, 409, 429);
const PROOF_BODY_LIMIT_BYTES =
  Math.ceil((REVIEW_LIMITS.proofFilesMax * REVIEW_LIMITS.proofFileMaxBytes * 4) / 3) + 256 * 1024;

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/reviews',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.reviews },
      // Up to 3 payment proof files of 2 MB in base64 (4/3 of their size) and the review.
      bodyLimit: PROOF_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Write a review of an existing entity (entity_id) or a new one (entity_name); published at once for approved entities',
        body: reviewCreateSchema,
        response: { 201: reviewWithMessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const created = await service.createReview(deps, requireUser(req), req.body, req.ip);
      // A flagged or held post changes nothing the kept pages show: it names no scope.
      changesReadCache(
        req,
        created.changesPublic ? reviewWriteScopes(created.answer.review.entity_id) : [],
      );
      return reply.status(201).send(created.answer);
    },
  );

  app.get(
    '/reviews/recent',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Recently published reviews across entities',
        querystring: recentReviewsQuerySchema,
        response: { 200: recentReviewsResponseSchema, ...errors },
      },
    },
    async (req) =>
      service.listRecentReviews(
        deps.forPublicRead(req),
        req.auth?.user ?? null,
        req.query.page,
        req.query.limit,
      ),
  );

  app.get(
    '/reviews/my-reviews',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The caller's own reviews, every status, newest first",
        querystring: myReviewsQuerySchema,
        response: { 200: reviewsResponseSchema, ...errors },
      },
    },
    async (req) => service.listMyReviews(deps, requireUser(req), req.query.limit),
  );

  app.get(
    '/reviews/admin/moderation',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: 'Reviews of one status for moderation, with reviewer details (admin)',
        querystring: moderationQuerySchema,
        response: { 200: moderationResponseSchema, ...errors },
      },
    },
    async (req) => moderation.moderationQueue(deps, req.query),
  );

  app.get(
    '/reviews/entity/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "An entity's published reviews: most recent (default), most helpful or by rating",
        params: idParamsSchema,
        querystring: entityReviewsQuerySchema,
        response: { 200: entityReviewsResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const viewer = req.auth?.user ?? null;
      const { page, limit, sort, rating } = req.query;
      const { id } = req.params;
      const load = (as: AuthUser | null) =>
        service.listEntityReviews(deps.forPublicRead(req), as, id, page, limit, sort, rating);
      // What a visitor sees is the same for every visitor: kept until a write changes it
      // (lib/read-cache/store.ts).
      const key = `reviews:${id}:${page}:${limit}:${sort}:${rating ?? ''}`;
      const tags = (answer: EntityReviewsResponse) => [
        entityTag(id),
        entityTag(answer.entity.entity_id),
      ];
      if (!viewer) return sendCached(reply, app.readCache, key, () => load(null), tags);
      // A signed-in reader gets that page and their own votes and reviews, read each time. An
      // entity the public may not see (not found for visitors) may still be theirs to see.
      let shared: EntityReviewsResponse;
      try {
        shared = await sharedValue(reply, app.readCache, key, () => load(null), tags);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return load(viewer);
        throw err;
      }
      return service.withViewer(deps.forPublicRead(req), shared, viewer);
    },
  );

  app.get(
    '/reviews/entity/:id/dashboard',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "An entity's reviews of one status with statistics (its users and admins)",
        params: idParamsSchema,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, ...errors },
      },
    },
    async (req) => moderation.entityDashboard(deps, requireUser(req), req.params.id, req.query),
  );

  app.get(
    '/reviews/admin/reports',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: 'Open reports of published reviews, oldest first, with the reporter (admin)',
        querystring: reportsQuerySchema,
        response: { 200: reportsResponseSchema, ...errors },
      },
    },
    async (req) => reports.listReports(deps, req.query),
  );

  app.get(
    '/reviews/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "One published review (a review's own address); held ones are not found",
        params: idParamsSchema,
        response: { 200: reviewResponseSchema, ...errors },
      },
    },
    async (req) =>
      service.getPublishedReview(deps.forPublicRead(req), req.auth?.user ?? null, req.params.id),
  );

  app.post(
    '/reviews/:id/report',
    {
      config: {
        auth: 'user',
        loginMessage: REVIEW_MESSAGES.reportLogin,
        clearsReadCache: READ_CACHE_SCOPES.none,
      },
      schema: {
        tags,
        summary: 'Report a published review to the moderators (once per user and review)',
        params: idParamsSchema,
        body: reportCreateSchema,
        response: { 201: reportResponseSchema, ...reportErrors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await reports.reportReview(deps, requireUser(req), req.params.id, req.body)),
  );

  app.get(
    '/reviews/:id/replies',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "A review's replies by the reviewed entity",
        params: idParamsSchema,
        response: { 200: repliesResponseSchema, ...errors },
      },
    },
    async (req) =>
      replies.listReviewReplies(deps.forPublicRead(req), req.auth?.user ?? null, req.params.id),
  );

  app.post(
    '/reviews/:id/vote',
    {
      config: {
        auth: 'user',
        loginMessage: REVIEW_MESSAGES.voteLogin,
        clearsReadCache: READ_CACHE_SCOPES.reviews,
      },
      schema: {
        tags,
        summary: 'Vote a published review helpful or unhelpful (a new vote replaces the old)',
        params: idParamsSchema,
        body: voteSchema,
        response: { 200: voteResponseSchema, ...errors },
      },
    },
    async (req) => votes.voteOnReview(deps, requireUser(req), req.params.id, req.body.vote_type),
  );

  app.post(
    '/reviews/:id/reply',
    {
      config: {
        auth: 'user',
        loginMessage: REVIEW_MESSAGES.replyLogin,
        clearsReadCache: READ_CACHE_SCOPES.reviews,
      },
      schema: {
        tags,
        summary: 'Reply to or dispute a published review of your own entity',
        params: idParamsSchema,
        body: replyCreateSchema,
        response: { 201: replyWithMessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const replied = await replies.replyToReview(deps, user, req.params.id, req.body);
      // The replier's own entity is the reviewed one (else the route's scopes stand).
      if (user.entityId) changesReadCache(req, reviewWriteScopes(user.entityId));
      return reply.status(201).send(replied);
    },
  );

  app.get(
    '/reviews/entity/:id/trust',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "An entity's TrustScore with sub-scores and its reply rate to negative reviews",
        params: idParamsSchema,
        response: { 200: trustSummarySchema, ...errors },
      },
    },
    async (req, reply) => {
      const viewer = req.auth?.user ?? null;
      const load = () => trust.trustSummary(deps.forPublicRead(req), viewer, req.params.id);
      if (viewer) return load();
      return sendCached(reply, app.readCache, `reviews-trust:${req.params.id}`, load, () => [
        entityTag(req.params.id),
      ]);
    },
  );

  app.get(
    '/reviews/:id/proofs/:proofId',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Download a payment proof file (admins and the review author only)',
        params: proofParamsSchema,
        // The file's bytes (PNG, JPEG or PDF); a Buffer is sent as is, never serialised.
        response: { 200: proofFileResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const proof = await proofs.downloadProof(
        deps,
        requireUser(req),
        req.params.id,
        req.params.proofId,
      );
      // Always a download, never rendered by the browser: a file is never trusted inline, and its
      // name carries the extension of the type its bytes are (reviews.proofs.ts proofFileName).
      return reply
        .header('content-type', proof.contentType)
        .header('content-disposition', attachmentDisposition(proof.fileName, proof.contentType))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(proof.data);
    },
  );

  app.put(
    '/reviews/:id/proof-verification',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.reviews },
      schema: {
        tags,
        summary: "Mark a review's payment proof verified or not (admin)",
        params: idParamsSchema,
        body: proofVerificationSchema,
        response: { 200: reviewWithMessageSchema, ...errors },
      },
    },
    async (req) => {
      const changed = await proofs.setProofVerified(
        deps,
        requireUser(req),
        req.params.id,
        req.body.verified,
      );
      changesReadCache(req, reviewWriteScopes(changed.review.entity_id));
      return changed;
    },
  );

  app.post(
    '/reviews/admin/moderate-bulk',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.reviews },
      schema: {
        tags,
        summary: `Approve or reject up to ${BULK_MODERATION_MAX} reviews at once (admin); each decision audited`,
        body: bulkModerateSchema,
        response: { 200: bulkModerateResponseSchema, ...errors },
      },
    },
    async (req) => moderation.moderateReviewsInBulk(deps, requireUser(req), req.body),
  );

  app.put(
    '/reviews/:id/moderate',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.reviews },
      schema: {
        tags,
        summary: 'Approve, reject or flag a review (admin); the entity reputation follows',
        params: idParamsSchema,
        body: moderateSchema,
        response: { 200: reviewWithMessageSchema, ...errors },
      },
    },
    async (req) => {
      const moderated = await moderation.moderateReview(
        deps,
        requireUser(req),
        req.params.id,
        req.body,
      );
      changesReadCache(req, reviewWriteScopes(moderated.review.entity_id));
      return moderated;
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type EntityReviewsResponse,
} from '@trustlinks/contract/reviews';
import * as routes from '@trustlinks/contract/routes/reviews';
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
import { addRoute } from '../../lib/route-table';
import { reviewWriteScopes } from './reviews.cache';
import { attachmentDisposition } from './reviews.proofs';
import * as service from './reviews.service';
import * as moderation from './review-moderation.service';
import * as proofs from './review-proofs.service';
import * as replies from './review-replies.service';
import * as reports from './review-reports.service';
import * as votes from './review-votes.service';
import * as trust from './trust/trust.service';

// Up to 3 payment proof files of 2 MB in base64 (4/3 of their size) and the review.
const PROOF_BODY_LIMIT_BYTES =
  Math.ceil((REVIEW_LIMITS.proofFilesMax * REVIEW_LIMITS.proofFileMaxBytes * 4) / 3) + 256 * 1024;

export const reviewsRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const reviewsScope = { clearsReadCache: READ_CACHE_SCOPES.reviews };

  // A review carries its payment proofs: its route takes a larger body than the server's default.
  const createSettings = { ...reviewsScope, bodyLimit: PROOF_BODY_LIMIT_BYTES };
  addRoute(app, routes.create, createSettings, async (req, reply) => {
    const created = await service.createReview(deps, requireUser(req), req.body, req.ip);
    // A flagged or held post changes nothing the kept pages show but the transparency report's
    // count of submitted and held reviews (docs/decisions/054).
    changesReadCache(
      req,
      created.changesPublic ? reviewWriteScopes(created.answer.review.entity_id) : ['transparency'],
    );
    return reply.status(201).send(created.answer);
  });

  addRoute(app, routes.listRecent, {}, async (req) =>
    service.listRecentReviews(
      deps.forPublicRead(req),
      req.auth?.user ?? null,
      req.query.page,
      req.query.limit,
    ),
  );

  addRoute(app, routes.listMine, {}, async (req) =>
    service.listMyReviews(deps, requireUser(req), req.query.limit),
  );

  addRoute(app, routes.moderationQueue, {}, async (req) =>
    moderation.moderationQueue(deps, req.query),
  );

  addRoute(app, routes.listForEntity, {}, async (req, reply) => {
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
  });

  addRoute(app, routes.entityDashboard, {}, async (req) =>
    moderation.entityDashboard(deps, requireUser(req), req.params.id, req.query),
  );

  addRoute(app, routes.listReports, {}, async (req) => reports.listReports(deps, req.query));

  addRoute(app, routes.get, {}, async (req) =>
    service.getPublishedReview(deps.forPublicRead(req), req.auth?.user ?? null, req.params.id),
  );

  addRoute(
    app,
    routes.report,
    { loginMessage: REVIEW_MESSAGES.reportLogin, clearsReadCache: READ_CACHE_SCOPES.transparency },
    async (req, reply) =>
      reply
        .status(201)
        .send(await reports.reportReview(deps, requireUser(req), req.params.id, req.body)),
  );

  addRoute(app, routes.listReplies, {}, async (req) =>
    replies.listReviewReplies(deps.forPublicRead(req), req.auth?.user ?? null, req.params.id),
  );

  addRoute(
    app,
    routes.vote,
    { loginMessage: REVIEW_MESSAGES.voteLogin, ...reviewsScope },
    async (req) => votes.voteOnReview(deps, requireUser(req), req.params.id, req.body.vote_type),
  );

  addRoute(
    app,
    routes.reply,
    { loginMessage: REVIEW_MESSAGES.replyLogin, ...reviewsScope },
    async (req, reply) => {
      const user = requireUser(req);
      const replied = await replies.replyToReview(deps, user, req.params.id, req.body);
      // The replier's own entity is the reviewed one (else the route's scopes stand).
      if (user.entityId) changesReadCache(req, reviewWriteScopes(user.entityId));
      return reply.status(201).send(replied);
    },
  );

  addRoute(app, routes.entityTrust, {}, async (req, reply) => {
    const viewer = req.auth?.user ?? null;
    const load = () => trust.trustSummary(deps.forPublicRead(req), viewer, req.params.id);
    if (viewer) return load();
    return sendCached(reply, app.readCache, `reviews-trust:${req.params.id}`, load, () => [
      entityTag(req.params.id),
    ]);
  });

  addRoute(app, routes.downloadProof, {}, async (req, reply) => {
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
  });

  addRoute(app, routes.setProofVerified, reviewsScope, async (req) => {
    const changed = await proofs.setProofVerified(
      deps,
      requireUser(req),
      req.params.id,
      req.body.verified,
    );
    changesReadCache(req, reviewWriteScopes(changed.review.entity_id));
    return changed;
  });

  addRoute(app, routes.moderateBulk, reviewsScope, async (req) =>
    moderation.moderateReviewsInBulk(deps, requireUser(req), req.body),
  );

  addRoute(app, routes.moderate, reviewsScope, async (req) => {
    const moderated = await moderation.moderateReview(
      deps,
      requireUser(req),
      req.params.id,
      req.body,
    );
    changesReadCache(req, reviewWriteScopes(moderated.review.entity_id));
    return moderated;
  });
};

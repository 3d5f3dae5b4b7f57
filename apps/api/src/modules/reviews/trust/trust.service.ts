import { REVIEW_MESSAGES, type TrustSummary } from '@trustlinks/contract/reviews';
import { canSeeEntity } from '../../../auth/policies';
import type { AuthUser } from '../../../auth/sessions.service';
import { notFound } from '../../../errors';
import type { Deps } from '../../../lib/deps';
import { isUuid } from '../../../lib/ids';
import { findEntity } from '../../entities/entities.service';
import { findTrustScores, negativeReviewResponsiveness } from './trust.repository';

// The TrustScore summary; the background upkeep the scores need is trust.worker.ts.
// docs/decisions/012-trustscore-and-swarm-guard.md.

/**
 * GET /reviews/entity/{id}/trust: the TrustScore, its sub-scores and the owner's responsiveness
 * to negative reviews (last 12 months). Hidden like the entity's page when it is not approved.
 */
export async function trustSummary(
  deps: Deps,
  viewer: AuthUser | null,
  entityId: string,
): Promise<TrustSummary> {
  const entity = isUuid(entityId) ? await findEntity(deps.db, entityId) : undefined;
  if (!entity || !canSeeEntity(viewer, entity)) {
    throw notFound(REVIEW_MESSAGES.entityNotFound);
  }
  const since = new Date();
  since.setMonth(since.getMonth() - 12);
  const [scores, responsiveness] = await Promise.all([
    findTrustScores(deps.db, entity.id),
    negativeReviewResponsiveness(deps.db, entity.id, since),
  ]);
  const none = entity.totalReviews === 0;
  return {
    entity_id: entity.id,
    reputation_score: Number(entity.reputationScore),
    total_reviews: entity.totalReviews,
    sub_scores: {
      quality: none ? 0 : (scores?.quality ?? 0),
      support: none ? 0 : (scores?.support ?? 0),
      reliability: none ? 0 : (scores?.reliability ?? 0),
      payment_speed: none ? 0 : (scores?.paymentSpeed ?? 0),
    },
    responsiveness: {
      negative_reviews: responsiveness.negative,
      replied: responsiveness.replied,
      reply_rate:
        responsiveness.negative === 0 ? null : responsiveness.replied / responsiveness.negative,
      median_first_reply_hours:
        responsiveness.medianHours === null
          ? null
          : Math.round(responsiveness.medianHours * 10) / 10,
    },
  };
}

import { entityTag } from '../../lib/read-cache';

/**
 * What a review write changes in the read cache: the one place the reviews module says it
 * (docs/decisions/029-long-lived-read-cache.md). Everything shown of the reviewed entity (its
 * page, review pages, TrustScore, offers) and the landing (its latest reviews); no other
 * entity's pages, and no offer list. A review write route calls
 * `changesReadCache(req, reviewWriteScopes(entityId))` once the change is made; a new review that
 * changed nothing public (flagged, or held without taking a burst back) names no scope.
 */
export function reviewWriteScopes(entityId: string): string[] {
  return [entityTag(entityId), 'landing'];
}

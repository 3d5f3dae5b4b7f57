import { entityTag } from '../../lib/read-cache';

/**
 * What a review write changes in the read cache: the one place the reviews module says it
 * (docs/decisions/029-long-lived-read-cache.md). Everything shown of the reviewed entity (its
 * page, review pages, TrustScore, offers) and the landing (its latest reviews); no other
 * entity's pages, and no offer list; and the figures that count every review (REVIEW_COUNTS_SCOPES). A review write route calls
 * `changesReadCache(req, reviewWriteScopes(entityId))` once the change is made; a new review that
 * changed nothing public (flagged, or held without taking a burst back) names no scope.
 */
export function reviewWriteScopes(entityId: string): string[] {
  return [entityTag(entityId), 'landing', ...REVIEW_COUNTS_SCOPES];
}

/**
 * What counts every review, whoever it is of: reviewer pages and the transparency report
 * (docs/decisions/054). A new review that changed nothing public still changes the report.
 */
export const REVIEW_COUNTS_SCOPES = ['reviewer', 'transparency'] as const;

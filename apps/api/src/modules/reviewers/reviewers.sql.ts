import { sql, type SQL } from 'drizzle-orm';
import { entities, reviews } from '../../db/schema';

// The reviewer pages' SQL rule, shared with the sitemap (docs/decisions/054).

/**
 * What a reviewer page shows and counts: the author's published reviews that are not anonymous,
 * of companies the public sees (approved). The one rule for the list, the counts and the sitemap.
 */
export const shownOnReviewerPage = (reviewerId: SQL | string): SQL =>
  sql`${reviews.reviewerUserId} = ${reviewerId} AND ${reviews.status} = 'approved'
    AND NOT ${reviews.isAnonymous}
    AND EXISTS (SELECT 1 FROM ${entities} shown_entity WHERE shown_entity.id = ${reviews.entityId}
      AND shown_entity.verification_status = 'approved')`;

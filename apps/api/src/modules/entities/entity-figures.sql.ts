import { sql, type SQL } from 'drizzle-orm';
import { entities } from '../../db/schema';

/**
 * The entity's own figures are written here, by the entities module, whoever counts them
 * (apps/api/README.md "Module file roles": other modules' repositories import a `.sql.ts`, never a
 * repository). The TrustScore's recount (reviews/trust/trust.repository.ts) runs this as a part
 * of its one statement, so the review's transaction still takes one round trip.
 */

/**
 * `UPDATE entities …` setting the review figures: reputation_score (the TrustScore), and
 * total_reviews, invited_reviews and rating_counts from `counts` (a CTE with `total`, `invited`
 * and `by_stars`).
 */
export function setEntityReviewFigures(
  entityId: string,
  trustScore: number | null,
  counts: SQL,
): SQL {
  return sql`
    UPDATE ${entities} SET
      reputation_score = ${trustScore}::numeric,
      total_reviews = ${counts}.total,
      invited_reviews = ${counts}.invited,
      rating_counts = ${counts}.by_stars,
      updated_at = now()
    FROM ${counts}
    WHERE id = ${entityId}::uuid`;
}

/** One more visitor sent to the company's sign-up page by 'Join'. */
export function addJoinClick(entityId: string): SQL {
  return sql`
    UPDATE ${entities} SET join_click_count = join_click_count + 1
    WHERE id = ${entityId}::uuid`;
}

import { sql, type SQL } from 'drizzle-orm';
import { REPORT_REASONS } from '@trustlinks/contract/reviews';
import type { DbOrTx } from '../../db/client';
import { adminActions, entityWarningEvents, reviewReports, reviews } from '../../db/schema';

// The transparency report's figures, read from the audit trail (docs/decisions/054): reviews'
// own times and hold reasons, the admins' decisions (admin_actions), reports (review_reports)
// and warning events (entity_warning_events).

/** A time's month, in UTC, as YYYY-MM. */
const monthOf = (column: SQL) =>
  sql`to_char(date_trunc('month', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM')`;

/**
 * Why the review `r` was removed: the reason most of its reports gave (ties: the reasons' order
 * in REPORT_REASONS), else why the swarm guard held it, else the moderators' own review. The one
 * rule for the monthly report and the company's counts.
 */
const removalReason = sql`CASE
  WHEN top_report.reason IS NOT NULL THEN 'report_' || top_report.reason
  WHEN r.hold_reason IS NOT NULL THEN 'hold_' || r.hold_reason
  ELSE 'moderation' END`;
const topReport = sql`LEFT JOIN LATERAL (
    SELECT rr.reason FROM ${reviewReports} rr WHERE rr.review_id = r.id
    GROUP BY rr.reason
    ORDER BY count(*) DESC, array_position(ARRAY[${sql.join(
      REPORT_REASONS.map((reason) => sql`${reason}`),
      sql`, `,
    )}]::text[], rr.reason)
    LIMIT 1) top_report ON true`;

/** One figure: its kind, month, key (a reason or action, '' if none), count and value. */
export interface FigureRow {
  kind:
    | 'submitted'
    | 'published'
    | 'held'
    | 'removed'
    | 'reported'
    | 'report_decided'
    | 'warning'
    | 'decisions';
  month: string;
  key: string;
  count: number;
  /** The median hours of 'decisions'. */
  value: number | null;
}

const REVIEW_DECISIONS = sql`('review_approved', 'review_rejected', 'review_flagged')`;

/** Every figure of the months from `since` (a month's first instant, UTC) on, in one round trip. */
export async function monthlyFigures(db: DbOrTx, since: Date): Promise<FigureRow[]> {
  const from = since.toISOString();
  const result = await db.execute(sql`
    SELECT 'submitted' AS kind, ${monthOf(sql`r.created_at`)} AS month, '' AS key,
      count(*)::int AS count, NULL::float8 AS value
    FROM ${reviews} r WHERE r.created_at >= ${from} GROUP BY 2
    UNION ALL
    SELECT 'published', ${monthOf(sql`r.published_at`)}, '', count(*)::int, NULL
    FROM ${reviews} r WHERE r.published_at >= ${from} GROUP BY 2
    UNION ALL
    SELECT 'held', ${monthOf(sql`r.created_at`)}, r.hold_reason, count(*)::int, NULL
    FROM ${reviews} r WHERE r.created_at >= ${from} AND r.hold_reason IS NOT NULL GROUP BY 2, 3
    UNION ALL
    SELECT 'removed', removals.month, removals.reason, count(*)::int, NULL FROM (
      SELECT DISTINCT ${monthOf(sql`a.created_at`)} AS month, r.id, ${removalReason} AS reason
      FROM ${adminActions} a
      JOIN ${reviews} r ON r.id = a.target_review_id
      ${topReport}
      WHERE a.action = 'review_rejected' AND a.created_at >= ${from}
    ) removals GROUP BY 2, 3
    UNION ALL
    SELECT 'reported', ${monthOf(sql`rr.created_at`)}, '', count(*)::int, NULL
    FROM ${reviewReports} rr WHERE rr.created_at >= ${from} GROUP BY 2
    UNION ALL
    SELECT 'report_decided', ${monthOf(sql`rr.resolved_at`)}, '', count(*)::int, NULL
    FROM ${reviewReports} rr WHERE rr.resolved_at >= ${from} GROUP BY 2
    UNION ALL
    SELECT 'warning', ${monthOf(sql`e.created_at`)}, e.action, count(*)::int, NULL
    FROM ${entityWarningEvents} e WHERE e.created_at >= ${from} GROUP BY 2, 3
    UNION ALL
    SELECT 'decisions', ${monthOf(sql`first.decided_at`)}, '', count(*)::int,
      percentile_cont(0.5) WITHIN GROUP (
        ORDER BY extract(epoch FROM first.decided_at - r.created_at) / 3600)
    FROM (
      SELECT a.target_review_id, min(a.created_at) AS decided_at FROM ${adminActions} a
      WHERE a.target_review_id IS NOT NULL AND a.action IN ${REVIEW_DECISIONS}
        AND a.target_review_id IN (SELECT recent.target_review_id FROM ${adminActions} recent
          WHERE recent.target_review_id IS NOT NULL AND recent.created_at >= ${from})
      GROUP BY a.target_review_id
    ) first
    JOIN ${reviews} r ON r.id = first.target_review_id
    WHERE first.decided_at >= ${from}
    GROUP BY 2`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => ({
    kind: row.kind as FigureRow['kind'],
    month: String(row.month),
    key: String(row.key ?? ''),
    count: Number(row.count),
    value: row.value === null || row.value === undefined ? null : Number(row.value),
  }));
}

/** The entity's reviews that stand removed (rejected), counted by removal reason. */
export async function entityRemovalCounts(
  db: DbOrTx,
  entityId: string,
): Promise<{ reason: string; count: number }[]> {
  const result = await db.execute(sql`
    SELECT ${removalReason} AS reason, count(*)::int AS count
    FROM ${reviews} r
    ${topReport}
    WHERE r.entity_id = ${entityId} AND r.status = 'rejected'
    GROUP BY 1`);
  const rows = (result as unknown as { rows: { reason: string; count: number | string }[] }).rows;
  return rows.map((row) => ({ reason: row.reason, count: Number(row.count) }));
}

import { sql, type SQL } from 'drizzle-orm';
import { SUB1_NONE, SUB1_OTHER } from '@trustlinks/contract/results';
import type { DbOrTx } from '../../db/client';
import { trackingDaily } from '../../db/schema';
import { UTC_TODAY } from '../../lib/sql';

// The roll-up's one write, shared by this module's service and the tracking path's repository
// (applications: the click's and the conversion's statement), so that no repository imports a
// service.
/**
 * The sub1 bucket of a click or conversion today: its own value while the application has fewer
 * than `perDay` distinct sub1 rows that day (or already has this one), else the shared "other"
 * bucket. Read on the primary key's (application_id, day) prefix, inside the statement that
 * writes the roll-up (no round trip of its own). Parallel first uses may pass the limit by a few:
 * it bounds growth, it is not an exact quota.
 */
function sub1Bucket(applicationId: string, sub1: string | null, perDay: number): SQL {
  if (!sub1) return sql`${SUB1_NONE}::text`;
  return sql`(SELECT CASE WHEN coalesce(bool_or(d.sub1 = ${sub1}::text), false)
                              OR count(*) < ${perDay}::int
                         THEN ${sub1}::text ELSE ${SUB1_OTHER}::text END
              FROM ${trackingDaily} d
              WHERE d.application_id = ${applicationId}::uuid AND d.day = ${UTC_TODAY}
                AND d.sub1 NOT IN (${SUB1_NONE}::text, ${SUB1_OTHER}::text))`;
}

export interface DailyAddition {
  applicationId: string;
  offerId: string;
  affiliateEntityId: string;
  sub1: string | null;
  clicks: number;
  conversions: number;
  payout: number;
}

/**
 * The statement that adds a click or a conversion to today's roll-up row of its application and
 * sub1 bucket; with `onlyIf`, only when that condition holds (a click's statement: when its
 * insert counted it, recordTrackingClick).
 */
export function dailyAdditionSql(values: DailyAddition, sub1PerDay: number, onlyIf?: SQL): SQL {
  return sql`INSERT INTO ${trackingDaily}
      (application_id, day, sub1, offer_id, affiliate_entity_id, clicks, conversions, payout)
    SELECT ${values.applicationId}::uuid, ${UTC_TODAY},
      ${sub1Bucket(values.applicationId, values.sub1, sub1PerDay)},
      ${values.offerId}::uuid, ${values.affiliateEntityId}::uuid, ${values.clicks}::int,
      ${values.conversions}::int, ${values.payout}::numeric
    ${onlyIf ? sql`WHERE ${onlyIf}` : sql``}
    ON CONFLICT (application_id, day, sub1) DO UPDATE SET
      clicks = ${trackingDaily}.clicks + excluded.clicks,
      conversions = ${trackingDaily}.conversions + excluded.conversions,
      payout = ${trackingDaily}.payout + excluded.payout`;
}

/**
 * Adds a click or a conversion to today's roll-up row of its application and sub1 bucket, in
 * the caller's transaction (the conversion's update), in one statement.
 */
export async function addToDaily(
  db: DbOrTx,
  values: DailyAddition,
  sub1PerDay: number,
): Promise<void> {
  await db.execute(dailyAdditionSql(values, sub1PerDay));
}

import { and, between, desc, eq, sql, sum, type SQL } from 'drizzle-orm';
import type { ConversionCounts } from '@trustlinks/contract/conversions';
import { SUB1_NONE, SUB1_OTHER } from '@trustlinks/contract/results';
import type { DbOrTx } from '../../db/client';
import {
  entities,
  offerApplications,
  offers,
  trackingClicks,
  trackingDaily,
} from '../../db/schema';
import { conversionsQuery } from '../applications/conversions.sql';

/**
 * Whose results: one offer's (by affiliate), one affiliate's (by offer) or all the offers of one
 * owner (an advertiser or network; by offer).
 */
export type ResultsScope =
  { offerId: string } | { affiliateEntityId: string } | { ownerEntityId: string };

export interface Sums {
  clicks: number;
  conversions: number;
  payout: number;
}

/**
 * The scope's rows of the period, each on an index range: `(offer_id, day)` for an offer, and for
 * each of an owner's offers (the owner's offers come from `offers_entity_idx`),
 * `(affiliate_entity_id, day)` for an affiliate.
 */
function scopeWhere(scope: ResultsScope, from: string, to: string): SQL {
  const owner =
    'offerId' in scope
      ? eq(trackingDaily.offerId, scope.offerId)
      : 'ownerEntityId' in scope
        ? sql`${trackingDaily.offerId} IN (SELECT o.id FROM ${offers} o
                                             WHERE o.entity_id = ${scope.ownerEntityId}::uuid)`
        : eq(trackingDaily.affiliateEntityId, scope.affiliateEntityId);
  return and(owner, between(trackingDaily.day, from, to))!;
}

const sums = {
  clicks: sql<number>`coalesce(sum(${trackingDaily.clicks}), 0)::int`,
  conversions: sql<number>`coalesce(sum(${trackingDaily.conversions}), 0)::int`,
  payout: sql<number>`coalesce(${sum(trackingDaily.payout)}, 0)::float8`,
};

/** The group's key and label: the affiliate's entity (an offer's results) or the offer. */
function groupColumns(scope: ResultsScope) {
  return 'offerId' in scope
    ? { key: trackingDaily.affiliateEntityId, label: entities.name }
    : { key: trackingDaily.offerId, label: offers.title };
}

function groupJoin(scope: ResultsScope) {
  return 'offerId' in scope
    ? { table: entities, on: eq(entities.id, trackingDaily.affiliateEntityId) }
    : { table: offers, on: eq(offers.id, trackingDaily.offerId) };
}

/** The sums of one answer: per day, per affiliate (or offer) and per sub1 bucket. */
export interface PeriodSums {
  byDay: ({ day: string } & Sums)[];
  groups: ({ key: string; label: string } & Sums)[];
  subIds: ({ sub1: string } & Sums)[];
}

// GROUPING(day, key, sub1) of each grouping set: the bits of the columns it does not group by.
const BY_DAY = 3;
const BY_GROUP = 5;
const BY_SUB1 = 6;

/**
 * The period's sums per day, per affiliate (or offer; most clicks first, at most `limits.groups`)
 * and per sub1 bucket (most clicks first, at most `limits.subIds`), from one read of the scope's
 * index range: one statement groups the roll-up rows three ways (GROUPING SETS), the labels are
 * joined to the groups only, and each list is cut in the database.
 */
export async function periodSums(
  db: DbOrTx,
  scope: ResultsScope,
  from: string,
  to: string,
  limits: { groups: number; subIds: number },
): Promise<PeriodSums> {
  const byOffer = 'offerId' in scope;
  const key = byOffer ? sql`affiliate_entity_id` : sql`offer_id`;
  const label = byOffer
    ? sql`(SELECT e.name FROM ${entities} e WHERE e.id = s.key)`
    : sql`(SELECT o.title FROM ${offers} o WHERE o.id = s.key)`;
  const result = await db.execute(sql`
    WITH s AS (
      SELECT GROUPING(day, ${key}, sub1) AS set, day, ${key} AS key, sub1,
             sum(clicks)::int AS clicks, sum(conversions)::int AS conversions,
             sum(payout)::float8 AS payout
      FROM ${trackingDaily}
      WHERE ${scopeWhere(scope, from, to)}
      GROUP BY GROUPING SETS ((day), (${key}), (sub1))
    ), labelled AS (
      SELECT s.*, CASE WHEN s.set = ${BY_GROUP} THEN ${label} END AS label FROM s
    ), ranked AS (
      SELECT labelled.*, row_number() OVER (
        PARTITION BY set ORDER BY clicks DESC, label, key, sub1
      ) AS n
      FROM labelled
    )
    SELECT set, day::text AS day, key::text AS key, label, sub1, clicks, conversions, payout
    FROM ranked
    WHERE set = ${BY_DAY}
       OR (set = ${BY_GROUP} AND n <= ${limits.groups})
       OR (set = ${BY_SUB1} AND n <= ${limits.subIds})
    ORDER BY set, day, n`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const out: PeriodSums = { byDay: [], groups: [], subIds: [] };
  for (const r of rows) {
    const s: Sums = {
      clicks: Number(r.clicks),
      conversions: Number(r.conversions),
      payout: Number(r.payout),
    };
    const set = Number(r.set);
    if (set === BY_DAY) out.byDay.push({ day: String(r.day), ...s });
    else if (set === BY_GROUP) {
      out.groups.push({ key: String(r.key), label: String(r.label ?? ''), ...s });
    } else if (set === BY_SUB1) out.subIds.push({ sub1: String(r.sub1), ...s });
  }
  return out;
}

/** Sums per day and affiliate (or offer), by day then label, at most `limit`. */
export function sumsByDayAndGroup(
  db: DbOrTx,
  scope: ResultsScope,
  from: string,
  to: string,
  limit: number,
) {
  const g = groupColumns(scope);
  const j = groupJoin(scope);
  return db
    .select({
      day: sql<string>`${trackingDaily.day}::text`,
      key: sql<string>`${g.key}::text`,
      label: g.label,
      ...sums,
    })
    .from(trackingDaily)
    .innerJoin(j.table, j.on)
    .where(scopeWhere(scope, from, to))
    .groupBy(trackingDaily.day, g.key, g.label)
    .orderBy(trackingDaily.day, g.label, g.key)
    .limit(limit);
}

/**
 * Recomputes the roll-ups of some applications (all when none are named) from their clicks:
 * clicks on their UTC day, conversions on the UTC day they were reported (but those over a cap
 * or rejected), a day's sub1 values
 * kept apart in the order they first appeared up to `sub1PerDay`, the rest in the "other" bucket,
 * as the live path keeps them. Used by the demo seed and the bench after set-based click inserts,
 * and by the tests to check the live roll-ups against the raw rows.
 */
export async function rebuildDaily(
  db: DbOrTx,
  sub1PerDay: number,
  applicationIds?: readonly string[],
): Promise<void> {
  const only = (column: SQL) =>
    applicationIds
      ? sql`${column} IN (${sql.join(
          applicationIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`true`;
  await db.execute(sql`DELETE FROM tracking_daily WHERE ${only(sql`application_id`)}`);
  await db.execute(sql`
    WITH events AS (
      SELECT application_id, offer_id, (created_at AT TIME ZONE 'UTC')::date AS day,
             coalesce(sub1, '') AS sub1, created_at AS at, 1 AS clicks, 0 AS conversions,
             0::numeric AS payout
      FROM tracking_clicks WHERE ${only(sql`application_id`)}
      UNION ALL
      SELECT application_id, offer_id, (converted_at AT TIME ZONE 'UTC')::date,
             coalesce(sub1, ''), converted_at, 0, 1, coalesce(payout, 0)
      FROM tracking_clicks
      -- Over a cap or rejected: not in the paid figures (docs/decisions/049).
      WHERE converted_at IS NOT NULL AND NOT over_cap AND conversion_status <> 'rejected'
        AND ${only(sql`application_id`)}
    ), firsts AS (
      SELECT application_id, day, sub1, min(at) AS first_at
      FROM events WHERE sub1 <> '' GROUP BY 1, 2, 3
    ), ranked AS (
      SELECT application_id, day, sub1,
             row_number() OVER (PARTITION BY application_id, day ORDER BY first_at, sub1) AS n
      FROM firsts
    )
    INSERT INTO tracking_daily
      (application_id, day, sub1, offer_id, affiliate_entity_id, clicks, conversions, payout)
    SELECT e.application_id, e.day,
           CASE WHEN e.sub1 = '' THEN ${SUB1_NONE}
                WHEN r.n <= ${sub1PerDay} THEN e.sub1 ELSE ${SUB1_OTHER} END,
           e.offer_id, a.entity_id, sum(e.clicks), sum(e.conversions), sum(e.payout)
    FROM events e
    JOIN offer_applications a ON a.id = e.application_id
    LEFT JOIN ranked r USING (application_id, day, sub1)
    GROUP BY 1, 2, 3, 4, 5`);
}

/**
 * The scope's conversions that arrived in the period (UTC days, both included), on the
 * `(offer_id, converted_at)` and `(application_id, converted_at)` indexes
 * (docs/decisions/049-caps-and-postback-tooling.md).
 */
function conversionsWhere(scope: ResultsScope, from: string, to: string): SQL {
  const c = trackingClicks;
  const owner =
    'offerId' in scope
      ? eq(c.offerId, scope.offerId)
      : 'ownerEntityId' in scope
        ? sql`${c.offerId} IN (SELECT o.id FROM ${offers} o
                                 WHERE o.entity_id = ${scope.ownerEntityId}::uuid)`
        : sql`${c.applicationId} IN (SELECT a.id FROM ${offerApplications} a
                                       WHERE a.entity_id = ${scope.affiliateEntityId}::uuid)`;
  return and(
    owner,
    sql`${c.convertedAt} >= (${from}::date)::timestamp AT TIME ZONE 'UTC'`,
    sql`${c.convertedAt} < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
  )!;
}

/** The period's conversions by status (over-cap ones apart, whatever their status). */
export async function conversionCounts(
  db: DbOrTx,
  scope: ResultsScope,
  from: string,
  to: string,
): Promise<ConversionCounts> {
  const c = trackingClicks;
  const paidOnArrival = (status: string) =>
    sql<number>`(count(*) FILTER (WHERE NOT ${c.overCap} AND ${c.conversionStatus} = ${status}))::int`;
  const [row] = await db
    .select({
      pending: paidOnArrival('pending'),
      approved: paidOnArrival('approved'),
      rejected: paidOnArrival('rejected'),
      paid: paidOnArrival('paid'),
      over_cap: sql<number>`(count(*) FILTER (WHERE ${c.overCap}))::int`,
    })
    .from(c)
    .where(conversionsWhere(scope, from, to));
  return row ?? { pending: 0, approved: 0, rejected: 0, paid: 0, over_cap: 0 };
}

/** The period's conversions, newest first, at most `limit`. */
export function listConversions(
  db: DbOrTx,
  scope: ResultsScope,
  from: string,
  to: string,
  limit: number,
) {
  return conversionsQuery(db)
    .where(conversionsWhere(scope, from, to))
    .orderBy(desc(trackingClicks.convertedAt), desc(trackingClicks.id))
    .limit(limit);
}

import { eq, sql, type SQL } from 'drizzle-orm';
import { COMPANY_TYPES } from '@trustlinks/contract/constants';
import { LANDING_LIMITS } from '@trustlinks/contract/landing';
import type { DbOrTx } from '../../db/client';
import {
  affiliateCompanies,
  affiliateCompanyCounts,
  entities,
  offerColumns,
  offers,
  type AffiliateCompanyRow,
} from '../../db/schema';
import type { TrustFacts } from '../entities/trust-context.presenter';
import { publiclyVisible, type OfferWithEntity } from '../offers/offers.sql';
import { underWarningSql } from '../warnings/under-warning.sql';

const CAP = LANDING_LIMITS.countCap;

/** Rows of `query` counted up to the cap: each figure costs at most CAP index entries. */
async function cappedCount(db: DbOrTx, query: SQL): Promise<number> {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS n FROM (${query} LIMIT ${CAP}) capped`,
  )) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** The landing's figures (LandingFigures), each counted along an index and capped. */
export async function countFigures(db: DbOrTx) {
  const [approved, database, published, active, connections, countries] = await Promise.all([
    cappedCount(db, sql`SELECT 1 FROM entities WHERE verification_status = 'approved'`),
    db
      .select({ n: sql<number>`coalesce(sum(${affiliateCompanyCounts.total}), 0)::int` })
      .from(affiliateCompanyCounts)
      .then(([row]) => Number(row?.n ?? 0)),
    cappedCount(db, sql`SELECT 1 FROM reviews WHERE status = 'approved'`),
    cappedCount(db, sql`SELECT 1 FROM ${offers} WHERE ${publiclyVisible()}`),
    cappedCount(db, sql`SELECT 1 FROM offer_applications WHERE status = 'approved'`),
    // Distinct target countries of the visible offers (at most CAP offers are read).
    db
      .execute(
        sql`SELECT count(DISTINCT g)::int AS n FROM (
              SELECT ${offers.targetGeo} AS geos FROM ${offers}
              WHERE ${publiclyVisible()} LIMIT ${CAP}) o, unnest(o.geos) g`,
      )
      .then((r) => Number((r as { rows: { n: number }[] }).rows[0]?.n ?? 0)),
  ]);
  return {
    approved_companies: approved,
    database_companies: database,
    published_reviews: published,
    active_offers: active,
    connections,
    countries,
  };
}

/**
 * The most clicked visible offers (offers_clicks_idx), ties newest id first, each with its owner's
 * trust facts. Those of a company under a public warning come after all others (and are marked:
 * docs/decisions/051-trust-context.md): the 4 × `limit` most clicked are read along the index,
 * then ordered so (a warned offer shows only when fewer unwarned ones are among them).
 */
export async function topOffers(
  db: DbOrTx,
  limit: number,
): Promise<(OfferWithEntity & { ownerTrust: TrustFacts })[]> {
  const rows = await db
    .select({
      offer: offerColumns,
      entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      ownerTrust: {
        reputationScore: entities.reputationScore,
        totalReviews: entities.totalReviews,
        verificationStatus: entities.verificationStatus,
        warned: underWarningSql(offers.entityId),
      },
    })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(publiclyVisible())
    .orderBy(sql`${offers.clickCount} desc nulls last`, sql`${offers.id} desc nulls last`)
    .limit(limit * 4);
  // A stable sort: the unwarned first, each group in the index's order.
  return [...rows]
    .sort((a, b) => Number(a.ownerTrust.warned) - Number(b.ownerTrust.warned))
    .slice(0, limit);
}

/** The first company of each type in the database's order (its type sort index). */
export async function teaserCompanies(db: DbOrTx): Promise<AffiliateCompanyRow[]> {
  const rows = await Promise.all(
    COMPANY_TYPES.map((type) =>
      db
        .select()
        .from(affiliateCompanies)
        .where(eq(affiliateCompanies.entityType, type))
        .orderBy(sql`lower(${affiliateCompanies.companyName}) COLLATE "C"`, affiliateCompanies.id)
        .limit(1),
    ),
  );
  return rows.flat();
}

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
import { publiclyVisible, type OfferWithEntity } from '../offers/offers.sql';

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

/** The most clicked visible offers (offers_clicks_idx), ties newest id first. */
export async function topOffers(db: DbOrTx, limit: number): Promise<OfferWithEntity[]> {
  return db
    .select({
      offer: offerColumns,
      entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
    })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(publiclyVisible())
    .orderBy(sql`${offers.clickCount} desc nulls last`, sql`${offers.id} desc nulls last`)
    .limit(limit);
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

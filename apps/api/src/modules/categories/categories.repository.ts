import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { EntityType } from '@trustlinks/contract/constants';
import type { DbOrTx } from '../../db/client';
import { entities, offers, type EntityRow } from '../../db/schema';
import { publiclyVisible } from '../offers/offers.sql';
import { FACET_METADATA_KEYS, type FacetKind, type OfferFacets } from './categories.presenter';

// Categories and comparison (docs/decisions/055-categories-and-compare.md).

/** An approved entity ('approved' written into the SQL: the rank index is partial on it). */
const approved = sql`${entities.verificationStatus} = 'approved'`;

/** The rank of a category page: TrustScore, then more reviews, then by name (entities_category_rank_idx). */
const RANK = [
  desc(entities.reputationScore),
  desc(entities.totalReviews),
  asc(entities.name),
  asc(entities.id),
];

/** One of the entity's own lists (FACET_METADATA_KEYS) holds the value, case-insensitively. */
function metadataHas(key: string, value: string): SQL {
  const list = sql`${entities.entityMetadata} -> ${key}`;
  return sql`exists (select 1 from jsonb_array_elements_text(
    case when jsonb_typeof(${list}) = 'array' then ${list} else '[]'::jsonb end) as item(value)
    where lower(item.value) = lower(${value}))`;
}

/**
 * What the facet compares in one of the entity's public offers (read along offers_entity_active_idx:
 * a partial index of public offers led by the entity was taken by the planner for the explorer's
 * filters, docs/decisions/055).
 */
const OFFER_MATCH: Record<FacetKind, (value: string) => SQL> = {
  vertical: (value) => sql`lower(${offers.category}) = lower(${value})`,
  geo: (value) => sql`upper(${value}) = any(${offers.targetGeo})`,
  payout: (value) => sql`lower(${offers.payoutType}) = lower(${value})`,
};

/**
 * The entity works in `value` of the facet: one of its public offers says so, or one of its own
 * lists does (the rule companyFacets shows).
 */
export function facetMatches(kind: FacetKind, value: string): SQL {
  const offer = sql`exists (select 1 from ${offers} where ${offers.entityId} = ${entities.id}
    and ${publiclyVisible()} and ${OFFER_MATCH[kind](value)})`;
  const own = FACET_METADATA_KEYS[kind].map((key) => metadataHas(key, value));
  return sql`(${sql.join([offer, ...own], sql` or `)})`;
}

export interface CategoryFilters {
  type: EntityType;
  /** A vertical's name, or null for every vertical. */
  vertical: string | null;
  geo: string | undefined;
  payout: string | undefined;
  minReviews: number;
}

/**
 * One page of a category in rank order: `limit + 1` rows read, so the caller knows whether
 * another page follows without counting them all.
 */
export async function pageCategory(
  db: DbOrTx,
  filters: CategoryFilters,
  page: number,
  limit: number,
): Promise<EntityRow[]> {
  return db
    .select()
    .from(entities)
    .where(
      and(
        approved,
        eq(entities.entityType, filters.type),
        filters.minReviews > 0 ? gte(entities.totalReviews, filters.minReviews) : undefined,
        filters.vertical ? facetMatches('vertical', filters.vertical) : undefined,
        filters.geo ? facetMatches('geo', filters.geo) : undefined,
        filters.payout ? facetMatches('payout', filters.payout) : undefined,
      ),
    )
    .orderBy(...RANK)
    .limit(limit + 1)
    .offset((page - 1) * limit);
}

/** The top-ranked approved entities of a type with at least one published review. */
export async function topRanked(db: DbOrTx, type: EntityType, limit: number): Promise<EntityRow[]> {
  return db
    .select()
    .from(entities)
    .where(and(approved, eq(entities.entityType, type), gte(entities.totalReviews, 1)))
    .orderBy(...RANK)
    .limit(limit);
}

/** The categories, GEOs and payout models of each entity's public offers. */
export async function offerFacets(
  db: DbOrTx,
  entityIds: readonly string[],
): Promise<Map<string, OfferFacets>> {
  const found = new Map<string, OfferFacets>();
  if (entityIds.length === 0) return found;
  const rows = await db
    .select({
      entityId: offers.entityId,
      categories: sql<string[]>`array_agg(distinct ${offers.category})`,
      payoutTypes: sql<string[]>`array_agg(distinct ${offers.payoutType})`,
      geos: sql<string[]>`array_remove(array_agg(distinct geo.code), null)`,
    })
    .from(offers)
    .leftJoin(sql`lateral unnest(${offers.targetGeo}) as geo(code)`, sql`true`)
    .where(and(inArray(offers.entityId, [...entityIds]), publiclyVisible()))
    .groupBy(offers.entityId);
  for (const row of rows) found.set(row.entityId, row);
  return found;
}

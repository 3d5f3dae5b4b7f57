import { eq, sql, type SQL } from 'drizzle-orm';
import { publiclyVisible } from '../offers/offers.sql';
import type { DbOrTx } from '../../db/client';
import { entities, entitySlugHistory, offerSlugHistory, offers, users } from '../../db/schema';
import { REVIEWER_PROFILE_LIMITS } from '@trustlinks/contract/reviewers';
import { shownOnReviewerPage } from '../reviewers/reviewers.sql';

/** What an address resolves to: the row's current slug and whether the public may see it. */
export interface AddressTarget {
  slug: string;
  status: string;
}

/** The entity named by a uuid, its current slug or an old one (index lookups only). */
export async function findEntityTarget(
  db: DbOrTx,
  by: { id: string } | { slug: string },
): Promise<AddressTarget | undefined> {
  const columns = { slug: entities.slug, status: entities.verificationStatus };
  if ('id' in by) {
    const [row] = await db.select(columns).from(entities).where(eq(entities.id, by.id)).limit(1);
    return row;
  }
  const [row] = await db.select(columns).from(entities).where(eq(entities.slug, by.slug)).limit(1);
  if (row) return row;
  const [old] = await db
    .select(columns)
    .from(entitySlugHistory)
    .innerJoin(entities, eq(entities.id, entitySlugHistory.entityId))
    .where(eq(entitySlugHistory.slug, by.slug))
    .limit(1);
  return old;
}

/** The offer named by a uuid, its current slug or an old one (index lookups only). */
export async function findOfferTarget(
  db: DbOrTx,
  by: { id: string } | { slug: string },
): Promise<AddressTarget | undefined> {
  const columns = { slug: offers.slug, status: offers.offerStatus };
  if ('id' in by) {
    const [row] = await db.select(columns).from(offers).where(eq(offers.id, by.id)).limit(1);
    return row;
  }
  const [row] = await db.select(columns).from(offers).where(eq(offers.slug, by.slug)).limit(1);
  if (row) return row;
  const [old] = await db
    .select(columns)
    .from(offerSlugHistory)
    .innerJoin(offers, eq(offers.id, offerSlugHistory.offerId))
    .where(eq(offerSlugHistory.slug, by.slug))
    .limit(1);
  return old;
}

/** The badge's figures of an entity, by its current slug. */
export async function findBadgeEntity(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({
      id: entities.id,
      name: entities.name,
      slug: entities.slug,
      status: entities.verificationStatus,
      reputationScore: entities.reputationScore,
      totalReviews: entities.totalReviews,
    })
    .from(entities)
    .where(eq(entities.slug, slug))
    .limit(1);
  return row;
}

/**
 * What an offer's link-preview picture shows, by the offer's current slug, and whether the public
 * may see it (the offers' public rule, and an approved owner).
 */
export async function findOgOffer(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({
      title: offers.title,
      category: offers.category,
      targetGeo: offers.targetGeo,
      payoutType: offers.payoutType,
      payoutAmount: offers.payoutAmount,
      payoutPercent: offers.payoutPercent,
      entityId: offers.entityId,
      entityName: entities.name,
      visible: sql<boolean>`(${publiclyVisible()}) AND ${entities.verificationStatus} = 'approved'`,
    })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(eq(offers.slug, slug))
    .limit(1);
  return row;
}

export type SitemapKind = 'entities' | 'offers' | 'reviewers';

/**
 * What a sitemap lists, as FROM … WHERE: approved entities; active, unexpired offers of approved
 * entities (the offers' public rule, offers.repository publiclyVisible). Both walk their partial
 * index in slug order (entities_sitemap_idx, offers_sitemap_idx); reviewers whose page is
 * indexed (docs/decisions/054: active, not hidden, with enough published, non-anonymous reviews).
 */
function listed(kind: SitemapKind): { slug: SQL; updatedAt: SQL; from: SQL } {
  if (kind === 'reviewers') {
    return {
      slug: sql`${users.profileSlug}`,
      updatedAt: sql`${users.updatedAt}`,
      from: sql`${users} WHERE ${users.status} = 'active' AND NOT ${users.profileHidden}
        AND (SELECT count(*) FROM (SELECT 1 FROM reviews
          WHERE ${shownOnReviewerPage(sql`${users.id}`)}
          LIMIT ${REVIEWER_PROFILE_LIMITS.indexMinReviews}) shown)
          >= ${REVIEWER_PROFILE_LIMITS.indexMinReviews}`,
    };
  }
  if (kind === 'entities') {
    return {
      slug: sql`${entities.slug}`,
      updatedAt: sql`${entities.updatedAt}`,
      from: sql`${entities} WHERE ${entities.verificationStatus} = 'approved'`,
    };
  }
  return {
    slug: sql`${offers.slug}`,
    updatedAt: sql`${offers.updatedAt}`,
    from: sql`${offers} INNER JOIN ${entities} ON ${entities.id} = ${offers.entityId}
      WHERE ${offers.offerStatus} = 'active'
        AND (${offers.expiresAt} IS NULL OR ${offers.expiresAt} > now())
        AND ${entities.verificationStatus} = 'approved'`,
  };
}

export interface SitemapPageBounds {
  /** The page's first slug: the page is the `size` listed rows from it on (keyset). */
  first: string;
  lastmod: Date;
}

/**
 * The pages of `size` rows a sitemap of `kind` splits into, each with its first slug and its
 * newest change: one ordered walk of the index (cached by the caller), so that reading page N is
 * then a keyset read from its first slug, never an OFFSET over the rows before it.
 */
export async function sitemapPages(
  db: DbOrTx,
  kind: SitemapKind,
  size: number,
): Promise<SitemapPageBounds[]> {
  const { slug, updatedAt, from } = listed(kind);
  const result = (await db.execute(sql`
    SELECT min(slug) AS first, extract(epoch FROM max(updated_at))::float8 AS lastmod
    FROM (
      SELECT ${slug} AS slug, ${updatedAt} AS updated_at,
        (row_number() OVER (ORDER BY ${slug}) - 1) / ${size} AS page
      FROM ${from}
    ) numbered
    GROUP BY page
    ORDER BY page`)) as unknown as { rows: { first: string; lastmod: number | string }[] };
  return result.rows.map((row) => ({
    first: row.first,
    lastmod: new Date(Number(row.lastmod) * 1000),
  }));
}

/** Up to `size` listed rows from slug `first` on, in slug order (a keyset read). */
export async function sitemapRows(
  db: DbOrTx,
  kind: SitemapKind,
  first: string,
  size: number,
): Promise<{ slug: string; lastmod: Date }[]> {
  const { slug, updatedAt, from } = listed(kind);
  const result = (await db.execute(sql`
    SELECT ${slug} AS slug, extract(epoch FROM ${updatedAt})::float8 AS lastmod
    FROM ${from} AND ${slug} >= ${first}
    ORDER BY ${slug}
    LIMIT ${size}`)) as unknown as { rows: { slug: string; lastmod: number | string }[] };
  return result.rows.map((row) => ({
    slug: row.slug,
    lastmod: new Date(Number(row.lastmod) * 1000),
  }));
}

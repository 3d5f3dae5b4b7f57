import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OFFER_LIMITS } from '@trustlinks/contract/offers';
import type { DbOrTx } from '../../db/client';
import { plannerRowEstimate } from '../../lib/planner-estimates';
import { entities, offers, type EntityRow, type OfferRow } from '../../db/schema';
import { containsPattern } from '../../lib/sql';

export type OfferWithEntity = { offer: OfferRow; entity: Pick<EntityRow, 'name' | 'entityType'> };

/**
 * Totals of the explorer stop here ("1,000+"); see docs/decisions/006-capped-totals.md.
 * Counting costs one row read per match, so the cap bounds the work of a count.
 */
export const OFFER_COUNT_CAP = OFFER_LIMITS.countCap;

/**
 * From this planner estimate of matches on, a total is reported as capped without counting:
 * the estimate is a statistic, so the margin over the cap keeps a wrong guess from claiming
 * "1,000+" for a list that is really shorter.
 */
export const OFFER_ESTIMATE_TRUSTED_FROM = 2 * OFFER_COUNT_CAP;

/** Offer-side visibility: active and not expired (the entity must also be approved). */
const activeNotExpired = (): SQL =>
  and(
    eq(offers.offerStatus, 'active'),
    sql`(${offers.expiresAt} IS NULL OR ${offers.expiresAt} > now())`,
  )!;

/** What the public may see: active, not expired, of an approved entity. */
export const publiclyVisible = (): SQL =>
  and(activeNotExpired(), eq(entities.verificationStatus, 'approved'))!;

export interface OfferFilters {
  title?: string | undefined;
  geo?: string[] | undefined;
  category?: string[] | undefined;
}

function offerFilterSql(f: OfferFilters): SQL | undefined {
  return and(
    f.title ? sql`${offers.title} ILIKE ${containsPattern(f.title)}` : undefined,
    f.geo?.length ? sql`${offers.targetGeo} && ${sql.param(f.geo)}::text[]` : undefined,
    f.category?.length
      ? inArray(
          sql`lower(${offers.category})`,
          f.category.map((c) => c.toLowerCase()),
        )
      : undefined,
  );
}

const filterSql = (f: OfferFilters): SQL => and(publiclyVisible(), offerFilterSql(f))!;

/**
 * Newest first, written exactly as offers_active_feed_idx is declared (DESC NULLS LAST; the
 * columns are NOT NULL, so the order is the same) — otherwise the index cannot serve it.
 */
const newestFirst = [sql`${offers.createdAt} desc nulls last`, sql`${offers.id} desc nulls last`];

/**
 * A page of the explorer, newest first. Returned unrun, so a test can EXPLAIN it.
 *
 * Without a title or GEO filter the page is read straight along offers_active_feed_idx (or the
 * category index): few rows are skipped. With one, a common word is found by walking the feed
 * index and checking each entry, so the page's ids are chosen in a subquery that reads only
 * columns of that index (an index-only scan: ~0.5 µs an entry instead of a table read), and full
 * rows are read for the page only. A rare title or GEO goes through the trigram or GIN index.
 * (The subquery costs more to plan, so the plain form is kept where it brings nothing.)
 */
export function visibleOffersQuery(
  db: DbOrTx,
  filters: OfferFilters,
  limit: number,
  offset: number,
) {
  const columns = {
    offer: offers,
    entity: { name: entities.name, entityType: entities.entityType },
  };
  if (!(filters.title || filters.geo?.length) || filters.category?.length) {
    return db
      .select(columns)
      .from(offers)
      .innerJoin(entities, eq(entities.id, offers.entityId))
      .where(filterSql(filters))
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
  }
  const page = db
    .select({
      id: sql<string>`${offers.id}`.as('page_id'),
      createdAt: sql<Date>`${offers.createdAt}`.as('page_created_at'),
    })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(filterSql(filters))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select(columns)
    .from(page)
    .innerJoin(offers, eq(offers.id, page.id))
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .orderBy(sql`${page.createdAt} desc nulls last`, sql`${page.id} desc nulls last`);
}

export async function listVisibleOffers(
  db: DbOrTx,
  filters: OfferFilters,
  limit: number,
  offset: number,
): Promise<OfferWithEntity[]> {
  return visibleOffersQuery(db, filters, limit, offset);
}

/**
 * The planner's estimate of the offers that match (no row is read). Offer-side conditions only:
 * the approved-entity check would cost a join to plan and changes the figure little.
 */
export async function estimateMatchingOffers(db: DbOrTx, filters: OfferFilters): Promise<number> {
  return plannerRowEstimate(
    db,
    db
      .select({ one: sql`1` })
      .from(offers)
      .where(and(activeNotExpired(), offerFilterSql(filters))),
  );
}

/** Visible matches, counted through the same indexes as the page, stopping at `cap`. */
export async function countVisibleOffersCapped(
  db: DbOrTx,
  filters: OfferFilters,
  cap: number,
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(filterSql(filters))
    .limit(cap)
    .as('capped');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return count?.n ?? 0;
}

export async function findOfferWithEntity(
  db: DbOrTx,
  id: string,
): Promise<(OfferWithEntity & { entityStatus: string }) | undefined> {
  const [row] = await db
    .select({
      offer: offers,
      entity: { name: entities.name, entityType: entities.entityType },
      entityStatus: entities.verificationStatus,
    })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(eq(offers.id, id))
    .limit(1);
  return row;
}

export async function listEntityOffers(
  db: DbOrTx,
  entityId: string,
  options: { publicOnly: boolean; limit: number },
): Promise<OfferWithEntity[]> {
  return (
    db
      .select({ offer: offers, entity: { name: entities.name, entityType: entities.entityType } })
      .from(offers)
      .innerJoin(entities, eq(entities.id, offers.entityId))
      .where(and(eq(offers.entityId, entityId), options.publicOnly ? publiclyVisible() : undefined))
      // As offers_entity_idx is declared (DESC NULLS LAST), so the index serves the order.
      .orderBy(sql`${offers.createdAt} desc nulls last`)
      .limit(options.limit)
  );
}

export async function insertOffer(
  db: DbOrTx,
  values: typeof offers.$inferInsert,
): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  return row!;
}

export async function updateOfferRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof offers.$inferInsert>,
): Promise<OfferRow | undefined> {
  const [row] = await db
    .update(offers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(offers.id, id))
    .returning();
  return row;
}

export async function deleteOfferRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(offers).where(eq(offers.id, id));
}

import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OFFER_LIMITS } from '@trustlinks/contract/offers';
import type { DbOrTx } from '../../db/client';
import { plannerRowEstimate } from '../../lib/planner-estimates';
import {
  entities,
  offerApplications,
  offerChanges,
  offers,
  type EntityRow,
  type OfferRow,
} from '../../db/schema';
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
  countUpTo?: number,
) {
  const columns = {
    offer: offers,
    entity: { name: entities.name, entityType: entities.entityType },
    // The capped count as an uncorrelated scalar subquery: PostgreSQL plans it on its own (the
    // same plan as countVisibleOffersCapped's) and runs it once, so page and total are one
    // statement and one round trip (docs/decisions/016-cpu-per-request.md).
    matches:
      countUpTo === undefined
        ? sql<null>`null::int`
        : sql<number>`(${cappedCountQuery(db, filters, countUpTo)})`,
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

/**
 * A page of the explorer; with `countUpTo`, each row also carries the capped count of all the
 * matches (`matches`, null without it). An empty page carries nothing: count separately.
 */
/**
 * The unfiltered feed's page without a count (the explorer's busiest statement: a kept estimate
 * says "1,000+") as a named prepared statement, one per database handle: drizzle builds its SQL
 * once, and PostgreSQL parses it once per connection and, after five runs, keeps its plan (the
 * walk along offers_active_feed_idx, the same for every page). Behind PgBouncer this needs 1.21+
 * with max_prepared_statements (docs/deployment.md). Title and GEO searches are not prepared: a
 * plan kept for one word would be wrong for another (docs/decisions/016-cpu-per-request.md).
 */
const feedPageStatements = new WeakMap<object, ReturnType<typeof prepareFeedPage>>();

function prepareFeedPage(db: DbOrTx) {
  return db
    .select({
      offer: offers,
      entity: { name: entities.name, entityType: entities.entityType },
      matches: sql<null>`null::int`,
    })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(filterSql({}))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('offers_feed_page');
}

const unfiltered = (f: OfferFilters) => !f.title && !f.geo?.length && !f.category?.length;

/**
 * A page of the explorer; with `countUpTo`, each row also carries the capped count of all the
 * matches (`matches`, null without it). An empty page carries nothing: count separately.
 */
export async function listVisibleOffers(
  db: DbOrTx,
  filters: OfferFilters,
  limit: number,
  offset: number,
  countUpTo?: number,
): Promise<(OfferWithEntity & { matches: number | null })[]> {
  if (countUpTo === undefined && unfiltered(filters)) {
    let statement = feedPageStatements.get(db);
    if (!statement) {
      statement = prepareFeedPage(db);
      feedPageStatements.set(db, statement);
    }
    return statement.execute({ limit, offset });
  }
  return visibleOffersQuery(db, filters, limit, offset, countUpTo);
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
function cappedCountQuery(db: DbOrTx, filters: OfferFilters, cap: number) {
  const capped = db
    .select({ one: sql`1` })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(filterSql(filters))
    .limit(cap)
    .as('capped');
  return db.select({ n: sql<number>`count(*)::int` }).from(capped);
}

export async function countVisibleOffersCapped(
  db: DbOrTx,
  filters: OfferFilters,
  cap: number,
): Promise<number> {
  const [count] = await cappedCountQuery(db, filters, cap);
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

/**
 * The companies running an offer (their applications are approved), at most `limit`: read along
 * offer_applications_open_key (offer_id, entity_id, for open applications).
 */
export async function listApprovedApplicants(
  db: DbOrTx,
  offerId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ entityId: offerApplications.entityId })
    .from(offerApplications)
    .where(and(eq(offerApplications.offerId, offerId), eq(offerApplications.status, 'approved')))
    .limit(limit);
  return rows.map((r) => r.entityId);
}

/** One line of an offer's change audit (offer_changes). */
export async function insertOfferChange(
  db: DbOrTx,
  values: typeof offerChanges.$inferInsert,
): Promise<void> {
  await db.insert(offerChanges).values(values);
}

export async function deleteOfferRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(offers).where(eq(offers.id, id));
}

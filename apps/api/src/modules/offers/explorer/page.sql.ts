import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OFFER_LIMITS, type OfferSort } from '@trustlinks/contract/offers';
import type { DbOrTx } from '../../../db/client';
import {
  entities,
  offerCardColumns,
  offerGeoCounts,
  offerGeoListings,
  offers,
  type OfferCardRow,
} from '../../../db/schema';
import { underWarningSql } from '../../warnings/under-warning.sql';
import { publiclyVisible, type OfferWithEntity } from '../offers.sql';
import {
  bindFilters,
  visible,
  type Binder,
  type BoundFilters,
  type OfferFilters,
} from './filters.sql';
import type { PagePlan } from './plan';

// The explorer's page statements, one per plan (plan.ts PagePlan), and the capped count that
// rides along; explorer.repository.ts runs them.

/**
 * Newest first, written exactly as offers_active_feed_idx is declared (DESC NULLS LAST; the
 * columns are NOT NULL, so the order is the same) — otherwise the index cannot serve it.
 */
export const newestFirst = [
  sql`${offers.createdAt} desc nulls last`,
  sql`${offers.id} desc nulls last`,
];

/** Highest money payout first (RevShare percentages last), as offers_payout_idx is declared. */
export const payoutFirst = [sql`${offers.payoutAmount} desc nulls last`, ...newestFirst];

/** A page row: the offer, its entity's name, type and TrustScore, and a public-warning mark. */
export const pageColumns = (matches: SQL.Aliased<number | null> | SQL<number | null>) => ({
  offer: offerCardColumns,
  entity: {
    name: entities.name,
    slug: entities.slug,
    entityType: entities.entityType,
    reputationScore: entities.reputationScore,
    totalReviews: entities.totalReviews,
    verificationStatus: entities.verificationStatus,
  },
  warned: underWarningSql(offers.entityId),
  matches,
});

export type OfferPageRow = {
  offer: OfferCardRow;
  entity: OfferWithEntity['entity'] & {
    reputationScore: number;
    totalReviews: number;
    verificationStatus: string;
  };
  warned: boolean;
  matches: number | null;
};

/** One category and one GEO, and a payout bound if any, as a GEO listings page binds them. */
export interface ListingKey {
  categoryKey: SQLWrapper;
  geo: SQLWrapper;
  payoutMin?: SQLWrapper | undefined;
  payoutMax?: SQLWrapper | undefined;
}

/**
 * The filters of a GEO listings page (`listsGeo`) as values: its category, GEO and payout bounds,
 * compared as the offers' filters compare them (bindFilters).
 */
function bindGeoListing(f: OfferFilters, b: Binder): ListingKey {
  return {
    categoryKey: b.value('category0', f.category![0]!.toLowerCase(), 'text'),
    geo: b.value('geo0', f.geo![0]!, 'text'),
    payoutMin: f.payoutMin === undefined ? undefined : b.value('payoutMin', f.payoutMin, 'numeric'),
    payoutMax: f.payoutMax === undefined ? undefined : b.value('payoutMax', f.payoutMax, 'numeric'),
  };
}

/** A page's values, bound in the order pageQuery writes them. */
export function bindPage(
  b: Binder,
  filters: OfferFilters,
  limit: number,
  offset: number,
  countUpTo: number | undefined,
  plan: PagePlan,
) {
  return {
    bound: plan === 'geo listings' ? bindGeoListing(filters, b) : bindFilters(filters, b),
    page: { limit: b.count('limit', limit), offset: b.count('offset', offset) },
    cap: countUpTo === undefined ? undefined : b.count('countUpTo', countUpTo),
  };
}

/** Which rows of the matches a page shows. */
type PageWindow = { limit: number | Placeholder; offset: number | Placeholder };

/**
 * A page's statement: one statement per plan (explorer.repository visibleOffersQuery says which
 * serves what), its values bound by bindPage.
 */
export function pageQuery(
  db: DbOrTx,
  b: Binder,
  filters: OfferFilters,
  limit: number,
  offset: number,
  countUpTo: number | undefined,
  sort: OfferSort,
  plan: PagePlan,
) {
  const { bound, page, cap } = bindPage(b, filters, limit, offset, countUpTo, plan);
  if ('geo' in bound) return geoListingsQuery(db, bound, page, cap);
  if (sort === 'best' && bound.words) return bestMatchQuery(db, bound, bound.words, page, cap);
  if (plan === 'few matches' && cap !== undefined) {
    return sharedMatchesQuery(db, bound, page, cap, sort);
  }
  if (sort === 'payout' || !(filters.title || filters.geo?.length) || filters.category?.length) {
    return walkedPageQuery(db, bound, page, cap, sort === 'payout' ? payoutFirst : newestFirst);
  }
  return idsFirstPageQuery(db, bound, page, cap);
}

/** 'Best match': the newest OFFER_LIMITS.rankWindow matches of a word search, ranked. */
function bestMatchQuery(
  db: DbOrTx,
  bound: BoundFilters,
  words: SQL,
  page: PageWindow,
  cap: number | Placeholder | undefined,
) {
  const columns = pageColumns(inlineCount(db, bound, cap));
  const matches = db
    .select({
      id: sql<string>`${offers.id}`.as('match_id'),
      createdAt: sql<Date>`${offers.createdAt}`.as('match_created_at'),
      rank: sql<number>`ts_rank(${offers.searchVector}, ${words})`.as('match_rank'),
    })
    .from(offers)
    .where(visible(bound))
    .orderBy(...newestFirst)
    .limit(OFFER_LIMITS.rankWindow)
    .as('matches');
  const ranked = db
    .select({ id: matches.id, createdAt: matches.createdAt, rank: matches.rank })
    .from(matches)
    .orderBy(sql`${matches.rank} desc`, sql`${matches.createdAt} desc`, sql`${matches.id} desc`)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  return db
    .select(columns)
    .from(ranked)
    .innerJoin(offers, eq(offers.id, ranked.id))
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .orderBy(sql`${ranked.rank} desc`, sql`${ranked.createdAt} desc`, sql`${ranked.id} desc`);
}

/** The page read straight along the index of its order (the feed's, a category's, payout's). */
function walkedPageQuery(
  db: DbOrTx,
  bound: BoundFilters,
  page: PageWindow,
  cap: number | Placeholder | undefined,
  order: SQL[],
) {
  return db
    .select(pageColumns(inlineCount(db, bound, cap)))
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(visible(bound))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

/** A bounded walk's values (boundedWalkQuery), bound in the order it writes them. */
export function bindWalk(
  b: Binder,
  filters: OfferFilters,
  limit: number,
  offset: number,
  walkRows: number,
) {
  const { words } = bindFilters(filters, b);
  if (!words) throw new Error('a bounded walk is a word search');
  return {
    words,
    walkRows: b.count('walkRows', walkRows),
    page: { limit: b.count('limit', limit), offset: b.count('offset', offset) },
  };
}

/**
 * A word search's page read from the newest (or, by payout, the best-paid) `walkRows` visible
 * offers only, in the order of their index (offers_active_feed_idx, offers_payout_idx), each
 * one's words tested; uncounted. When it fills the page, that page is the search's own: the
 * walked offers are the first of the order, so their matches are the first matches. When it
 * does not, the search finds its matches first (plan.ts walkBudget, 'bounded walk'). The words
 * are tested outside the walk's LIMIT, so PostgreSQL cannot fold them into the walk and plan it
 * as it plans an unbounded one, which reads on until the page is full however far that is.
 */
export function boundedWalkQuery(
  db: DbOrTx,
  b: Binder,
  filters: OfferFilters,
  limit: number,
  offset: number,
  walkRows: number,
  sort: OfferSort,
) {
  const bound = bindWalk(b, filters, limit, offset, walkRows);
  const byPayout = sort === 'payout';
  const walked = db
    .select({
      id: sql<string>`${offers.id}`.as('walk_id'),
      createdAt: sql<Date>`${offers.createdAt}`.as('walk_created_at'),
      payout: sql<string | null>`${offers.payoutAmount}`.as('walk_payout'),
      vector: sql<unknown>`${offers.searchVector}`.as('walk_vector'),
    })
    .from(offers)
    .where(publiclyVisible())
    .orderBy(...(byPayout ? payoutFirst : newestFirst))
    .limit(bound.walkRows)
    .as('walked');
  const orderOf = (t: { createdAt: unknown; id: unknown; payout: unknown }) => [
    ...(byPayout ? [sql`${t.payout} desc nulls last`] : []),
    sql`${t.createdAt} desc nulls last`,
    sql`${t.id} desc nulls last`,
  ];
  const page = db
    .select({
      id: sql<string>`${walked.id}`.as('page_id'),
      createdAt: sql<Date>`${walked.createdAt}`.as('page_created_at'),
      payout: sql<string | null>`${walked.payout}`.as('page_payout'),
    })
    .from(walked)
    .where(sql`${walked.vector} @@ ${bound.words}`)
    .orderBy(...orderOf(walked))
    .limit(bound.page.limit)
    .offset(bound.page.offset)
    .as('page');
  return db
    .select(pageColumns(sql<null>`null::int`))
    .from(page)
    .innerJoin(offers, eq(offers.id, page.id))
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .orderBy(...orderOf(page));
}

/** A title or GEO search, newest first: the page's ids first, then full rows for them only. */
function idsFirstPageQuery(
  db: DbOrTx,
  bound: BoundFilters,
  page: PageWindow,
  cap: number | Placeholder | undefined,
) {
  const ids = db
    .select({
      id: sql<string>`${offers.id}`.as('page_id'),
      createdAt: sql<Date>`${offers.createdAt}`.as('page_created_at'),
    })
    .from(offers)
    .where(visible(bound))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  return db
    .select(pageColumns(inlineCount(db, bound, cap)))
    .from(ids)
    .innerJoin(offers, eq(offers.id, ids.id))
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .orderBy(sql`${ids.createdAt} desc nulls last`, sql`${ids.id} desc nulls last`);
}

/**
 * A GEO + category page, newest first, from offer_geo_listings (decision 042): the page walks the
 * range of its GEO and category in offer_geo_listings_feed_idx in order, checks a payout bound
 * inside the index (its trailing column) and joins each of its rows to its offer; the capped
 * count is listedCount's, or with a bound the range's entries within it, counted up to the cap
 * (index-only). The same offers in the same order as the offers' own statement (created_at, then
 * id, and the payout, all copied).
 */
function geoListingsQuery(
  db: DbOrTx,
  key: ListingKey,
  page: PageWindow,
  cap: number | Placeholder | undefined,
) {
  const listed = and(
    publiclyVisible(offerGeoListings),
    inListingRange(offerGeoListings, key),
    ...withinPayout(key),
  )!;
  const bounded = key.payoutMin !== undefined || key.payoutMax !== undefined;
  const count =
    cap === undefined
      ? sql<null>`null::int`
      : bounded
        ? sql<number>`(${cappedCountQuery(db, listed, cap, offerGeoListings)})`
        : listedCount(db, key, cap);
  return db
    .select(pageColumns(count))
    .from(offerGeoListings)
    .innerJoin(offers, eq(offers.id, offerGeoListings.offerId))
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(listed)
    .orderBy(
      sql`${offerGeoListings.createdAt} desc nulls last`,
      sql`${offerGeoListings.offerId} desc nulls last`,
    )
    .limit(page.limit)
    .offset(page.offset);
}

const inListingRange = (t: typeof offerGeoListings | typeof offerGeoCounts, key: ListingKey) =>
  and(eq(t.categoryKey, key.categoryKey), eq(t.geo, key.geo))!;

/**
 * A payout bound on the listings, as bindFilters writes it on offers (a RevShare offer's null
 * payout is within no bound). offer_geo_counts keeps no number per bound (decision 044).
 */
const withinPayout = (key: ListingKey): SQL[] => [
  ...(key.payoutMin === undefined
    ? []
    : [sql`${offerGeoListings.payoutAmount} >= ${key.payoutMin}`]),
  ...(key.payoutMax === undefined
    ? []
    : [sql`${offerGeoListings.payoutAmount} <= ${key.payoutMax}`]),
];

/**
 * The capped count of one category and one GEO (decision 044): offer_geo_counts' kept number of
 * its listed offers that never expire, plus its listed offers that expire and have not yet
 * (offer_geo_listings_expiring_idx, index-only), stopping at the cap as every capped count does.
 * A kept number cannot hold the offers that expire: time, not a write, ends their listing.
 */
function listedCount(db: DbOrTx, key: ListingKey, cap: number | Placeholder) {
  const kept = db
    .select({ n: offerGeoCounts.listed })
    .from(offerGeoCounts)
    .where(inListingRange(offerGeoCounts, key));
  // publiclyVisible's rule for a listing with an expiry, the expiry written as the range the index
  // bounds (its `IS NULL OR` form would read the expired entries too).
  const expiring = and(
    sql`${offerGeoListings.offerStatus} = 'active'`,
    sql`${offerGeoListings.ownerApproved}`,
    sql`${offerGeoListings.expiresAt} > now()`,
    inListingRange(offerGeoListings, key),
  )!;
  return sql<number>`least(${cap}, coalesce((${kept}), 0) + (${cappedCountQuery(db, expiring, cap, offerGeoListings)}))`;
}

/**
 * A page and its capped count from one read of the matches, for a word search the planner
 * expects to match few offers (explorer.service listOffers): the matches are found once (a CTE
 * read twice is materialized) instead of once for the page and once for the count. A word
 * search's GIN lookup, the costly part of a search that misses the cache (a prefix's posting
 * lists), then runs once a request (docs/decisions/045, docs/performance.md). Not for
 * filters whose page walks an index in order and stops (a GEO and category page reads a few
 * hundred rows of offers_category_feed_idx, where this would keep all their matches). If the
 * estimate was low and a word matches many, this costs what the page alone would: a bitmap of
 * every match, sorted. 'Best match' keeps its own bounded window.
 */
function sharedMatchesQuery(
  db: DbOrTx,
  bound: BoundFilters,
  window: PageWindow,
  countUpTo: number | Placeholder,
  sort: OfferSort,
) {
  const matches = db.$with('matches').as(
    db
      .select({
        id: sql<string>`${offers.id}`.as('match_id'),
        createdAt: sql<Date>`${offers.createdAt}`.as('match_created_at'),
        payout: sql<string | null>`${offers.payoutAmount}`.as('match_payout'),
      })
      .from(offers)
      .where(visible(bound)),
  );
  // Newest first, or highest payout first: the same order inside the page and around it.
  const orderOf = (t: { createdAt: unknown; id: unknown; payout: unknown }) => [
    ...(sort === 'payout' ? [sql`${t.payout} desc nulls last`] : []),
    sql`${t.createdAt} desc`,
    sql`${t.id} desc`,
  ];
  const page = db
    .select({
      id: sql<string>`${matches.id}`.as('page_id'),
      createdAt: sql<Date>`${matches.createdAt}`.as('page_created_at'),
      payout: sql<string | null>`${matches.payout}`.as('page_payout'),
    })
    .from(matches)
    .orderBy(...orderOf(matches))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const counted = sql<number>`(select count(*)::int from (select 1 from ${matches} limit ${countUpTo}) capped)`;
  return db
    .with(matches)
    .select(pageColumns(counted))
    .from(page)
    .innerJoin(offers, eq(offers.id, page.id))
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .orderBy(...orderOf(page));
}

/**
 * Whether `where` selects any visible offer of a word search, read from the word index first: the
 * matches are found by a materialized CTE, which PostgreSQL plans for all its rows, so a LIMIT 1
 * cannot turn it into a walk of the whole table looking for a first match that may not exist (at
 * 1M offers a suggestion that finds nothing cost 0.9–1.6 s that way, 8 ms this way;
 * docs/decisions/028-offer-word-search.md, Note 2026-11-29: the long tail).
 */
export function anyMatchQuery(db: DbOrTx, where: SQL) {
  const matches = db
    .select({ one: sql`1` })
    .from(offers)
    .where(where);
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(with matches as materialized (${matches}) select 1 from matches limit 1) found`);
}

/** The rows of `from` that `where` selects, counted up to `cap` (through the page's indexes). */
export function cappedCountQuery(
  db: DbOrTx,
  where: SQL,
  cap: number | Placeholder,
  from: typeof offers | typeof offerGeoListings = offers,
) {
  const capped = db
    .select({ one: sql`1` })
    .from(from)
    .where(where)
    .limit(cap)
    .as('capped');
  return db.select({ n: sql<number>`count(*)::int` }).from(capped);
}

/**
 * A page's `matches` column: the capped count as an uncorrelated scalar subquery, which
 * PostgreSQL plans on its own (the same plan as countVisibleOffersCapped's) and runs once, so page
 * and total are one statement and one round trip (docs/decisions/016-cpu-per-request.md); null
 * without a cap.
 */
export const inlineCount = (
  db: DbOrTx,
  bound: BoundFilters,
  cap: number | Placeholder | undefined,
) =>
  cap === undefined
    ? sql<null>`null::int`
    : sql<number>`(${cappedCountQuery(db, visible(bound), cap)})`;

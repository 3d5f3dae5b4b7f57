import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OFFER_LIMITS, type OfferSort } from '@trustlinks/contract/offers';
import type { DbOrTx } from '../../db/client';
import { planNodes, plannerPlan, plannerRowEstimate } from '../../lib/planner-estimates';
import {
  entities,
  entityWarnings,
  offerCardColumns,
  offerColumns,
  offerGeoCounts,
  offerGeoListings,
  offers,
  type OfferCardRow,
  offerSlugHistory,
  offerTitleWords,
  offerSearchLexemes,
  offerApplications,
  offerChanges,
  type EntityRow,
  type OfferRow,
} from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import {
  pageBounds,
  leanRows,
  pageKey,
  perHandle,
  unplannedPlaceholder,
  type UnplannedType,
} from '../../lib/prepared';
import { wordQueryParts } from './offer-search';

export type OfferWithEntity = {
  offer: OfferRow;
  entity: Pick<EntityRow, 'name' | 'slug' | 'entityType'>;
};

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

/**
 * What the public may see: active, not expired, of an approved entity. The entity's approval is
 * read from the offer's own copy (offers.owner_approved, kept by triggers: migration 0033), so
 * the rule needs no join and the explorer's partial indexes, which hold only such offers, serve
 * its counts alone (docs/decisions/035-offer-owner-approved.md). 'active' is written into the
 * SQL, not bound: a named statement's generic plan can use a partial index only when its
 * predicate's constants are in the statement (docs/decisions/037-generic-plans.md). Read from
 * `t`: offers, or offer_geo_listings, which copies these columns (decision 042).
 */
export const publiclyVisible = (
  t: { offerStatus: SQLWrapper; ownerApproved: SQLWrapper; expiresAt: SQLWrapper } = offers,
): SQL =>
  and(
    sql`${t.offerStatus} = 'active'`,
    sql`${t.ownerApproved}`,
    sql`(${t.expiresAt} IS NULL OR ${t.expiresAt} > now())`,
  )!;

export interface OfferFilters {
  title?: string | undefined;
  geo?: string[] | undefined;
  category?: string[] | undefined;
  payoutType?: string[] | undefined;
  entityId?: string | undefined;
  payoutMin?: number | undefined;
  payoutMax?: number | undefined;
  /** Saved-search alerts: offers created after … up to … (the feed index's range). */
  createdAfter?: Date | undefined;
  createdUpTo?: Date | undefined;
  /**
   * The last word of `title` as the lexemes that start with it (expandTitlePrefix), used only
   * while `title` is still the title it was made for; without it the prefix is matched by
   * PostgreSQL's prefix match (the same offers, more work).
   */
  titlePrefix?: TitlePrefix | undefined;
}

/** A word search's last word, expanded: the lexemes of offer_search_lexemes that start with it. */
export interface TitlePrefix {
  title: string;
  lexemes: string[];
}

/** `to_tsquery` of a query built by offer-search.ts from sanitized, quoted lexemes only. */
const tsquery = (query: SQLWrapper): SQL => sql`to_tsquery('english', ${query})`;

/**
 * How a statement's values are written:
 * - `inPlace`: each value one parameter of a statement built for it;
 * - `placeholders`: named placeholders of a statement compiled once per shape and kept
 *   (keptStatement), planned with each run's values;
 * - `unplanned`: as `placeholders`, but the word search's text and the LIMIT, OFFSET and cap read
 *   through subqueries, unseen by the planner, for a named statement whose generic plan is kept
 *   (lib/prepared unplannedPlaceholder, decision 037);
 * - `generic`: every value read through a subquery, the LIMIT, OFFSET and cap written into the
 *   SQL, and the GEO overlap written as the function no index serves, for the category walk
 *   (PagePlan, decision 040): its generic plan walks offers_category_feed_idx in order.
 * Either way each value is one parameter (an array is one array parameter).
 */
type BinderMode = 'inPlace' | 'placeholders' | 'unplanned' | 'generic';

class Binder {
  /** The values by placeholder name, in the order they were bound. */
  readonly params: Record<string, unknown> = {};
  private readonly names: string[] = [];

  constructor(readonly mode: BinderMode) {}

  static inPlace(): Binder {
    return new Binder('inPlace');
  }

  /** A value as one parameter; `type` is how a `generic` binder's subquery reads it. */
  value(name: string, value: unknown, type: UnplannedType): SQLWrapper {
    this.bound(name, value);
    if (this.mode === 'generic') return unplannedPlaceholder(name, type);
    return this.mode === 'inPlace' ? sql.param(value) : sql.placeholder(name);
  }

  /** A text value, unseen by the planner when the binder is `unplanned` or `generic`. */
  text(name: string, value: string): SQLWrapper {
    if (this.mode !== 'unplanned') return this.value(name, value, 'text');
    this.bound(name, value);
    return unplannedPlaceholder(name, 'text');
  }

  /**
   * A LIMIT or OFFSET: unseen by the planner when the binder is `unplanned`, written in when it
   * is `generic` (then its value is part of the statement's shape). Drizzle writes an SQL chunk
   * given to .limit() as it is; its types name only numbers and placeholders.
   */
  count(name: string, value: number): number | Placeholder {
    if (this.mode === 'generic') {
      if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a count: ${value}`);
      this.names.push(`${name}=${value}`);
      return sql.raw(String(value)) as unknown as number;
    }
    this.bound(name, value);
    if (this.mode === 'unplanned') return unplannedPlaceholder(name, 'int') as unknown as number;
    return this.mode === 'placeholders' ? sql.placeholder(name) : value;
  }

  /** Which values were bound, in order: statements of the same shape are the same SQL. */
  get shape(): string {
    return this.names.join(',');
  }

  private bound(name: string, value: unknown) {
    if (!(name in this.params)) this.names.push(name);
    this.params[name] = value;
  }
}

/** A filter set's conditions as `binder` writes its values. */
interface BoundFilters {
  conditions: SQL | undefined;
  /** The word search's tsquery (for ranking), or null for no word search. */
  words: SQL | null;
}

/**
 * A tsquery text of exact lexemes, matching any of them. Quoted as tsquery's input reads quotes
 * and backslashes, and cast (not to_tsquery): the lexemes are stored already normalized.
 */
export const anyLexemeQuery = (lexemes: string[]): string =>
  lexemes.map((l) => `'${l.replace(/['\\]/g, (c) => c + c)}'`).join(' | ');

/**
 * The tsquery of a word search: to_tsquery of its words, the last one as a prefix; or, with the
 * prefix expanded (OfferFilters.titlePrefix), to_tsquery of the whole words AND any of the
 * lexemes the prefix stands for.
 */
function wordSearch(f: OfferFilters, b: Binder): SQL | null {
  const parts = f.title ? wordQueryParts(f.title) : null;
  if (!parts) return null;
  const expanded = parts.prefix !== null && f.titlePrefix?.title === f.title;
  if (!expanded) {
    return tsquery(b.text('words', [parts.whole, parts.prefix].filter(Boolean).join(' & ')));
  }
  const anyOf = sql`${b.text('lexemes', anyLexemeQuery(f.titlePrefix!.lexemes))}::tsquery`;
  return parts.whole === null ? anyOf : sql`(${tsquery(b.text('words', parts.whole))} && ${anyOf})`;
}

/**
 * Offers targeting any of the GEOs. A `generic` binder writes the overlap as the function behind
 * `&&`, which no index serves: a generic plan cannot tell a rare GEO from a common one, and would
 * otherwise pick the GEO index for every value (decision 040).
 */
const geoOverlap = (geos: SQLWrapper, b: Binder): SQL =>
  b.mode === 'generic'
    ? sql`arrayoverlap(${offers.targetGeo}, ${geos})`
    : sql`${offers.targetGeo} && ${geos}::text[]`;

function bindFilters(f: OfferFilters, b: Binder): BoundFilters {
  const words = wordSearch(f, b);
  const conditions = and(
    f.title
      ? words
        ? sql`${offers.searchVector} @@ ${words}`
        : sql`${offers.title} ILIKE ${b.value('pattern', containsPattern(f.title), 'text')}`
      : undefined,
    f.geo?.length ? geoOverlap(b.value('geo', f.geo, 'text[]'), b) : undefined,
    f.category?.length === 1
      ? sql`lower(${offers.category}) = ${b.value('category0', f.category[0]!.toLowerCase(), 'text')}`
      : f.category?.length
        ? inArray(
            sql`lower(${offers.category})`,
            f.category.map((c, i) => b.value(`category${i}`, c.toLowerCase(), 'text')),
          )
        : undefined,
    f.payoutType?.length
      ? inArray(
          sql`${offers.payoutType}`,
          f.payoutType.map((t, i) => b.value(`payoutType${i}`, t, 'text')),
        )
      : undefined,
    f.entityId ? eq(offers.entityId, b.value('entityId', f.entityId, 'uuid')) : undefined,
    f.payoutMin !== undefined
      ? sql`${offers.payoutAmount} >= ${b.value('payoutMin', f.payoutMin, 'numeric')}`
      : undefined,
    f.payoutMax !== undefined
      ? sql`${offers.payoutAmount} <= ${b.value('payoutMax', f.payoutMax, 'numeric')}`
      : undefined,
    f.createdAfter
      ? sql`${offers.createdAt} > ${b.value('createdAfter', f.createdAfter.toISOString(), 'timestamptz')}`
      : undefined,
    f.createdUpTo
      ? sql`${offers.createdAt} <= ${b.value('createdUpTo', f.createdUpTo.toISOString(), 'timestamptz')}`
      : undefined,
  );
  return { conditions, words };
}

const offerFilterSql = (f: OfferFilters): SQL | undefined =>
  bindFilters(f, Binder.inPlace()).conditions;

const visible = (f: BoundFilters): SQL => and(publiclyVisible(), f.conditions)!;

/**
 * Newest first, written exactly as offers_active_feed_idx is declared (DESC NULLS LAST; the
 * columns are NOT NULL, so the order is the same) — otherwise the index cannot serve it.
 */
const newestFirst = [sql`${offers.createdAt} desc nulls last`, sql`${offers.id} desc nulls last`];

/** Highest money payout first (RevShare percentages last), as offers_payout_idx is declared. */
const payoutFirst = [sql`${offers.payoutAmount} desc nulls last`, ...newestFirst];

/** A page row: the offer, its entity's name, type and TrustScore, and a public-warning mark. */
const pageColumns = (matches: SQL.Aliased<number | null> | SQL<number | null>) => ({
  offer: offerCardColumns,
  entity: {
    name: entities.name,
    slug: entities.slug,
    entityType: entities.entityType,
    reputationScore: entities.reputationScore,
    totalReviews: entities.totalReviews,
  },
  // entity_warnings_active_idx: one probe per row of the page.
  warned: sql<boolean>`exists (select 1 from ${entityWarnings} where ${entityWarnings.entityId} = ${offers.entityId} and ${entityWarnings.liftedAt} is null)`,
  matches,
});

export type OfferPageRow = {
  offer: OfferCardRow;
  entity: OfferWithEntity['entity'] & { reputationScore: number; totalReviews: number };
  warned: boolean;
  matches: number | null;
};

/**
 * A page of the explorer in the asked order. Returned unrun, so a test can EXPLAIN it; its
 * values are written in place (listVisibleOffers runs the same SQL as a kept statement).
 *
 * Newest first without a title or GEO filter, the page is read straight along
 * offers_active_feed_idx (or the category or payout-type index): few rows are skipped. With one,
 * the page's ids are chosen in a subquery that reads only what the filter needs (an index-only
 * walk of the feed for a substring, the GIN index for a rare word), and full rows are read for
 * the page only. 'Best match' ranks the newest OFFER_LIMITS.rankWindow matches of a word search
 * (ts_rank: title above category above description), then newest; 'payout' walks
 * offers_payout_idx. (The subquery costs more to plan, so the plain form is kept where it brings
 * nothing.)
 */
export function visibleOffersQuery(
  db: DbOrTx,
  filters: OfferFilters,
  limit: number,
  offset: number,
  countUpTo?: number,
  sort: OfferSort = 'newest',
  plan: PagePlan = 'values',
) {
  return pageQuery(db, Binder.inPlace(), filters, limit, offset, countUpTo, sort, plan);
}

/** One category and one GEO as a GEO listings page (`listsGeo`) binds them. */
interface ListingKey {
  categoryKey: SQLWrapper;
  geo: SQLWrapper;
}

/**
 * The filters of a GEO listings page (`listsGeo`) as values: its category and GEO, compared as
 * the offers' filters compare them (bindFilters).
 */
function bindGeoListing(f: OfferFilters, b: Binder): ListingKey {
  return {
    categoryKey: b.value('category0', f.category![0]!.toLowerCase(), 'text'),
    geo: b.value('geo0', f.geo![0]!, 'text'),
  };
}

/** A page's values, bound in the order pageQuery writes them. */
function bindPage(
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

function pageQuery(
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
  const columns = pageColumns(inlineCount(db, bound, cap));
  const { words } = bound;
  if (sort === 'best' && words) {
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
  const order = sort === 'payout' ? payoutFirst : newestFirst;
  if (plan === 'few matches' && cap !== undefined) {
    return sharedMatchesQuery(db, bound, page, cap, sort);
  }
  if (sort === 'payout' || !(filters.title || filters.geo?.length) || filters.category?.length) {
    return db
      .select(columns)
      .from(offers)
      .innerJoin(entities, eq(entities.id, offers.entityId))
      .where(visible(bound))
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
  }
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
    .select(columns)
    .from(ids)
    .innerJoin(offers, eq(offers.id, ids.id))
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .orderBy(sql`${ids.createdAt} desc nulls last`, sql`${ids.id} desc nulls last`);
}

/**
 * A GEO + category page, newest first, from offer_geo_listings (decision 042): the page walks the
 * range of its GEO and category in offer_geo_listings_feed_idx in order and joins each of its rows
 * to its offer; the capped count is listedCount's. The same offers in the same order as the
 * offers' own statement (created_at, then id, both copied).
 */
function geoListingsQuery(
  db: DbOrTx,
  key: ListingKey,
  page: { limit: number | Placeholder; offset: number | Placeholder },
  cap: number | Placeholder | undefined,
) {
  const listed = and(publiclyVisible(offerGeoListings), inListingRange(offerGeoListings, key))!;
  return db
    .select(pageColumns(cap === undefined ? sql<null>`null::int` : listedCount(db, key, cap)))
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
 * expects to match few offers (offers.service listOffers): the matches are found once (a CTE
 * read twice is materialized) instead of once for the page and once for the count. A word
 * search's GIN lookup, the costly part of a search that misses the cache (a prefix's posting
 * lists), then runs once a request (docs/performance.md, issue 26). Not for
 * filters whose page walks an index in order and stops (a GEO and category page reads a few
 * hundred rows of offers_category_feed_idx, where this would keep all their matches). If the
 * estimate was low and a word matches many, this costs what the page alone would: a bitmap of
 * every match, sorted. 'Best match' keeps its own bounded window.
 */
function sharedMatchesQuery(
  db: DbOrTx,
  bound: BoundFilters,
  window: { limit: number | Placeholder; offset: number | Placeholder },
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
 * The explorer's statements compiled once per shape (which filters, how many values each, the
 * sort, whether the count rides along) and kept per database handle, run with each request's
 * values: drizzle's building and compiling of these statements was a fifth of the app's CPU on
 * the mixed workload's misses (docs/performance.md, issue 26). They are unnamed statements, so
 * PostgreSQL still plans each execution with its own values (a plan kept for one word would be
 * wrong for another: docs/decisions/016-cpu-per-request.md). Bounded: emptied when full.
 */
interface KeptStatement<R> {
  execute(values: Record<string, unknown>): Promise<R[]>;
}
type Preparable<R> = { prepare(name: string): KeptStatement<R> };
const MAX_KEPT_STATEMENTS = 1_000;
const keptStatements = new WeakMap<object, Map<string, KeptStatement<unknown>>>();

/**
 * Runs the statement `build` makes, compiled once per `kind` and shape. `bind` binds the values
 * only, in the order `build` binds them (its binder's shape is the key): a kept statement is run
 * without building the query at all.
 */
function keptStatement<R>(
  db: DbOrTx,
  kind: string,
  bind: (b: Binder) => void,
  build: (b: Binder) => unknown,
  /**
   * Sent as a named statement, so that PostgreSQL may keep a generic plan after five runs: only
   * for a shape whose plan is the same for every value (docs/decisions/037-generic-plans.md).
   */
  mode: 'placeholders' | 'unplanned' | 'generic' = 'placeholders',
  /** A named statement's name begins `offers_${label}_`. */
  label = mode === 'generic' ? 'walk' : 'kept',
): Promise<R[]> {
  const named = mode !== 'placeholders';
  const values = new Binder(mode);
  bind(values);
  const key = `${kind}|${values.shape}`;
  let statements = keptStatements.get(db);
  if (!statements) {
    statements = new Map();
    keptStatements.set(db, statements);
  }
  let statement = statements.get(key) as KeptStatement<R> | undefined;
  if (!statement) {
    const b = new Binder(mode);
    const query = build(b) as Preparable<R>;
    if (b.shape !== values.shape) {
      throw new Error(`kept statement ${kind}: bound ${values.shape}, built ${b.shape}`);
    }
    if (statements.size >= MAX_KEPT_STATEMENTS) statements.clear();
    // An empty name: node-postgres sends an unnamed statement, parsed and planned each time. A
    // name is the key's hash: the same key builds the same SQL, as node-postgres requires of a
    // name it has seen on a connection, also after the map was emptied.
    statement = leanRows(
      query.prepare(
        named ? `offers_${label}_${createHash('sha1').update(key).digest('hex').slice(0, 20)}` : '',
      ),
    );
    statements.set(key, statement as KeptStatement<unknown>);
  }
  return statement.execute(values.params);
}

/**
 * The unfiltered feed's page without a count (the explorer's busiest statement: a kept estimate
 * says "1,000+") as a named prepared statement per database handle and page key (pageKey: the
 * first pages have their LIMIT and OFFSET written in): drizzle builds its SQL once, and
 * PostgreSQL parses it once per connection and, after five runs, keeps its plan (the walk along
 * offers_active_feed_idx, the same for every page; planning it took three times as long as
 * running it: docs/decisions/037-generic-plans.md). Behind PgBouncer this needs 1.21+ with
 * max_prepared_statements (docs/deployment.md). Title and GEO searches are not prepared so: a
 * plan kept for one word would be wrong for another (docs/decisions/016-cpu-per-request.md).
 */
const feedPage = perHandle((db, key) => {
  const page = pageBounds(key);
  return db
    .select(pageColumns(sql<null>`null::int`))
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId))
    .where(visible(bindFilters({}, Binder.inPlace())))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset)
    .prepare(key ? `offers_feed_page_${key}` : 'offers_feed_page');
});

/** The explorer's own page size, as listOffers asks for it (one row more than it shows). */
const EXPLORER_PAGE = { limit: OFFER_LIMITS.pageDefault + 1, step: OFFER_LIMITS.pageDefault };

const unfiltered = (f: OfferFilters) =>
  Object.values(f).every((v) => v === undefined || (Array.isArray(v) && v.length === 0));

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
  sort: OfferSort = 'newest',
  asked: PagePlan = 'values',
): Promise<OfferPageRow[]> {
  if (countUpTo === undefined && sort !== 'payout' && unfiltered(filters)) {
    return feedPage(db, pageKey(limit, offset, EXPLORER_PAGE)).execute({ limit, offset });
  }
  // The walk and the listings serve their own filters, newest first; anything else is planned
  // with the values.
  const fits =
    asked === 'geo listings'
      ? sort === 'newest' && listsGeo(filters)
      : asked !== 'category walk' || (sort === 'newest' && walksCategory(filters));
  const plan = fits ? asked : 'values';
  const mode =
    (plan === 'category walk' || plan === 'geo listings') &&
    pageKey(limit, offset, EXPLORER_PAGE) !== ''
      ? 'generic'
      : plan === 'few matches' && countUpTo !== undefined && sort !== 'best' && onlyWords(filters)
        ? 'unplanned'
        : 'placeholders';
  return keptStatement<OfferPageRow>(
    db,
    `page:${sort}:${countUpTo !== undefined}:${plan === 'few matches' ? 'few' : plan === 'geo listings' ? 'geo' : ''}`,
    (b) => bindPage(b, filters, limit, offset, countUpTo, plan),
    (b) => pageQuery(db, b, filters, limit, offset, countUpTo, sort, plan),
    mode,
    plan === 'geo listings' ? 'geo' : undefined,
  );
}

/**
 * How a page's statement is planned:
 * - 'values': sent unnamed, planned with each run's values (decision 016);
 * - 'few matches': a word search the planner expects few matches for, found once for page and
 *   count (sharedMatchesQuery); named when the words are its only filter (decision 037);
 * - 'category walk': one category, with or without GEOs, newest first, where PostgreSQL planning
 *   with the values walks offers_category_feed_idx in order (categoryWalkChosen): on one of the
 *   first pages (pageKey), a named statement whose generic plan is that walk, planned once per
 *   connection (decision 040); on any other page, as 'values';
 * - 'geo listings': one category and one GEO, newest first (listsGeo), read from
 *   offer_geo_listings (geoListingsQuery, decision 042); named on the first pages as the category
 *   walk is (its plan is the same for every value: one range of one index), planned with the
 *   values on any other.
 */
export type PagePlan = 'values' | 'few matches' | 'category walk' | 'geo listings';

/** Filters offer_geo_listings serves: one category and one GEO, nothing else. */
export const listsGeo = (f: OfferFilters): boolean =>
  f.category?.length === 1 &&
  f.geo?.length === 1 &&
  unfiltered({ ...f, category: undefined, geo: undefined });

/** Filters a category walk can serve: one category, any GEOs, nothing else. */
export const walksCategory = (f: OfferFilters): boolean =>
  f.category?.length === 1 && unfiltered({ ...f, category: undefined, geo: undefined });

/**
 * Whether PostgreSQL, planning the explorer's first page and its capped count with these values,
 * reads offers only by walking offers_category_feed_idx in order (the category walk's generic
 * plan). It may not, for a rare GEO in a large category (the GEO index then finds the few
 * matches sooner): such filters keep being planned with their values (decision 040).
 */
export async function categoryWalkChosen(db: DbOrTx, filters: OfferFilters): Promise<boolean> {
  if (!walksCategory(filters)) return false;
  const plan = await plannerPlan(
    db,
    visibleOffersQuery(db, filters, EXPLORER_PAGE.limit, 0, OFFER_COUNT_CAP + 1),
  );
  const reads = planNodes(plan).filter((n) => n['Relation Name'] === 'offers');
  return (
    reads.length > 0 &&
    reads.every(
      (n) =>
        (n['Node Type'] === 'Index Scan' || n['Node Type'] === 'Index Only Scan') &&
        n['Index Name'] === CATEGORY_WALK_INDEX,
    )
  );
}

/** The index the category walk's generic plan reads (db/schema/offers.ts). */
const CATEGORY_WALK_INDEX = 'offers_category_feed_idx';

/**
 * A word search alone. Found once for page and count (sharedMatchesQuery), its few matches come
 * from the word index whatever the words (the planner's estimate sent it there), so its plan is
 * the same for every value and may be kept (decision 037). With a GEO, category or other filter
 * beside it, the plan depends on their values: planned each run.
 */
const onlyWords = (f: OfferFilters) =>
  unfiltered({ ...f, title: undefined, titlePrefix: undefined });

/** The planner's estimate of the visible offers that match (no row is read). */
export async function estimateMatchingOffers(db: DbOrTx, filters: OfferFilters): Promise<number> {
  return plannerRowEstimate(
    db,
    db
      .select({ one: sql`1` })
      .from(offers)
      .where(and(publiclyVisible(), offerFilterSql(filters))),
  );
}

/** The rows of `from` that `where` selects, counted up to `cap` (through the page's indexes). */
function cappedCountQuery(
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
const inlineCount = (db: DbOrTx, bound: BoundFilters, cap: number | Placeholder | undefined) =>
  cap === undefined
    ? sql<null>`null::int`
    : sql<number>`(${cappedCountQuery(db, visible(bound), cap)})`;

export async function countVisibleOffersCapped(
  db: DbOrTx,
  filters: OfferFilters,
  cap: number,
): Promise<number> {
  const [count] = await keptStatement<{ n: number }>(
    db,
    'count',
    (b) => {
      bindFilters(filters, b);
      b.count('cap', cap);
    },
    (b) => cappedCountQuery(db, visible(bindFilters(filters, b)), b.count('cap', cap)),
  );
  return count?.n ?? 0;
}

/**
 * A prefix covering more lexemes than this keeps PostgreSQL's prefix match: an alternative of
 * hundreds of posting lists would cost what the prefix match does.
 */
export const TITLE_PREFIX_LEXEMES_MAX = 64;

/**
 * The last word of a word search, when it is matched as a prefix, as the lexemes of the offers'
 * search documents that start with it (offer_search_lexemes, kept by triggers: migration 0034;
 * docs/decisions/036-prefix-expansion.md), or undefined when it is not expanded (no prefix, more
 * than TITLE_PREFIX_LEXEMES_MAX lexemes, or a word to_tsquery does not read as one prefix). The
 * prefix is normalized by to_tsquery itself ('glowing':* is 'glow':*). No lexeme starts with it:
 * the prefix alone, which no document holds, so the search still finds nothing.
 */
export async function expandTitlePrefix(
  db: DbOrTx,
  title: string,
): Promise<TitlePrefix | undefined> {
  const prefixQuery = wordQueryParts(title)?.prefix;
  if (!prefixQuery) return undefined;
  const [row] = await titlePrefixLexemes(db).execute({ prefixQuery });
  if (!row?.prefix || row.lexemes.length > TITLE_PREFIX_LEXEMES_MAX) return undefined;
  return { title, lexemes: row.lexemes.length > 0 ? row.lexemes : [row.prefix] };
}

/**
 * expandTitlePrefix's read as a named prepared statement, one per database handle: its plan (a
 * range of the lexicon's primary key) is the same for every prefix, so PostgreSQL parses and
 * plans it once per connection (a round trip of half the cost on the busiest miss, the word
 * search's). Behind PgBouncer, as the feed page: docs/deployment.md.
 */
const titlePrefixLexemes = perHandle((db) => {
  const lexeme = offerSearchLexemes.lexeme;
  // The prefix as to_tsquery normalizes it ('glowing':* is 'glow':*), or null when to_tsquery
  // does not read it as one prefix (a stop word, a word it splits).
  const normalized = sql`substring(to_tsquery('english', ${sql.placeholder('prefixQuery')}::text)::text from '^''([^'']+)'':\\*$')`;
  return db
    .select({
      prefix: sql<string | null>`p.prefix`,
      lexemes: sql<string[]>`array(
        select ${lexeme} from ${offerSearchLexemes}
        where ${lexeme} >= p.prefix and ${lexeme} < p.prefix || chr(1114111)
        order by ${lexeme} limit ${TITLE_PREFIX_LEXEMES_MAX + 1})`,
    })
    .from(sql`(select ${normalized} as prefix) p`)
    .prepare('offers_title_prefix');
});

/**
 * "Did you mean": the title word most like `word` (pg_trgm similarity over offer_title_words'
 * trigram index), or null when none is similar enough. A word that is itself a title word, or
 * the start of one, is its own answer.
 */
export async function closestTitleWord(db: DbOrTx, word: string): Promise<string | null> {
  const [row] = await db
    .select({ word: offerTitleWords.word })
    .from(offerTitleWords)
    .where(sql`${offerTitleWords.word} % ${word}`)
    .orderBy(sql`similarity(${offerTitleWords.word}, ${word}) desc`, offerTitleWords.word)
    .limit(1);
  return row?.word ?? null;
}

export async function isTitleWord(db: DbOrTx, word: string): Promise<boolean> {
  const [row] = await db
    .select({ word: offerTitleWords.word })
    .from(offerTitleWords)
    .where(eq(offerTitleWords.word, word))
    .limit(1);
  return Boolean(row);
}

/** An offer with its entity, and whether the public may see it (publiclyVisible, read with it). */
export type OfferWithVisibility = OfferWithEntity & { visible: boolean };

const offerWithEntity = (db: DbOrTx) =>
  db
    .select({
      offer: offerColumns,
      entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      visible: sql<boolean>`${publiclyVisible()}`,
    })
    .from(offers)
    .innerJoin(entities, eq(entities.id, offers.entityId));

export async function findOfferWithEntity(
  db: DbOrTx,
  id: string,
): Promise<OfferWithVisibility | undefined> {
  const [row] = await offerWithEntity(db).where(eq(offers.id, id)).limit(1);
  return row;
}

/**
 * The offer at an address's slug: the current one, else an old one a retitle left behind
 * (offer_slug_history). Index lookups only.
 */
export async function findOfferWithEntityBySlug(
  db: DbOrTx,
  slug: string,
): Promise<OfferWithVisibility | undefined> {
  const [row] = await offerWithEntity(db).where(eq(offers.slug, slug)).limit(1);
  if (row) return row;
  const [old] = await db
    .select({ offerId: offerSlugHistory.offerId })
    .from(offerSlugHistory)
    .where(eq(offerSlugHistory.slug, slug))
    .limit(1);
  return old ? findOfferWithEntity(db, old.offerId) : undefined;
}

export async function listEntityOffers(
  db: DbOrTx,
  entityId: string,
  options: { publicOnly: boolean; limit: number },
): Promise<OfferWithEntity[]> {
  return (
    db
      .select({
        offer: offerColumns,
        entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      })
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
  const [row] = await db.insert(offers).values(values).returning(offerColumns);
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
    .returning(offerColumns);
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

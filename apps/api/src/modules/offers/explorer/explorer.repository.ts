import { and, eq, sql } from 'drizzle-orm';
import { OFFER_LIMITS, type OfferSort } from '@trustlinks/contract/offers';
import type { DbOrTx } from '../../../db/client';
import { planNodes, plannerPlan, plannerRowEstimate } from '../../../lib/planner-estimates';
import { entities, offers } from '../../../db/schema';
import { pageBounds, perHandle } from '../../../lib/prepared';
import { pageKey } from '../../../lib/page-key';
import { publiclyVisible } from '../offers.sql';
import { Binder, bindFilters, offerFilterSql, visible, type OfferFilters } from './filters.sql';
import { keptStatement } from './kept-statements';
import {
  anyMatchQuery,
  bindPage,
  bindWalk,
  boundedWalkQuery,
  cappedCountQuery,
  newestFirst,
  pageColumns,
  pageQuery,
  type OfferPageRow,
} from './page.sql';
import { choosePageStatement, EXPLORER_PAGE, walksCategory, type PagePlan } from './plan';

// The explorer's reads: a page with its capped count, the count alone, the planner's estimate
// and choice, and the unfiltered feed's prepared statement.

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
 * What a page of the explorer is asked with: the filters, the page (limit, offset), the cap of the
 * count carried on each row (none: no count), the order ('newest' unless said) and the plan
 * ('values' unless said).
 */
type PageRequest = [
  filters: OfferFilters,
  limit: number,
  offset: number,
  countUpTo?: number,
  sort?: OfferSort,
  plan?: PagePlan,
];

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
  ...[filters, limit, offset, countUpTo, sort = 'newest', plan = 'values']: PageRequest
) {
  return pageQuery(db, Binder.inPlace(), filters, limit, offset, countUpTo, sort, plan);
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

/**
 * A page of the explorer; with `countUpTo`, each row also carries the capped count of all the
 * matches (`matches`, null without it). An empty page carries nothing: count separately.
 */
export async function listVisibleOffers(
  db: DbOrTx,
  ...[filters, limit, offset, countUpTo, sort = 'newest', asked = 'values']: PageRequest
): Promise<OfferPageRow[]> {
  const chosen = choosePageStatement({ filters, limit, offset, countUpTo, sort, asked });
  if (chosen.statement === 'feed') {
    return feedPage(db, pageKey(limit, offset, EXPLORER_PAGE)).execute({ limit, offset });
  }
  const { plan } = chosen;
  return keptStatement<OfferPageRow>(
    db,
    chosen.kind,
    (b) => bindPage(b, filters, limit, offset, countUpTo, plan),
    (b) => pageQuery(db, b, filters, limit, offset, countUpTo, sort, plan),
    chosen.mode,
    chosen.label,
  );
}

/**
 * A word search's page from the first `walkRows` visible offers of its order only
 * (boundedWalkQuery): the page, or fewer rows when they hold too few matches (then the caller
 * finds the matches first: plan.ts 'bounded walk'). Uncounted; planned with its values, so that
 * PostgreSQL sees how short the walk is.
 */
export async function listWalkedOffers(
  db: DbOrTx,
  filters: OfferFilters,
  limit: number,
  offset: number,
  walkRows: number,
  sort: Exclude<OfferSort, 'best'>,
): Promise<OfferPageRow[]> {
  return keptStatement<OfferPageRow>(
    db,
    `walk:${sort}`,
    (b) => bindWalk(b, filters, limit, offset, walkRows),
    (b) => boundedWalkQuery(db, b, filters, limit, offset, walkRows, sort),
  );
}

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

/**
 * Whether any visible offer matches: a word search's from the word index first (anyMatchQuery),
 * anything else as a count capped at one.
 */
export async function anyVisibleOffer(db: DbOrTx, filters: OfferFilters): Promise<boolean> {
  if (!filters.title) return (await countVisibleOffersCapped(db, filters, 1)) > 0;
  const [found] = await keptStatement<{ n: number }>(
    db,
    'any',
    (b) => bindFilters(filters, b),
    (b) => anyMatchQuery(db, visible(bindFilters(filters, b))),
  );
  return (found?.n ?? 0) > 0;
}

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

import { OFFER_LIMITS, type OfferSort } from '@trustlinks/contract/offers';
import { pageKey } from '../../../lib/page-key';
import type { OfferFilters } from './filters.sql';

// The explorer's choices of how a page is read, as pure functions of the request (no database):
// which plan the service asks for (choosePagePlan), and which statement serves it
// (choosePageStatement). Each plan is one statement of page.sql.ts, run by explorer.repository.ts.

/** The explorer's own page size, as listOffers asks for it (one row more than it shows). */
export const EXPLORER_PAGE = {
  limit: OFFER_LIMITS.pageDefault + 1,
  step: OFFER_LIMITS.pageDefault,
};

export const unfiltered = (f: OfferFilters) =>
  Object.values(f).every((v) => v === undefined || (Array.isArray(v) && v.length === 0));

/**
 * How a page's statement is planned:
 * - 'values': sent unnamed, planned with each run's values (decision 016);
 * - 'few matches': a word search the planner expects few matches for, found once for page and
 *   count (sharedMatchesQuery); named when the words are its only filter (decision 037);
 * - 'category walk': one category, with or without GEOs, newest first, where PostgreSQL planning
 *   with the values walks offers_category_feed_idx in order (categoryWalkChosen): on one of the
 *   first pages (pageKey), a named statement whose generic plan is that walk, planned once per
 *   connection (decision 040); on any other page, as 'values';
 * - 'geo listings': one category and one GEO, newest first, with or without a payout bound
 *   (listsGeo), read from offer_geo_listings (geoListingsQuery, decision 042); named on the first
 *   pages as the category walk is (its plan is the same for every value: one range of one index,
 *   the bound checked inside it), planned with the values on any other. A bound is another
 *   shape of the binder (its values' names), so another kept statement and name;
 * - 'bounded walk': a word search alone, newest or highest payout first, that the planner expects
 *   many matches for: the newest (or best-paid) walkBudget visible offers are walked in order
 *   and their words tested (page.sql boundedWalkQuery, explorer.repository listWalkedOffers);
 *   a walk that does not fill the page gives way to 'few matches'. Asked of
 *   listVisibleOffers, which serves whole pages only, it is 'values' (decision 037, Note
 *   2026-11-29: a rare conjunction).
 */
export type PagePlan = 'values' | 'few matches' | 'category walk' | 'geo listings' | 'bounded walk';

/**
 * Filters offer_geo_listings serves: one category and one GEO, with or without a payout floor or
 * ceiling (its copy of payout_amount, checked inside offer_geo_listings_feed_idx: decision 042,
 * Note 2026-11-29), nothing else.
 */
export const listsGeo = (f: OfferFilters): boolean =>
  f.category?.length === 1 &&
  f.geo?.length === 1 &&
  unfiltered({
    ...f,
    category: undefined,
    geo: undefined,
    payoutMin: undefined,
    payoutMax: undefined,
  });

/** Filters a category walk can serve: one category, any GEOs, nothing else. */
export const walksCategory = (f: OfferFilters): boolean =>
  f.category?.length === 1 && unfiltered({ ...f, category: undefined, geo: undefined });

/**
 * A word search alone. Found once for page and count (sharedMatchesQuery), its few matches come
 * from the word index whatever the words (the planner's estimate sent it there), so its plan is
 * the same for every value and may be kept (decision 037). With a GEO, category or other filter
 * beside it, the plan depends on their values: planned each run.
 */
export const onlyWords = (f: OfferFilters) =>
  unfiltered({ ...f, title: undefined, titlePrefix: undefined });

/**
 * Up to this planner estimate of a word search's matches, a page past the first finds them
 * first ('few matches') even when no count is needed (its total is kept from page 1). Read
 * newest first, a page at offset o stops after about (o + page) × offers / matches rows, each
 * a heap fetch whose search vector is tested; found first, each match is read once from the
 * bitmap, then sorted. Measured at 1M offers, pages 2–5 (docs/decisions/037, Note
 * 2026-11-29): a word estimated at 3,400 read 9.7k–20k buffers newest first (28–103 ms)
 * against 4.5k found first (8–17 ms); at 4,800, 5.4k–15k (9–38 ms) against 5.6k (10–17 ms);
 * at 5,800 about even; at 8,200 found first reads more on every page. Page 1 reads too few
 * rows newest first to gain: it finds the matches first only where its count rides along
 * (below OFFER_ESTIMATE_TRUSTED_FROM), as before.
 */
export const FEW_MATCHES_PAST_PAGE_ONE = 5_000;

/**
 * How many visible offers a word search's page walks at most, newest (or best-paid) first,
 * before it finds its matches first instead ('bounded walk'): twice what the planner expects
 * the walk to read (WALK_SLACK × pageEnd × visibleOffers / expectedMatches), and at least the
 * break-even √(pageEnd × visibleOffers). Walking, the page ends after about pageEnd ×
 * visibleOffers / matches rows; found first, every match is read once (a heap row each way): the
 * two read as many rows where matches = √(pageEnd × visibleOffers). A search with as many
 * matches as the planner expects, or more, fills its page within the budget (as before); one
 * with fewer than the break-even, found first, reads fewer than that many more. The planner
 * multiplies the shares of a search's words as if they were independent, so a conjunction of
 * words that never meet ("registration trial": two hooks, and a title has one) is expected in
 * thousands of offers and has none: walked unbounded it read all 1M offers (2–5 s); now at
 * most twice what the planner expected. The companies' list bounds its walk likewise
 * (docs/decisions/007-company-totals.md). At 1M offers (585,045 visible by the planner), page 1
 * of a search expected in 3,049 offers walks 8,059 rows, of one expected in 100,000, 3,506
 * (docs/decisions/037, Note 2026-11-29: a rare conjunction).
 */
export function walkBudget(
  pageEnd: number,
  visibleOffers: number,
  expectedMatches?: number,
): number {
  const visible = Math.max(0, visibleOffers);
  const expectedWalk =
    expectedMatches && expectedMatches > 0 ? (WALK_SLACK * pageEnd * visible) / expectedMatches : 0;
  return Math.ceil(Math.max(pageEnd, Math.sqrt(pageEnd * visible), expectedWalk));
}

/**
 * A bounded walk reads up to this many times the rows the planner expects it to need. At 1M
 * offers, the long tail's conjunctions that the planner expected in 2,000+ offers needed 0.2–1.6
 * times its expectation to fill page 1 (one, "language mobile", 4.6 times: within the
 * break-even); with the break-even alone, a third of them ran out and were found first instead,
 * 7 → 38 ms.
 */
export const WALK_SLACK = 2;

/**
 * The plan listOffers asks for: one category and one GEO, newest first, read from their range of
 * offer_geo_listings (decision 042); one category (and GEOs), newest first, where PostgreSQL
 * walks offers_category_feed_idx (`categoryWalk`: categoryWalkChosen, asked only when the GEO
 * listings do not serve; decision 040); a word search found once for page and count where the
 * planner expects few matches: its count rides along (`countInline`), or, past page 1 (not by
 * 'Best match', which keeps its own window), its `estimate` is below FEW_MATCHES_PAST_PAGE_ONE;
 * any other word search alone, newest or highest payout first, walked as far as walkBudget
 * ('bounded walk'); else planned with the values.
 */
export function choosePagePlan(ask: {
  sort: OfferSort;
  filters: OfferFilters;
  categoryWalk: boolean;
  words: boolean;
  countInline: boolean;
  /** The page's first row (0: page 1). */
  offset?: number;
  /** The planner's estimate of the matches, if asked. */
  estimate?: number | undefined;
}): PagePlan {
  if (ask.sort === 'newest' && listsGeo(ask.filters)) return 'geo listings';
  if (ask.sort === 'newest' && ask.categoryWalk) return 'category walk';
  if (!ask.words) return 'values';
  if (ask.countInline) return 'few matches';
  const fewPastPageOne =
    ask.sort !== 'best' &&
    (ask.offset ?? 0) > 0 &&
    ask.estimate !== undefined &&
    ask.estimate < FEW_MATCHES_PAST_PAGE_ONE;
  if (fewPastPageOne) return 'few matches';
  return ask.sort !== 'best' && onlyWords(ask.filters) ? 'bounded walk' : 'values';
}

/**
 * Whether a page's statement carries the capped count: where the total needs it
 * (`countInline`), and wherever the matches are found first but for 'Best match' (which counts
 * apart): found first, they are counted in memory at little cost, and read twice (page and
 * count) they are what PostgreSQL gathers before it sorts (a CTE read once would be inlined
 * into the page and read newest first again).
 */
export const countsAlong = (plan: PagePlan, sort: OfferSort, countInline: boolean): boolean =>
  countInline || (plan === 'few matches' && sort !== 'best');

/** How a kept statement is sent (explorer/kept-statements.ts keptStatement). */
export type KeptMode = 'placeholders' | 'unplanned' | 'generic';

/**
 * The statement that reads a page: the unfiltered feed's own prepared statement (no count, not
 * by payout), or a kept statement of one plan: `kind` and the binder's shape are its key,
 * `mode` how it is sent, `label` how a named one's name begins (undefined: keptStatement's
 * default).
 */
export type PageStatement =
  | { statement: 'feed' }
  | { statement: 'kept'; plan: PagePlan; kind: string; mode: KeptMode; label: 'geo' | undefined };

export function choosePageStatement(page: {
  filters: OfferFilters;
  limit: number;
  offset: number;
  countUpTo: number | undefined;
  sort: OfferSort;
  asked: PagePlan;
}): PageStatement {
  const { filters, limit, offset, countUpTo, sort, asked } = page;
  if (countUpTo === undefined && sort !== 'payout' && unfiltered(filters)) {
    return { statement: 'feed' };
  }
  // The walk and the listings serve their own filters, newest first; anything else is planned
  // with the values (a bounded walk's whole page too: listWalkedOffers reads its bounded part).
  const fits =
    asked === 'geo listings'
      ? sort === 'newest' && listsGeo(filters)
      : asked === 'category walk'
        ? sort === 'newest' && walksCategory(filters)
        : asked !== 'bounded walk';
  const plan = fits ? asked : 'values';
  const mode =
    (plan === 'category walk' || plan === 'geo listings') &&
    pageKey(limit, offset, EXPLORER_PAGE) !== ''
      ? 'generic'
      : plan === 'few matches' && countUpTo !== undefined && sort !== 'best' && onlyWords(filters)
        ? 'unplanned'
        : 'placeholders';
  return {
    statement: 'kept',
    plan,
    kind: `page:${sort}:${countUpTo !== undefined}:${plan === 'few matches' ? 'few' : plan === 'geo listings' ? 'geo' : ''}`,
    mode,
    label: plan === 'geo listings' ? 'geo' : undefined,
  };
}

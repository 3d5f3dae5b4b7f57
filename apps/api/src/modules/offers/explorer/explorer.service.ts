import type { z } from 'zod';
import {
  OFFER_LIMITS,
  type OfferFiltersOutput,
  type OffersResponse,
  type offersQuerySchema,
} from '@trustlinks/contract/offers';
import type { DbOrTx } from '../../../db/client';
import type { Deps } from '../../../lib/deps';
import type { KeptValues } from '../../../lib/read-cache';
import { cachedEstimate, cachedStatistic, knownEstimate } from '../../../lib/planner-estimates';
import { paginate } from '../../../lib/pagination';
import { toExplorerOffer } from '../offers.presenter';
import {
  correctableWords,
  oneEditVariants,
  respellings,
  toWordQuery,
  wordQueryParts,
} from './offer-search';
import {
  anyVisibleOffer,
  categoryWalkChosen,
  countVisibleOffersCapped,
  estimateMatchingOffers,
  listVisibleOffers,
  listWalkedOffers,
  OFFER_COUNT_CAP,
  OFFER_ESTIMATE_TRUSTED_FROM,
} from './explorer.repository';
import type { OfferFilters } from './filters.sql';
import {
  choosePagePlan,
  countsAlong,
  listsGeo,
  unfiltered,
  walkBudget,
  walksCategory,
  type PagePlan,
} from './plan';
import {
  closestTitleWord,
  commonSearchLexemes,
  countOffersHolding,
  followUpFacts,
  prefixLexemes,
  type FollowUpAsk,
  type FollowUpFacts,
} from './word-search.repository';

// The explorer's rules (GET /offers, saved-search alerts): its cache keys, totals, prefix
// expansion and spelling suggestion; offers.service hands on what other modules and the routes use.

type Query = z.output<typeof offersQuerySchema>;

/** ASCII letters in lower case: what ILIKE and lower() surely treat as the same text. */
const asciiLower = (value: string) => value.replace(/[A-Z]+/g, (m) => m.toLowerCase());
const sortedSet = (values: string[] | undefined) => [...new Set(values ?? [])].sort();

/**
 * One key per set of filters that selects the same offers, whatever the URL's order, repeats or
 * case: the title matches case-insensitively, GEOs and categories are "any of" sets (categories
 * compared in lower case, GEOs upper-cased by the query schema).
 */
export function offerFiltersKey(filters: OfferFilters): string {
  return JSON.stringify([
    asciiLower(filters.title ?? ''),
    sortedSet(filters.geo),
    sortedSet(filters.category?.map(asciiLower)),
    sortedSet(filters.payoutType),
    filters.entityId ?? '',
    filters.payoutMin ?? '',
    filters.payoutMax ?? '',
    filters.createdAfter?.toISOString() ?? '',
    filters.createdUpTo?.toISOString() ?? '',
  ]);
}

/** The repository's filters of the explorer's query (or a saved search's). */
export function offerFiltersOf(query: OfferFiltersOutput): OfferFilters {
  return {
    title: query.title || undefined,
    geo: query.geo,
    category: query.category,
    payoutType: query.payout_type,
    entityId: query.entity,
    payoutMin: query.payout_min,
    payoutMax: query.payout_max,
  };
}

/** The read-cache key of an explorer page (lib/read-cache/store.ts): its filters' key and the page. */
export function offersPageKey(query: Query): string {
  return `offers:${offerFiltersKey(offerFiltersOf(query))}:${query.sort}:${query.page}:${query.limit}`;
}

const estimateKey = (filters: OfferFilters) => `offers:${offerFiltersKey(filters)}`;

/**
 * The read-cache key of the capped total of these filters (scope `offers`: emptied with the
 * lists by any write that changes what is listed). Every page of the same filters shows the same
 * total: the first page that counts it keeps it for the others (docs/decisions/029).
 */
const totalKey = (filters: OfferFilters) => `offers:total:${offerFiltersKey(filters)}`;

/**
 * Whether PostgreSQL walks the category index for these filters' page (explorer.repository
 * categoryWalkChosen), asked once a minute per set of filters, as the estimates are.
 */
async function categoryWalk(db: DbOrTx, filters: OfferFilters): Promise<boolean> {
  if (!walksCategory(filters)) return false;
  const key = `offers:walk:${offerFiltersKey(filters)}`;
  return (
    (await cachedEstimate(db, key, async () => Number(await categoryWalkChosen(db, filters)))) === 1
  );
}

/** The planner's estimate for these filters (reused for a minute, see cachedEstimate). */
function estimateOffers(db: DbOrTx, filters: OfferFilters): Promise<number> {
  return cachedEstimate(db, estimateKey(filters), () => estimateMatchingOffers(db, filters));
}

/**
 * The planner's estimate of all visible offers, for a bounded walk's length (walkBudget), kept a
 * minute under a key of its own: kept as the unfiltered list's estimate, it would also change
 * whether that list counts its total (listOffersAsTyped's knownEstimate).
 */
function estimateVisibleOffers(db: DbOrTx): Promise<number> {
  return cachedEstimate(db, 'offers:visible', () => estimateMatchingOffers(db, {}));
}

/**
 * The explorer's total (docs/decisions/006-capped-totals.md): exact and free on the last page;
 * else "1,000+" when the planner expects well over the cap; else counted, stopping past the cap.
 * `inline` is the count that came with the page (listOffers), if it was asked for.
 */
async function offerTotal(
  deps: Deps,
  filters: OfferFilters,
  page: {
    offset: number;
    shown: number;
    lastPage: boolean;
    inline: number | null | undefined;
    /** `inline` is a total kept from another page (listOffers): the planner was asked then. */
    kept?: boolean;
  },
): Promise<{ total: number; capped: boolean }> {
  const { offset, shown } = page;
  if (page.lastPage) return { total: offset + shown, capped: false };
  let counted: number;
  if (page.inline === null || page.inline === undefined) {
    const estimate = await estimateOffers(deps.db, filters);
    counted =
      estimate >= OFFER_ESTIMATE_TRUSTED_FROM
        ? OFFER_COUNT_CAP + 1
        : await countVisibleOffersCapped(deps.db, filters, OFFER_COUNT_CAP + 1);
  } else {
    counted = page.inline;
    // A long list counted without a kept estimate: ask the planner now, so that the next pages
    // of these filters skip counting (a short list keeps being counted inline: ≤ cap rows).
    if (counted > OFFER_COUNT_CAP && !page.kept) await estimateOffers(deps.db, filters);
  }
  if (counted > OFFER_COUNT_CAP) {
    return { total: Math.max(OFFER_COUNT_CAP, offset + shown), capped: true };
  }
  return { total: Math.max(counted, offset + shown), capped: false };
}

/** Words up to this many letters are corrected by one edit first (short words share few trigrams). */
const ONE_EDIT_LETTERS_MAX = 12;
/**
 * How far a word's offers are counted to rank the words one edit from a typo: enough to tell a
 * common word from a rare one; each counted row is a heap read (docs/decisions/028, Note
 * 2026-11-29: a cap of 100 per word, one statement each, made a two-word miss 9× dearer).
 */
const COMMONNESS_CAP = 20;
/** The key of the commonest lexemes' statistics among the kept estimates (mostCommon). */
const COMMON_LEXEMES_KEY = 'offers:common-lexemes';
/** How many publishers named like the search are checked for offers under the same filters. */
const PUBLISHERS_CHECKED = 3;

/** The same filters with another title (an expansion belongs to the title it was made for). */
const retitled = (filters: OfferFilters, title: string | undefined): OfferFilters => ({
  ...filters,
  title,
  titlePrefix: undefined,
});

/** How many respellings the lexicon holds are listed, at most, to find one with offers. */
const RESPELLINGS_TRIED = 3;

/**
 * What respell asks the catalogue (FollowUpAsk `joins` and `parts`): the respellings' joined
 * words (the last one typed as a prefix) and their split parts.
 */
function respellAsk(title: string): Pick<FollowUpAsk, 'joins' | 'parts'> {
  const candidates = respellings(title);
  const joined = candidates.flatMap((c) => (c.joined ? [c.joined] : []));
  return {
    joins: {
      words: joined.filter((j) => !j.last).map((j) => j.word),
      prefixes: joined.filter((j) => j.last).map((j) => j.word),
    },
    parts: [...new Set(candidates.flatMap((c) => c.parts ?? []))],
  };
}

/**
 * The search respelled with the same letters — two words joined ("keto slim" → "ketoslim") or
 * one split in two catalogue words ("ketoslim" → "keto slim") — whose page 1 under the same
 * filters has offers, with that page; or null. Asked only when the search finds nothing. The
 * lexicon was asked first (`facts`: respellAsk, keys only), then at most RESPELLINGS_TRIED pages
 * are listed, each by the explorer's own plan.
 */
async function respell(
  deps: Deps,
  query: Query,
  totals: KeptValues | undefined,
  facts: FollowUpFacts,
): Promise<{ title: string; page: ListedPage } | null> {
  if (!query.title || !toWordQuery(query.title)) return null;
  let tried = 0;
  for (const { text, joined: join, parts: split } of respellings(query.title)) {
    if (join && !facts.held.has(join.word)) continue;
    if (split && !split.every((p) => facts.parts.has(p))) continue;
    const page = await listOffersAsTyped(deps, { ...query, title: text, page: 1 }, totals);
    if (page.offers.length > 0) return { title: text, page };
    if (++tried >= RESPELLINGS_TRIED) break;
  }
  return null;
}

/** The one-edit variants of a word that "Did you mean" tries first (short words only). */
const correctionsToTry = (word: string) =>
  word.length <= ONE_EDIT_LETTERS_MAX ? oneEditVariants(word) : [];

/**
 * What suggestSpelling asks the catalogue (FollowUpAsk `spelling`): the words it may correct
 * and their one-edit variants (words up to ONE_EDIT_LETTERS_MAX letters), and the typed words
 * themselves as typed (a stop word of a title, "the", has no lexeme but is a title word).
 */
function spellingAsk(title: string): Pick<FollowUpAsk, 'spelling'> {
  const words = correctableWords(title);
  const variants = words.flatMap(correctionsToTry);
  return { spelling: { words: [...new Set([...words, ...variants])], typed: words } };
}

/**
 * "Did you mean …" for a word search that found nothing: each word that is no catalogue word
 * (offer titles' words, and the lexemes of titles, categories and descriptions: `facts`, asked
 * by spellingAsk) is replaced by the catalogue word one edit away that most visible offers hold
 * (counted up to COMMONNESS_CAP; words up to ONE_EDIT_LETTERS_MAX letters), else by the title
 * word most like it (offer_title_words' trigram index); the result is offered only if it finds
 * something with the same filters.
 */
export async function suggestSpelling(
  deps: Deps,
  filters: OfferFilters,
  facts: FollowUpFacts,
): Promise<string | null> {
  if (!filters.title || !toWordQuery(filters.title)) return null;
  const known = facts.spelling;
  let changed = false;
  const corrected: string[] = [];
  for (const word of correctableWords(filters.title)) {
    const variants = correctionsToTry(word);
    const closest = known.has(word)
      ? word
      : ((await mostCommon(
          deps.db,
          variants.filter((v) => known.has(v)),
        )) ?? (await closestTitleWord(deps.db, word)));
    if (closest && closest !== word) changed = true;
    corrected.push(closest ?? word);
  }
  if (!changed) return null;
  const suggestion = corrected.join(' ');
  return (await anyVisibleOffer(deps.db, retitled(filters, suggestion))) ? suggestion : null;
}

/**
 * The word most visible offers hold, then the first in order. A word whose lexeme is among the
 * commonest of the offers' search documents (PostgreSQL's statistics, kept a minute) ranks by
 * its share of offers, above every word that is not, and is not counted: each of those holds
 * thousands of offers at 1M, far past COMMONNESS_CAP, and counting it cost 15–200 ms
 * (decision 028, Note 2026-11-29: misses that cost less). The others are counted up to
 * COMMONNESS_CAP (countOffersHolding, one statement); without statistics (before the first
 * ANALYZE) every word is. A lone word is the answer unread.
 */
async function mostCommon(db: DbOrTx, words: string[]): Promise<string | null> {
  // One word needs no ranking (most typos at 1M have one catalogue word one edit away).
  if (words.length <= 1) return words[0] ?? null;
  const common = await cachedStatistic(db, COMMON_LEXEMES_KEY, () => commonSearchLexemes(db));
  const held = await countOffersHolding(db, words, COMMONNESS_CAP, [...common.keys()]);
  const rank = (word: string): [number, number] => {
    const { lexeme, n } = held.get(word) ?? { lexeme: null, n: 0 };
    const share = lexeme === null ? undefined : common.get(lexeme);
    return share === undefined ? [0, n ?? 0] : [1, share];
  };
  let best: { word: string; rank: [number, number] } | null = null;
  for (const word of [...words].sort()) {
    const r = rank(word);
    if (!best || r[0] > best.rank[0] || (r[0] === best.rank[0] && r[1] > best.rank[1])) {
      best = { word, rank: r };
    }
  }
  return best?.word ?? null;
}

/**
 * What publisherNamed asks the catalogue (FollowUpAsk `publisher`): the PUBLISHERS_CHECKED
 * advertisers and networks named most like the search, when it may name one (no publisher
 * filter, three letters or more).
 */
function publisherAsk(filters: OfferFilters): Pick<FollowUpAsk, 'publisher'> {
  const text = filters.title?.trim() ?? '';
  if (filters.entityId || [...text].length < 3) return {};
  return { publisher: { text, limit: PUBLISHERS_CHECKED } };
}

/**
 * "Offers by …": the advertiser or network whose name holds the search's text (`facts`, asked
 * by publisherAsk) and that has offers under the other filters (the title left out), for a
 * search that found nothing.
 */
export async function publisherNamed(
  deps: Deps,
  filters: OfferFilters,
  facts: FollowUpFacts,
): Promise<{ entity_id: string; slug: string; name: string } | null> {
  if (!publisherAsk(filters).publisher) return null;
  for (const entity of facts.publishers) {
    const filtered = { ...retitled(filters, undefined), entityId: entity.id };
    if (await anyVisibleOffer(deps.db, filtered)) {
      return { entity_id: entity.id, slug: entity.slug, name: entity.name };
    }
  }
  return null;
}

/**
 * Saved-search alerts: the visible offers matching the explorer's filters created after `after`
 * up to `upTo` (the feed index's created_at range), counted up to `cap`.
 */
export async function countNewMatches(
  db: DbOrTx,
  filters: OfferFiltersOutput,
  range: { after: Date; upTo: Date },
  cap: number,
): Promise<number> {
  return countVisibleOffersCapped(
    db,
    {
      ...(await withTitlePrefix(db, offerFiltersOf(filters))),
      createdAfter: range.after,
      createdUpTo: range.upTo,
    },
    cap,
  );
}

/**
 * From this many offers the planner expects the last word's prefix alone to match, the prefix is
 * expanded: below it, PostgreSQL's prefix match reads few posting entries and costs less than the
 * read that expands it (docs/decisions/036-prefix-expansion.md).
 */
const TITLE_PREFIX_EXPAND_FROM = 1_000;

/**
 * The filters with a word search's last word expanded into the lexemes it stands for, where its
 * prefix match would read many posting entries (the planner's estimate, kept a minute); the same
 * offers match either way. The explorer keeps each prefix's lexemes with its lists (`kept`).
 */
export async function withTitlePrefix(
  db: DbOrTx,
  filters: OfferFilters,
  kept?: KeptValues,
): Promise<OfferFilters> {
  const parts = filters.title ? wordQueryParts(filters.title) : null;
  if (!filters.title || !parts?.prefix || !parts.prefixWord) return filters;
  if ((await estimateOffers(db, { title: parts.prefixWord })) < TITLE_PREFIX_EXPAND_FROM) {
    return filters;
  }
  const lexemes = await keptPrefixLexemes(db, parts.prefix, kept);
  return lexemes === null
    ? filters
    : { ...filters, titlePrefix: { title: filters.title, lexemes } };
}

/**
 * A prefix's lexemes (word-search.repository prefixLexemes), kept in the read cache under the
 * scope `lexicon`: every write that may bring a word empties it (a new offer, an edit of a title,
 * category or description: offerWriteScopes; an entity's or offers' write groups,
 * READ_CACHE_SCOPES), so a new word is found by prefix at once, as it was when each search read
 * them (decision 036, Note 2026-11-30). The long tail's searches are new, but their last words
 * are not: a prefix read once serves every search that ends with it.
 */
async function keptPrefixLexemes(
  db: DbOrTx,
  prefixQuery: string,
  kept: KeptValues | undefined,
): Promise<string[] | null> {
  const key = `lexicon:prefix:${prefixQuery}`;
  const seen = kept?.peek(key);
  if (seen !== undefined) return JSON.parse(seen) as string[] | null;
  const readSince = kept?.mark() ?? 0;
  const lexemes = await prefixLexemes(db, prefixQuery);
  kept?.keep(key, JSON.stringify(lexemes), readSince);
  return lexemes;
}

/**
 * A page of the explorer. A word search that finds nothing at all is answered, on any page, by
 * the same letters respelled (`respelled`: "keto slim" shows "ketoslim"), when that finds
 * offers; else page 1 carries a spelling `suggestion` and a `publisher` named like the search
 * (decision 028, amended 2026-11-29).
 */
export async function listOffers(
  deps: Deps,
  query: Query,
  totals?: KeptValues,
): Promise<OffersResponse> {
  const found = await listOffersAsTyped(deps, query, totals);
  if (found.offers.length > 0 || !query.title || !toWordQuery(query.title)) return found;
  // Past page 1 an empty page may only be past the end: page 1 says (the explorer's own plan).
  if (query.page > 1) {
    const first = await listOffersAsTyped(deps, { ...query, page: 1 }, totals);
    if (first.offers.length > 0) return found;
  }
  // What the respelling, the suggestion and the publisher ask of the catalogue, in one statement
  // (word-search.repository followUpFacts); the suggestion and the publisher are page 1's only.
  const filters = offerFiltersOf(query);
  const facts = await followUpFacts(deps.db, {
    ...respellAsk(query.title),
    ...(query.page === 1 ? { ...spellingAsk(query.title), ...publisherAsk(filters) } : {}),
  });
  const respelled = await respell(deps, query, totals, facts);
  if (respelled) {
    const page =
      query.page === 1
        ? respelled.page
        : await listOffersAsTyped(deps, { ...query, title: respelled.title }, totals);
    return { ...page, respelled: respelled.title };
  }
  if (query.page !== 1) return found;
  return {
    ...found,
    suggestion: await suggestSpelling(deps, filters, facts),
    publisher: await publisherNamed(deps, filters, facts),
  };
}

type ListedPage = Awaited<ReturnType<typeof listOffersAsTyped>>;

/**
 * The rows of a page by its plan. A bounded walk reads at most walkBudget offers newest (or
 * best-paid) first; when they do not hold the page, the matches are found first and counted
 * along ('few matches'), so a conjunction the planner wrongly expected in thousands of offers
 * also gets its true total (docs/decisions/037, Note 2026-11-29: a rare conjunction).
 */
async function readPage(
  db: DbOrTx,
  filters: OfferFilters,
  limit: number,
  offset: number,
  sort: Query['sort'],
  plan: PagePlan,
  countInline: boolean,
  /** The planner's estimate of the matches, if asked. */
  estimate: number | undefined,
) {
  if (plan === 'bounded walk' && sort !== 'best') {
    const budget = walkBudget(offset + limit, await estimateVisibleOffers(db), estimate);
    const walked = await listWalkedOffers(db, filters, limit, offset, budget, sort);
    if (walked.length === limit) return walked;
    plan = 'few matches';
  }
  const countUpTo = countsAlong(plan, sort, countInline) ? OFFER_COUNT_CAP + 1 : undefined;
  return listVisibleOffers(db, filters, limit, offset, countUpTo, sort, plan);
}

async function listOffersAsTyped(deps: Deps, query: Query, totals?: KeptValues) {
  const filters = await withTitlePrefix(deps.db, offerFiltersOf(query), totals);
  const offset = (query.page - 1) * query.limit;
  const keptTotal = totals?.peek(totalKey(filters));
  const readSince = totals?.mark() ?? 0;
  const kept = keptTotal === undefined ? undefined : Number(keptTotal);
  // The count rides in the page's statement (one round trip) unless a kept planner estimate
  // already says "1,000+"; on the last page it goes unused (it stops at the cap anyway). A word
  // search asks the planner first (kept a minute): when it expects few matches, they are found
  // once for the page and its count (one GIN lookup instead of two: sharedMatchesQuery; both
  // would read every match through the index anyway).
  // Other filters than one category and one GEO, newest first (whose count is a kept number,
  // decision 044; with a payout bound, a capped count of their range of one index, decision 042),
  // ask the planner too: a count of GEOs, a category and a payout floor reads every match up to
  // the cap through two bitmaps, 85–340 ms at 1M offers, where the planner's answer costs about a
  // millisecond and says "1,000+" for most (a filter asked once and never again: the long tail,
  // docs/decisions/006-capped-totals.md, Note 2026-11-29).
  // A total kept from another page of these filters needs neither the planner nor a count.
  // A word search past page 1 asks it too (kept a minute: page 1 asked it), to find few matches
  // first (plan.ts FEW_MATCHES_PAST_PAGE_ONE).
  const words = filters.title !== undefined && toWordQuery(filters.title) !== null;
  const known =
    words && (kept === undefined || (offset > 0 && query.sort !== 'best'))
      ? await estimateOffers(deps.db, filters)
      : kept !== undefined
        ? undefined
        : !(unfiltered(filters) || (query.sort === 'newest' && listsGeo(filters)))
          ? await estimateOffers(deps.db, filters)
          : knownEstimate(deps.db, estimateKey(filters));
  const countInline =
    kept === undefined && (known === undefined || known < OFFER_ESTIMATE_TRUSTED_FROM);
  // One category and one GEO (and a payout bound), newest first: their range of
  // offer_geo_listings (decision 042).
  // One category (and GEOs), newest first: a statement planned once per connection, where
  // PostgreSQL would plan the same walk with the values (decision 040).
  const plan = choosePagePlan({
    sort: query.sort,
    filters,
    categoryWalk:
      query.sort === 'newest' && !listsGeo(filters) && (await categoryWalk(deps.db, filters)),
    words,
    countInline,
    offset,
    estimate: known,
  });
  // One row more than the page says whether another page follows, without counting.
  const rows = await readPage(
    deps.db,
    filters,
    query.limit + 1,
    offset,
    query.sort,
    plan,
    countInline,
    known,
  );
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  const lastPage = !more && (page.length > 0 || query.page === 1);
  const { total, capped } = await offerTotal(deps, filters, {
    offset,
    shown: page.length,
    lastPage,
    inline: kept ?? rows[0]?.matches,
    kept: kept !== undefined,
  });
  // What was counted or judged "1,000+" serves the other pages. Not a last page's total: 'Best
  // match' stops inside its window, so its last page does not end the matches.
  if (kept === undefined && !lastPage) {
    totals?.keep(totalKey(filters), String(capped ? OFFER_COUNT_CAP + 1 : total), readSince);
  }
  return {
    offers: page.map((r) => toExplorerOffer(r)),
    pagination: {
      ...paginate(query.page, query.limit, total),
      // 'Best match' ranks a bounded window of matches (explorer.repository visibleOffersQuery).
      hasNextPage: more && query.page < OFFER_LIMITS.pageNumberMax,
      totalIsCapped: capped,
    },
    suggestion: null,
  };
}

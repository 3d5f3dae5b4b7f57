import { describe, expect, it } from 'vitest';
import type { OfferSort } from '@trustlinks/contract/offers';
import type { OfferFilters } from './filters.sql';
import {
  choosePagePlan,
  choosePageStatement,
  countsAlong,
  EXPLORER_PAGE,
  FEW_MATCHES_PAST_PAGE_ONE,
  type PagePlan,
  WALK_SLACK,
  walkBudget,
} from './plan';

// The explorer's choice of plan and statement is a pure function of the request: these cases
// are the branches listOffers and listVisibleOffers take (decisions 037, 040, 042).

const oneCategory: OfferFilters = { category: ['Nutra'] };
const categoryAndGeo: OfferFilters = { category: ['Nutra'], geo: ['US'] };
const underPayout: OfferFilters = { ...categoryAndGeo, payoutMin: 50, payoutMax: 120 };
const words: OfferFilters = { title: 'keto diet' };

describe('choosePagePlan', () => {
  const plan = (
    filters: OfferFilters,
    over: Partial<{
      sort: OfferSort;
      categoryWalk: boolean;
      words: boolean;
      countInline: boolean;
      offset: number;
      estimate: number;
    }>,
  ) =>
    choosePagePlan({
      sort: 'newest',
      filters,
      categoryWalk: false,
      words: false,
      countInline: true,
      ...over,
    });

  it('reads one category and one GEO, newest first, from the GEO listings', () => {
    expect(plan(categoryAndGeo, { categoryWalk: true })).toBe('geo listings');
    expect(plan(categoryAndGeo, { sort: 'payout' })).toBe('values');
  });

  it('reads them with a payout floor, a ceiling or both from the GEO listings too', () => {
    expect(plan({ ...categoryAndGeo, payoutMin: 50 }, {})).toBe('geo listings');
    expect(plan({ ...categoryAndGeo, payoutMax: 120 }, {})).toBe('geo listings');
    expect(plan(underPayout, {})).toBe('geo listings');
    expect(plan(underPayout, { sort: 'payout' })).toBe('values');
    // A bound on anything the listings do not copy, or a second GEO, keeps the offers.
    expect(plan({ ...underPayout, payoutType: ['CPA'] }, {})).toBe('values');
    expect(plan({ ...underPayout, geo: ['US', 'CA'] }, {})).toBe('values');
    expect(plan({ category: ['Nutra'], payoutMin: 50 }, {})).toBe('values');
  });

  it('walks the category where PostgreSQL would, newest first', () => {
    expect(plan(oneCategory, { categoryWalk: true })).toBe('category walk');
    expect(plan(oneCategory, { categoryWalk: false })).toBe('values');
    expect(plan(oneCategory, { sort: 'best', categoryWalk: true })).toBe('values');
  });

  it('finds a word search’s few matches once, when its count rides along', () => {
    expect(plan(words, { words: true })).toBe('few matches');
    expect(plan(words, { words: true, sort: 'best' })).toBe('few matches');
    expect(plan(words, { words: true, countInline: false })).toBe('bounded walk');
    expect(plan({ title: 'a' }, { words: false })).toBe('values');
  });

  it('finds them first past page 1 below the threshold, with no count needed (037, Note 2026-11-29)', () => {
    const past = { words: true, countInline: false, offset: 20 };
    expect(plan(words, { ...past, estimate: FEW_MATCHES_PAST_PAGE_ONE - 1 })).toBe('few matches');
    expect(plan(words, { ...past, offset: 80, estimate: 3_000 })).toBe('few matches');
    expect(plan({ ...words, geo: ['US'] }, { ...past, estimate: 3_000 })).toBe('few matches');
    // At or above the threshold, on page 1 without a count, or unasked: a bounded walk; by
    // 'Best match' (its own window), or beside another filter: planned with the values.
    expect(plan(words, { ...past, estimate: FEW_MATCHES_PAST_PAGE_ONE })).toBe('bounded walk');
    expect(plan(words, { ...past, offset: 0, estimate: 3_000 })).toBe('bounded walk');
    expect(plan(words, past)).toBe('bounded walk');
    expect(plan(words, { ...past, sort: 'best', estimate: 3_000 })).toBe('values');
    expect(plan({ ...words, geo: ['US'] }, { ...past, estimate: 9_000 })).toBe('values');
    expect(plan(oneCategory, { ...past, words: false, estimate: 3_000 })).toBe('values');
  });

  it('walks a word search alone, newest or best-paid first, as far as its budget (037, Note 2026-11-29: a rare conjunction)', () => {
    const uncounted = { words: true, countInline: false, estimate: 9_000 };
    expect(plan(words, uncounted)).toBe('bounded walk');
    expect(plan(words, { ...uncounted, sort: 'payout' })).toBe('bounded walk');
    expect(plan(words, { ...uncounted, sort: 'best' })).toBe('values');
    expect(plan({ ...words, category: ['Nutra'] }, uncounted)).toBe('values');
    expect(plan({ ...words, payoutMin: 10 }, uncounted)).toBe('values');
  });

  it('carries the count where the total needs it and wherever the matches are found first', () => {
    expect(countsAlong('few matches', 'newest', false)).toBe(true);
    expect(countsAlong('few matches', 'payout', false)).toBe(true);
    expect(countsAlong('few matches', 'best', false)).toBe(false);
    expect(countsAlong('few matches', 'best', true)).toBe(true);
    expect(countsAlong('values', 'newest', false)).toBe(false);
    expect(countsAlong('values', 'newest', true)).toBe(true);
  });
});

describe('walkBudget', () => {
  it('walks twice what the planner expects, and at least to the break-even of walking and finding first', () => {
    // At 1M offers (585,045 visible by the planner), page 1.
    expect(walkBudget(21, 585_045, 3_049)).toBe(Math.ceil((WALK_SLACK * 21 * 585_045) / 3_049));
    expect(walkBudget(21, 585_045, 3_049)).toBe(8_059);
    // Many expected, or no estimate: the break-even √(page end × visible), pages 1, 2 and 5.
    expect(walkBudget(21, 585_045, 100_000)).toBe(3_506);
    expect(walkBudget(21, 585_045)).toBe(3_506);
    expect(walkBudget(41, 585_045, 0)).toBe(4_898);
    expect(walkBudget(101, 585_045)).toBe(7_687);
    // Never shorter than the page; nothing visible (no statistics yet): the page.
    expect(walkBudget(21, 4)).toBe(21);
    expect(walkBudget(21, 0, 0)).toBe(21);
  });
});

describe('choosePageStatement', () => {
  const first = { limit: EXPLORER_PAGE.limit, offset: 0 };
  const statement = (
    filters: OfferFilters,
    asked: PagePlan,
    over: Partial<{ sort: OfferSort; countUpTo: number; limit: number; offset: number }> = {},
  ) =>
    choosePageStatement({
      filters,
      asked,
      sort: 'newest',
      countUpTo: 1001,
      ...first,
      ...over,
    });

  it('reads the unfiltered feed without a count from its own statement', () => {
    expect(statement({}, 'values', { countUpTo: undefined })).toEqual({ statement: 'feed' });
    expect(statement({ geo: [] }, 'values', { countUpTo: undefined, sort: 'best' })).toEqual({
      statement: 'feed',
    });
    expect(statement({}, 'values', { countUpTo: undefined, sort: 'payout' })).toMatchObject({
      statement: 'kept',
      plan: 'values',
      mode: 'placeholders',
    });
  });

  it('names the GEO listings and the category walk on the first pages only', () => {
    expect(statement(categoryAndGeo, 'geo listings')).toEqual({
      statement: 'kept',
      plan: 'geo listings',
      kind: 'page:newest:true:geo',
      mode: 'generic',
      label: 'geo',
    });
    // With a payout bound: the same kind, another shape of values (keptStatement's key).
    expect(statement(underPayout, 'geo listings')).toEqual({
      statement: 'kept',
      plan: 'geo listings',
      kind: 'page:newest:true:geo',
      mode: 'generic',
      label: 'geo',
    });
    expect(statement(underPayout, 'geo listings', { offset: 7 })).toMatchObject({
      plan: 'geo listings',
      mode: 'placeholders',
    });
    expect(statement(oneCategory, 'category walk')).toEqual({
      statement: 'kept',
      plan: 'category walk',
      kind: 'page:newest:true:',
      mode: 'generic',
      label: undefined,
    });
    expect(statement(oneCategory, 'category walk', { offset: 7 })).toMatchObject({
      plan: 'category walk',
      mode: 'placeholders',
    });
  });

  it('plans with the values what the asked plan does not serve', () => {
    // A bounded walk's page, asked whole (listWalkedOffers reads its bounded part).
    expect(statement(words, 'bounded walk', { countUpTo: undefined })).toMatchObject({
      plan: 'values',
      kind: 'page:newest:false:',
      mode: 'placeholders',
    });
    expect(statement(oneCategory, 'geo listings')).toMatchObject({
      plan: 'values',
      kind: 'page:newest:true:',
      mode: 'placeholders',
    });
    expect(statement(categoryAndGeo, 'geo listings', { sort: 'payout' })).toMatchObject({
      plan: 'values',
    });
    expect(statement({ ...oneCategory, title: 'keto' }, 'category walk')).toMatchObject({
      plan: 'values',
    });
  });

  it('keeps a generic plan for a word search alone, not beside another filter', () => {
    expect(statement(words, 'few matches')).toEqual({
      statement: 'kept',
      plan: 'few matches',
      kind: 'page:newest:true:few',
      mode: 'unplanned',
      label: undefined,
    });
    expect(statement({ ...words, geo: ['US'] }, 'few matches')).toMatchObject({
      mode: 'placeholders',
    });
    expect(statement(words, 'few matches', { sort: 'best' })).toMatchObject({
      kind: 'page:best:true:few',
      mode: 'placeholders',
    });
    expect(statement(words, 'few matches', { countUpTo: undefined })).toMatchObject({
      kind: 'page:newest:false:few',
      mode: 'placeholders',
    });
  });
});

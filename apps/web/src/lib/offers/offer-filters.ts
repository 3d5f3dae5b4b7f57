import { OFFER_CATEGORY_CHIPS, OFFER_SORTS, PAYOUT_TYPES } from '@trustlinks/contract/constants';
import type { OfferSort } from '@trustlinks/contract/offers';
import { isEntityKey } from '@trustlinks/contract/paths';
import { formatCount } from '../format-number';

/**
 * The explorer's filters (docs/product/offers.md#explorer, docs/product/api.md#offers) and their two spellings: the page's URL query string
 * (so a filtered view can be shared and survives a reload) and the API query of
 * GET /offers/fetch_all. Both use the API's names: `title`, `geo` and `category`, the lists
 * repeated (`?geo=US&geo=CA`). Empty values are left out.
 */
export interface OfferFilters {
  /** Title substring, trimmed; '' for none. */
  title: string;
  /** Two-letter country codes, upper case, no duplicates. */
  geo: string[];
  /** Categories among the chips of docs/product/constants.md (without 'All'), no duplicates. */
  category: string[];
  // The explorer's comparison filters (docs/decisions/028); absent means none.
  /** Payout models among PAYOUT_TYPES, no duplicates. */
  payoutType?: string[] | undefined;
  /**
   * One advertiser or network: its slug, as the address carries it (docs/decisions/052); an id
   * from a link made before slugs is read too, and the picker puts the slug in its place.
   */
  entity?: string | undefined;
  /** A money payout range, as typed digits ('' or absent for no bound). */
  payoutMin?: string | undefined;
  payoutMax?: string | undefined;
  /** The sort the user picked; absent: effectiveSort's choice. */
  sort?: OfferSort | undefined;
}

/**
 * The sort a list is shown in: the one the user picked, else 'Best match' as soon as there is a
 * title search, else 'Newest' (docs/decisions/028, Note 2026-11-29).
 */
export function effectiveSort(filters: Pick<OfferFilters, 'sort' | 'title'>): OfferSort {
  return filters.sort ?? (normalizeTitle(filters.title) ? 'best' : 'newest');
}

export const EMPTY_FILTERS: OfferFilters = { title: '', geo: [], category: [] };

/** The category chips without 'All', which means "no category filter". */
const CATEGORIES = OFFER_CATEGORY_CHIPS.filter((chip) => chip !== 'All');

const GEO_CODE = /^[A-Z]{2}$/;
/** Same bound as the API (OFFER_LIMITS.titleSearchMax); longer input would be refused. */
export const TITLE_MAX = 100;
const GEOS_MAX = 60;

export interface ParsedGeos {
  codes: string[];
  /** Tokens that are not two-letter codes (shown as a hint, never sent: the API refuses them). */
  ignored: string[];
}

/** 'us, ca  DE,,gb' → US, CA, DE, GB. Commas, spaces and semicolons separate. */
export function parseGeoInput(input: string): ParsedGeos {
  const codes: string[] = [];
  const ignored: string[] = [];
  for (const token of input.split(/[\s,;]+/)) {
    if (!token) continue;
    const code = token.toUpperCase();
    if (!GEO_CODE.test(code)) ignored.push(token);
    else if (!codes.includes(code) && codes.length < GEOS_MAX) codes.push(code);
  }
  return { codes, ignored };
}

export function formatGeoInput(codes: readonly string[]): string {
  return codes.join(', ');
}

/** The chip spelling of a category, or null when it is not one of the chips. */
function canonicalCategory(value: string): string | null {
  const lower = value.trim().toLowerCase();
  return CATEGORIES.find((c) => c.toLowerCase() === lower) ?? null;
}

export function normalizeTitle(value: string): string {
  return value.trim().slice(0, TITLE_MAX);
}

/** Filters from the page URL; anything unusable (bad GEO, unknown category) is dropped. */
export function filtersFromSearchParams(params: URLSearchParams): OfferFilters {
  const geo = parseGeoInput(params.getAll('geo').join(',')).codes;
  const category: string[] = [];
  for (const raw of params.getAll('category')) {
    const chip = canonicalCategory(raw);
    if (chip && !category.includes(chip)) category.push(chip);
  }
  const filters: OfferFilters = { title: normalizeTitle(params.get('title') ?? ''), geo, category };
  const payoutType = [...new Set(params.getAll('payout_type'))].filter((t) =>
    (PAYOUT_TYPES as readonly string[]).includes(t),
  );
  if (payoutType.length) filters.payoutType = payoutType;
  const entity = (params.get('entity') ?? '').trim().toLowerCase();
  if (isEntityKey(entity)) filters.entity = entity;
  const payoutMin = normalizePayout(params.get('payout_min') ?? '');
  if (payoutMin) filters.payoutMin = payoutMin;
  const payoutMax = normalizePayout(params.get('payout_max') ?? '');
  if (payoutMax) filters.payoutMax = payoutMax;
  const sort = params.get('sort') ?? '';
  if ((OFFER_SORTS as readonly string[]).includes(sort)) filters.sort = sort as OfferSort;
  return filters;
}

const PAYOUT = /^\d{1,7}(\.\d{1,2})?$/;

/** A payout bound as the API takes it: digits with up to two decimals, else none (''). */
export function normalizePayout(value: string): string {
  const trimmed = value.trim();
  return PAYOUT.test(trimmed) ? String(Number(trimmed)) : '';
}

/** The API's messages for the payout boxes (a 400's `details`: an inverted range). */
export interface PayoutRangeErrors {
  payoutMin?: string | undefined;
  payoutMax?: string | undefined;
}

/** Whether a payout box means a bound or none as typed (not "12." half-way to "12.5"). */
export function isPayoutTyped(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || PAYOUT.test(trimmed);
}

/** The URL query string of the filters: empty values left out, lists repeated. */
export function filtersToSearchParams(filters: OfferFilters): URLSearchParams {
  const params = new URLSearchParams();
  const title = normalizeTitle(filters.title);
  if (title) params.set('title', title);
  for (const code of filters.geo) if (code) params.append('geo', code);
  for (const category of filters.category) if (category) params.append('category', category);
  for (const type of filters.payoutType ?? []) params.append('payout_type', type);
  if (filters.entity) params.set('entity', filters.entity);
  if (filters.payoutMin) params.set('payout_min', filters.payoutMin);
  if (filters.payoutMax) params.set('payout_max', filters.payoutMax);
  // A sort the user picked stays, 'newest' too: without it a search is shown by Best match.
  if (filters.sort) params.set('sort', filters.sort);
  return params;
}

/** The URL's filter names, so other parameters of a page stay as they are. */
export const FILTER_KEYS = [
  'title',
  'geo',
  'category',
  'payout_type',
  'entity',
  'payout_min',
  'payout_max',
  'sort',
];

/**
 * How many filters are set: the title search, each GEO, category and payout model, the advertiser
 * or network, each payout bound (the sort is an order, not a filter). The phone's 'Filters'
 * button shows it (docs/decisions/053).
 */
export function countFilters(filters: OfferFilters): number {
  return (
    (filters.title ? 1 : 0) +
    filters.geo.length +
    filters.category.length +
    (filters.payoutType?.length ?? 0) +
    (filters.entity ? 1 : 0) +
    (filters.payoutMin ? 1 : 0) +
    (filters.payoutMax ? 1 : 0)
  );
}

export function hasFilters(filters: OfferFilters): boolean {
  return countFilters(filters) > 0;
}

/** Toggles a category chip; 'All' clears the category filter. */
export function toggleCategory(selected: readonly string[], chip: string): string[] {
  if (chip === 'All') return [];
  return selected.includes(chip) ? selected.filter((c) => c !== chip) : [...selected, chip];
}

/** '1,234', or '1,000+' when the server capped its count (pagination.totalIsCapped). */
export function formatTotal(total: number, capped: boolean): string {
  return `${formatCount(total)}${capped ? '+' : ''}`;
}

import { CATEGORY_QUERY_KEYS, type CategoryQuery } from '@trustlinks/contract/categories';
import { COMPARE_PARAM } from '@trustlinks/contract/category-paths';
import { PAYOUT_TYPES } from '@trustlinks/contract/constants';
import type { CategoryFilters } from './api/categories';

/** Every query parameter a category page reads (the server renders it under these alone). */
export const CATEGORY_PAGE_PARAMS = [...CATEGORY_QUERY_KEYS, COMPARE_PARAM] as const;

const whole = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
};

/** The filters of a category page's address; a value the API would refuse is left out. */
export function readCategoryFilters(search: URLSearchParams): CategoryFilters {
  const geo = (search.get('geo') ?? '').trim().toUpperCase();
  const payout = search.get('payout') ?? '';
  return {
    geo: /^[A-Z]{2}$/.test(geo) ? geo : undefined,
    payout: (PAYOUT_TYPES as readonly string[]).includes(payout)
      ? (payout as CategoryQuery['payout'])
      : undefined,
    min_reviews: whole(search.get('min_reviews'), 0, 10_000),
    page: Math.max(1, whole(search.get('page'), 1, 50)),
  };
}

/** The slugs of `?c=` (the compare page's and a category page's selection), at most three. */
export function readCompareSlugs(search: URLSearchParams): string[] {
  const c = search.get(COMPARE_PARAM);
  if (!c) return [];
  return [
    ...new Set(
      c
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryQuery } from '@trustlinks/contract/categories';
import type { EntityType } from '@trustlinks/contract/constants';
import * as categories from '@trustlinks/contract/routes/categories';
import { call } from '../../../lib/api-client';

/** A category page's filters, as its address gives them (CATEGORY_QUERY_KEYS). */
export type CategoryFilters = Pick<CategoryQuery, 'geo' | 'payout' | 'min_reviews' | 'page'>;

export function categoryQueryOptions(type: EntityType, vertical: string, f: CategoryFilters) {
  return queryOptions({
    queryKey: ['categories', type, vertical, f.geo ?? '', f.payout ?? '', f.min_reviews, f.page],
    queryFn: ({ signal }) =>
      call(
        categories.list,
        {
          params: { type, vertical },
          query: {
            ...(f.geo ? { geo: f.geo } : {}),
            ...(f.payout ? { payout: f.payout } : {}),
            ...(f.min_reviews ? { min_reviews: String(f.min_reviews) } : {}),
            ...(f.page > 1 ? { page: String(f.page) } : {}),
          },
        },
        { signal },
      ),
  });
}

export function useCategory(type: EntityType, vertical: string, filters: CategoryFilters) {
  return useQuery({
    ...categoryQueryOptions(type, vertical, filters),
    placeholderData: keepPreviousData,
  });
}

/** `c` as the address gives it (undefined: the top networks). */
export function compareQueryOptions(c: string | undefined) {
  return queryOptions({
    queryKey: ['compare', c ?? ''],
    queryFn: ({ signal }) =>
      call(categories.compare, c === undefined ? {} : { query: { c } }, { signal }),
  });
}

export function useCompare(c: string | undefined) {
  return useQuery(compareQueryOptions(c));
}

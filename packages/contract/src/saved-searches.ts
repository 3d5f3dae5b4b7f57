import { z } from 'zod';
import { SAVED_SEARCH_LIMITS } from './constants';
import { requiredText } from './fields';
import { offerFiltersRefined, type OfferFiltersOutput } from './offers';

/** Saved searches with a daily alert (docs/decisions/028-offer-word-search.md). */
export { SAVED_SEARCH_LIMITS };

export const SAVED_SEARCH_MESSAGES = {
  saved: 'Search saved. You will hear about new offers that match it once a day.',
  renamed: 'Saved search renamed.',
  deleted: 'Saved search deleted.',
  notFound: 'Saved search not found',
  tooMany: `You can keep at most ${SAVED_SEARCH_LIMITS.perUser} saved searches; delete one first.`,
  digestSubject: 'New offers for your saved searches',
} as const;

/** The explorer's filters and sort as they were parsed when saved. */
export type SavedSearchFilters = OfferFiltersOutput;

export const savedSearchCreateSchema = z.object({
  name: requiredText(SAVED_SEARCH_LIMITS.nameMax, 'Name'),
  filters: offerFiltersRefined,
});
export type SavedSearchCreateInput = z.input<typeof savedSearchCreateSchema>;

export const savedSearchRenameSchema = z.object({
  name: requiredText(SAVED_SEARCH_LIMITS.nameMax, 'Name'),
});

export const savedSearchSchema = z.object({
  saved_search_id: z.string(),
  name: z.string(),
  /** The explorer's query string for these filters (without the leading "?"). */
  query: z.string(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchesResponseSchema = z.object({ saved_searches: z.array(savedSearchSchema) });
export type SavedSearchesResponse = z.infer<typeof savedSearchesResponseSchema>;
export const savedSearchWithMessageSchema = z.object({
  message: z.string(),
  saved_search: savedSearchSchema,
});
export type SavedSearchWithMessage = z.infer<typeof savedSearchWithMessageSchema>;

/**
 * The explorer's query string of a set of filters: one source for the web app's URL and the
 * alert's link, so a saved search opens exactly the list it matches.
 */
export function offerFiltersQueryString(filters: Partial<OfferFiltersOutput>): string {
  const pairs: [string, string | number | undefined][] = [
    ['title', filters.title || undefined],
    ...(filters.geo ?? []).map((g): [string, string] => ['geo', g]),
    ...(filters.category ?? []).map((c): [string, string] => ['category', c]),
    ...(filters.payout_type ?? []).map((t): [string, string] => ['payout_type', t]),
    ['entity', filters.entity],
    ['payout_min', filters.payout_min],
    ['payout_max', filters.payout_max],
    ['sort', filters.sort === 'newest' ? undefined : filters.sort],
  ];
  return pairs
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
}

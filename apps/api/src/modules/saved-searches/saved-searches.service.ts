import type { z } from 'zod';
import {
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_MESSAGES,
  offerFiltersQueryString,
  type SavedSearch,
  type savedSearchCreateSchema,
} from '@trustlinks/contract/saved-searches';
import type { AuthUser } from '../../auth/sessions.service';
import type { SavedSearchRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import {
  countSavedSearches,
  deleteSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  renameSavedSearch,
} from './saved-searches.repository';

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    saved_search_id: row.id,
    name: row.name,
    query: offerFiltersQueryString(row.filters),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listForUser(deps: Deps, user: AuthUser) {
  const rows = await listSavedSearches(deps.db, user.id, SAVED_SEARCH_LIMITS.perUser);
  return { saved_searches: rows.map(toSavedSearch) };
}

/** The owner is the session's user; alerts count offers created from now on. */
export async function saveSearch(
  deps: Deps,
  user: AuthUser,
  input: z.output<typeof savedSearchCreateSchema>,
) {
  const row = await deps.db.transaction(async (tx) => {
    if ((await countSavedSearches(tx, user.id)) >= SAVED_SEARCH_LIMITS.perUser) {
      throw conflict(SAVED_SEARCH_MESSAGES.tooMany);
    }
    return insertSavedSearch(tx, { userId: user.id, name: input.name, filters: input.filters });
  });
  return { message: SAVED_SEARCH_MESSAGES.saved, saved_search: toSavedSearch(row) };
}

export async function rename(deps: Deps, user: AuthUser, id: string, name: string) {
  const row = isUuid(id) ? await renameSavedSearch(deps.db, user.id, id, name) : undefined;
  if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return { message: SAVED_SEARCH_MESSAGES.renamed, saved_search: toSavedSearch(row) };
}

export async function remove(deps: Deps, user: AuthUser, id: string) {
  if (!isUuid(id) || !(await deleteSavedSearch(deps.db, user.id, id))) {
    throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  }
  return { message: SAVED_SEARCH_MESSAGES.deleted };
}
